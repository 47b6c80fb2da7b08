// A definitions set in another language: each English string a translation names, replaced by
// the translation when the translation was made from that very English (its hash matches), and
// left in English otherwise (stale: never a wrong old sentence). The structure is untouched, so a
// localized set judges answers exactly as the English one does; only its words differ.
import type { DefinitionFiles } from "../definitions/definitions";
import { getAt, setAt } from "../base/pointer";
import { contentEnglishAt } from "./content-text";
import { isCurrent, translationsOf } from "./translation-files";
import type { Locale } from "./locales";
import { ENGINE_WORDS, type EngineWordId } from "./server-words";
import type { PageWordId, Words } from "./words";

export { translationsOf, type TranslatedString, type TranslationFile } from "./translation-files";

const FOLDERS = ["schemas", "steps", "rules"] as const;

/** Where `source` (`steps/zip.json`) is among the JSON definition files, if it is one. */
function definitionOf(source: string): { folder: (typeof FOLDERS)[number]; path: string } | null {
  const slash = source.indexOf("/");
  const folder = source.slice(0, slash) as (typeof FOLDERS)[number];
  return FOLDERS.includes(folder) ? { folder, path: source.slice(slash + 1) } : null;
}

/** The string at `pointer` of the definition file `source` (`rules/conditions.json`) among `files`, in whatever language they are. */
export function definitionStringAt(
  files: DefinitionFiles,
  source: string,
  pointer: string,
): string | undefined {
  const at = definitionOf(source);
  const value = at ? getAt(files[at.folder][at.path], pointer) : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * The English at `pointer` of `source`: a definition file's string, the engine's word, a content
 * JSON file's string (content/site.json), or a content text as a whole (pointer "").
 */
export function englishAt(
  files: DefinitionFiles,
  source: string,
  pointer: string,
  texts?: ReadonlyMap<string, string>,
): string | undefined {
  if (source === "engine") return ENGINE_WORDS[pointer.slice(1) as EngineWordId];
  if (source.startsWith("content/"))
    return pointer === ""
      ? texts?.get(source)
      : source.endsWith(".json")
        ? contentEnglishAt(texts?.get(source), pointer)
        : undefined;
  return definitionStringAt(files, source, pointer);
}

export { isCurrent };

export interface Localized {
  locale: Locale;
  files: DefinitionFiles;
  /** The engine's and the web's words in this language (English where none is current). */
  words: Partial<Words>;
}

/**
 * `files` in `locale`: a new object for each file a translation changes, the others shared. The
 * source language gives `files` back as they are.
 */
export function localizeFiles(
  files: DefinitionFiles,
  texts: ReadonlyMap<string, string> | undefined,
  locale: Locale,
  source = "en",
): Localized {
  if (locale.code === source) return { locale, files, words: {} };
  const out: DefinitionFiles = {
    schemas: { ...files.schemas },
    steps: { ...files.steps },
    rules: { ...files.rules },
  };
  const words: Partial<Record<PageWordId, string>> = {};
  for (const translation of translationsOf(texts, locale.code).values()) {
    if (translation.translates === "engine") {
      for (const [pointer, entry] of Object.entries(translation.strings))
        if (isCurrent(entry, englishAt(files, "engine", pointer)))
          words[pointer.slice(1) as PageWordId] = entry.text;
      continue;
    }
    const at = definitionOf(translation.translates);
    if (!at || !(at.path in files[at.folder])) continue;
    let doc = out[at.folder][at.path];
    for (const [pointer, entry] of Object.entries(translation.strings))
      if (isCurrent(entry, englishAt(files, translation.translates, pointer)))
        doc = setAt(doc, pointer, entry.text);
    out[at.folder][at.path] = doc;
  }
  return { locale, files: out, words };
}
