// The translation files of a language (content/locales/<code>/…json, schemas/translation.schema.json)
// and whether an entry translates the English as it reads now. Kept apart from localize.ts, which
// rebuilds definition sets, so the web build's plugins can read translations without the engine.
import { isObject } from "../base/objects.ts";
import { englishHash } from "./hash.ts";
import { translationFolder } from "./locales.ts";

/** One translated string (schemas/translation.schema.json). */
export interface TranslatedString {
  en: string;
  text: string;
  reviewed?: boolean;
}
export interface TranslationFile {
  translates: string;
  strings: Record<string, TranslatedString>;
}

/** The translation files of `code`, by file name, that parse (check reports those that do not). */
export function translationsOf(
  texts: ReadonlyMap<string, string> | undefined,
  code: string,
): Map<string, TranslationFile> {
  const out = new Map<string, TranslationFile>();
  const folder = translationFolder(code);
  for (const [file, text] of texts ?? []) {
    if (!file.startsWith(folder) || !file.endsWith(".json")) continue;
    try {
      const json = JSON.parse(text) as unknown;
      if (isObject(json) && typeof json.translates === "string" && isObject(json.strings))
        out.set(file, json as unknown as TranslationFile);
    } catch {
      // check reports it
    }
  }
  return out;
}

/** Whether `entry` translates `english` as it reads now. */
export const isCurrent = (entry: TranslatedString, english: string | undefined) =>
  english !== undefined && entry.en === englishHash(english);
