// Vite plugin: `import { attributes, html } from "./page.md"` gives the front matter and the
// rendered HTML as plain strings, computed at build time, so no Markdown parser reaches users.
import { marked } from "marked";
import type { Plugin } from "vite";
import { parseFrontMatter } from "./front-matter";

/** Opens links to other sites in a new tab, marked so, and leaves our own links alone. */
function externalLinks(html: string): string {
  return html.replace(/<a href="(https?:\/\/[^"]+)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
}

export function markdownContent(): Plugin {
  return {
    name: "heloc-markdown-content",
    enforce: "pre",
    transform(source, id) {
      if (!id.endsWith(".md")) return null;
      const { attributes, body } = parseFrontMatter(source, id);
      const html = externalLinks(marked.parse(body, { async: false, gfm: true }));
      // Two named exports, so a page that lists titles does not carry every body.
      return { code: `export const attributes = ${JSON.stringify(attributes)};\nexport const html = ${JSON.stringify(html)};\n`, map: null };
    },
  };
}
