// The site's own words kept as JSON in content/ (the frame's navigation and account menu, the home
// page, the loan's status page): translated by pointer like a definition file, into content/locales/<code>/content/<file>.
// The web build keeps only the translations made from the English as it reads now
// (web/build/locale-content-plugin.ts), so a stale one shows the English there too.
import { isObject } from "../base/objects.ts";
import { escapeSegment, getAt } from "../base/pointer.ts";
import { englishHash } from "./hash.ts";
import type { TranslationFile } from "./translation-files";

/** The content JSON files an applicant reads words of (the others are figures, codes or staff text). */
export const TRANSLATED_CONTENT = [
  "content/site.json",
  "content/home.json",
  "content/loan-status.json",
  // The product's statements the public pages write as tokens ({{creditPullStatement}}): a page in
  // another language writes the statement in it (web/build/locale-pages-plugin.ts).
  "content/statements.json",
  // The lender's facts: only the words of ONLY_WORDS (engine/lending/lender-text.ts gives them to texts).
  "content/lender.json",
  // The right-to-cancel page's own words; the notice it links to is a legal text (content/disclosures/).
  "content/right-to-cancel.json",
] as const;

/**
 * Of a content file that is mostly facts, the pointers that are words. The lender profile's names,
 * numbers, addresses and contacts are facts, and a license's type and state notice are quoted as
 * the state words them (the licensing page says so in Spanish): only the support hours are words.
 */
const ONLY_WORDS: Record<string, RegExp> = { "content/lender.json": /^\/supportHours$/ };

/** Strings of a content file that are notes to its editors, not words an applicant reads. */
const EDITORS_NOTES: Record<string, readonly string[]> = { "content/statements.json": ["/description"] };

/** Keys whose values are paths, ids or file names, not words. */
const NOT_WORDS = new Set([
  "to",
  "image",
  "value",
  "start",
  "hintKey",
  "ogImage",
  "signInTo",
  "confirmEmailTo",
  "progressTo",
  "name",
  "shortName",
]);

/** Pointers of the words in a content JSON file (a key naming a path or an id is not words; nor is a path, nor a note to editors of `file`). */
export function contentStrings(json: unknown, file?: string): string[] {
  const notes = (file && EDITORS_NOTES[file]) || [];
  const only = file ? ONLY_WORDS[file] : undefined;
  const out: string[] = [];
  const walk = (node: unknown, path: string, key: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}/${i}`, key));
    if (isObject(node)) {
      for (const [k, value] of Object.entries(node)) walk(value, `${path}/${escapeSegment(k)}`, k);
      return;
    }
    if (
      typeof node === "string" &&
      !NOT_WORDS.has(key) &&
      !node.startsWith("/") &&
      node.trim() &&
      !notes.includes(path) &&
      (!only || only.test(path))
    )
      out.push(path);
  };
  walk(json, "", "");
  return out;
}

/** The English string at `pointer` of a content JSON text. */
export function contentEnglishAt(text: string | undefined, pointer: string): string | undefined {
  if (text === undefined) return undefined;
  try {
    const value = getAt(JSON.parse(text), pointer);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The translation's strings made from the English of `englishText` as it reads now, by pointer. */
export function currentContentStrings(
  englishText: string,
  translation: Pick<TranslationFile, "strings">,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [pointer, entry] of Object.entries(translation.strings)) {
    const english = contentEnglishAt(englishText, pointer);
    if (english !== undefined && entry.en === englishHash(english)) out[pointer] = entry.text;
  }
  return out;
}
