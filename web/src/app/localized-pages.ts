// The public pages (content/pages/) in the reader's language: for a reader who chose another
// language than English, the build's module of the page in it (web/build/locale-pages-plugin.ts),
// which says the language it is actually in (English where the translation is missing, stale or,
// for a legal text, not reviewed). English readers load the plain English modules.
import { pages } from "virtual:content-pages";
import type { ContentModule } from "@web/src/pages/public/content";
import { chosenLocale } from "./locale";

/** The loader of the page `name` in the chosen language, or undefined for English (or a page it does not know). */
export function localizedPageLoader(name: string): (() => Promise<ContentModule>) | undefined {
  const code = chosenLocale();
  return code === "en" ? undefined : pages[code]?.[name];
}
