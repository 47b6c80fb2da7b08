// Fills index.html's title, description and Open Graph tags from content/site.json, so the
// metadata a crawler reads and the titles the app sets come from one file.
import type { Plugin } from "vite";
import { escapeHtml } from "../../engine/base/text.ts";
import site from "../../content/site.json" with { type: "json" };

export function siteMeta(): Plugin {
  const values: Record<string, string> = {
    title: `${site.name}: ${site.tagline}`,
    name: site.name,
    description: site.description,
    ogImage: site.ogImage,
  };
  return {
    name: "heloc-site-meta",
    transformIndexHtml(html) {
      return html.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
        const value = values[key];
        if (value === undefined) throw new Error(`index.html: unknown placeholder ${whole}`);
        return escapeHtml(value);
      });
    },
  };
}
