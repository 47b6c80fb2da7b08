// The site's own words (content/site.json, content/home.json) in the page's language: the English
// file with each current translation in place (web/build/locale-content-plugin.ts chose them at
// build time). One language per page load, set before the app renders (locale-load.ts).
import site from "@content/site.json";

/** Lays one translated string over a document at its pointer (engine/base/pointer.ts setAt). */
export type LayOver = (doc: unknown, pointer: string, text: string) => unknown;

let table: Record<string, Record<string, string>> = {};
let lay: LayOver | undefined;
const made = new Map<string, unknown>();

/**
 * This page load's translations of the content files, by file and pointer, and what lays them
 * over the English: given by the loader of a language, so an English page (the home page: every
 * visitor's first) carries no pointer code (docs/performance.md).
 */
export function setContentTable(next: Record<string, Record<string, string>>, layOver: LayOver): void {
  table = next;
  lay = layOver;
  made.clear();
}

/** `english` (the content file `file`) in the page's language: English where a string has no current translation. */
export function localContent<T>(file: string, english: T): T {
  const strings = table[file];
  if (!strings || !lay) return english;
  let doc = made.get(file) as T | undefined;
  if (doc === undefined) {
    doc = english;
    for (const [pointer, text] of Object.entries(strings)) doc = lay(doc, pointer, text) as T;
    made.set(file, doc);
  }
  return doc;
}

/** content/site.json in the page's language. */
export const siteText = () => localContent("content/site.json", site);
