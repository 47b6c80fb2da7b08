// The site's own words (content/site.json, content/home.json) in the page's language: the English
// file with each current translation in place (web/build/locale-content-plugin.ts chose them at
// build time). One language per page load, set before the app renders (locale-load.ts).
import site from "@content/site.json";
import { setAt } from "@engine/base/pointer";

let table: Record<string, Record<string, string>> = {};
const made = new Map<string, unknown>();

/** This page load's translations of the content files, by file and pointer. */
export function setContentTable(next: Record<string, Record<string, string>>): void {
  table = next;
  made.clear();
}

/** `english` (the content file `file`) in the page's language: English where a string has no current translation. */
export function localContent<T>(file: string, english: T): T {
  const strings = table[file];
  if (!strings) return english;
  let doc = made.get(file) as T | undefined;
  if (doc === undefined) {
    doc = english;
    for (const [pointer, text] of Object.entries(strings)) doc = setAt(doc, pointer, text) as T;
    made.set(file, doc);
  }
  return doc;
}

/** content/site.json in the page's language. */
export const siteText = () => localContent("content/site.json", site);
