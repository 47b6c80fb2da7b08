// Which languages are offered (content/locales/locales.json) and where each one's translations
// are (content/locales/<code>/<the source's path>.json). Pure: reads the set's texts.

/** A language the site offers: its code (`es`), its own name (`Español`) and the Intl tag that formats for it. */
export interface Locale {
  code: string;
  name: string;
  intl: string;
}

export const LOCALES_FILE = "content/locales/locales.json";
/** The English source every translation translates, and what is served when nothing else is. */
export const SOURCE_LOCALE: Locale = { code: "en", name: "English", intl: "en-US" };

/** The file's text last read and what it offers: every request asks (its language), and the file changes only with the set. */
let lastRead: { text: string; locales: Locale[] } | null = null;

/** The offered languages, the source first; only English when the file is absent or unreadable (check says why). */
export function offeredLocales(texts: ReadonlyMap<string, string> | undefined): Locale[] {
  const text = texts?.get(LOCALES_FILE);
  if (text === undefined) return [SOURCE_LOCALE];
  if (lastRead?.text !== text) lastRead = { text, locales: readLocales(text) };
  // A copy: a caller's list is its own, as when each call parsed the file.
  return [...lastRead.locales];
}

function readLocales(text: string): Locale[] {
  try {
    const locales = (JSON.parse(text) as { locales?: Locale[] }).locales;
    return Array.isArray(locales) && locales.length ? locales : [SOURCE_LOCALE];
  } catch {
    return [SOURCE_LOCALE];
  }
}

/** `code` when offered, else the source language: a request's choice is never trusted as a path. */
export function localeOf(texts: ReadonlyMap<string, string> | undefined, code: unknown): Locale {
  const offered = offeredLocales(texts);
  return offered.find((l) => l.code === code) ?? offered[0] ?? SOURCE_LOCALE;
}

export const translationFolder = (code: string) => `content/locales/${code}/`;

/** The translation file of `source` (`steps/zip.json`, `engine`) in `code`. */
export const translationFileOf = (code: string, source: string) =>
  `${translationFolder(code)}${source.endsWith(".json") ? source : `${source}.json`}`;

/** The file naming the sources no applicant reads (not counted missing in any language). */
export const UNTRANSLATED_FILE = "content/locales/untranslated.json";

/** The sources no applicant reads, each with where its words are shown instead; none when the file is absent or unreadable (check says why). */
export function untranslatedSources(texts: ReadonlyMap<string, string> | undefined): Map<string, string> {
  const text = texts?.get(UNTRANSLATED_FILE);
  if (text === undefined) return new Map();
  try {
    const sources = (JSON.parse(text) as { sources?: Record<string, string> }).sources;
    return new Map(
      Object.entries(sources && typeof sources === "object" ? sources : {}).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    );
  } catch {
    return new Map();
  }
}
