// Vite plugin: the site's own words in each offered language other than English, one module per
// language, loaded only by a page whose reader chose it (web/src/app/locale-load.ts), so an English
// page carries none of them. `virtual:content-locales` maps each language to its module;
// `virtual:content-locale/<code>` holds its translations of the content files (content/site.json, …),
// of the sign-in messages (rules/auth-errors.json) and of the engine's words, keeping only those made
// from the English as it reads now (a stale one shows the English, as on the server:
// engine/locale/localize.ts).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { REPO_ROOT } from "../../engine/base/paths.ts";
import { currentContentStrings, TRANSLATED_CONTENT } from "../../engine/locale/content-text.ts";
import { englishHash } from "../../engine/locale/hash.ts";
import type { TranslationFile } from "../../engine/locale/localize";
import { LOCALES_FILE, SOURCE_LOCALE, translationFileOf, type Locale } from "../../engine/locale/locales.ts";
import { PAGE_WORDS } from "../../engine/locale/page-words.ts";
import type { PageWordId } from "../../engine/locale/words.ts";

export const LOCALES_MODULE = "virtual:content-locales";
const LOCALE_MODULE = "virtual:content-locale/";

const read = (file: string) => readFileSync(join(REPO_ROOT, file), "utf8");
const readTranslation = (file: string): TranslationFile | null =>
  existsSync(join(REPO_ROOT, file)) ? (JSON.parse(read(file)) as TranslationFile) : null;

/** The languages besides the source, as content/locales/locales.json lists them. */
export const otherLocales = (): Locale[] =>
  (JSON.parse(read(LOCALES_FILE)) as { locales: Locale[] }).locales.filter(
    (l) => l.code !== SOURCE_LOCALE.code,
  );

/**
 * The rule files a page reads words of itself, not through the definitions it is sent: the sign-in
 * messages (web/src/session/auth-messages.ts), which the sign-in pages show before any definitions load.
 */
const PAGE_RULES = ["rules/auth-errors.json"] as const;

/** A language's current strings: content files (and PAGE_RULES) by pointer, and the engine's words by id. */
export function localeContent(code: string): {
  content: Record<string, Record<string, string>>;
  words: Record<string, string>;
} {
  const content: Record<string, Record<string, string>> = {};
  for (const source of [...TRANSLATED_CONTENT, ...PAGE_RULES]) {
    const translation = readTranslation(translationFileOf(code, source));
    if (translation) content[source] = currentContentStrings(read(source), translation);
  }
  const words: Record<string, string> = {};
  const engine = readTranslation(translationFileOf(code, "engine"));
  for (const [pointer, entry] of Object.entries(engine?.strings ?? {})) {
    const english = PAGE_WORDS[pointer.slice(1) as PageWordId] as string | undefined;
    if (english !== undefined && entry.en === englishHash(english)) words[pointer.slice(1)] = entry.text;
  }
  return { content, words };
}

export function localeContentModules(): Plugin {
  return {
    name: "heloc-locale-content",
    resolveId(id) {
      return id === LOCALES_MODULE || id.startsWith(LOCALE_MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${LOCALES_MODULE}`) {
        this.addWatchFile(join(REPO_ROOT, LOCALES_FILE));
        const entries = otherLocales().map(
          (l) => `${JSON.stringify(l.code)}: () => import(${JSON.stringify(LOCALE_MODULE + l.code)})`,
        );
        return `export const loaders = {${entries.join(", ")}};\n`;
      }
      if (!id.startsWith(`\0${LOCALE_MODULE}`)) return null;
      const code = id.slice(LOCALE_MODULE.length + 1);
      if (!otherLocales().some((l) => l.code === code)) throw new Error(`${code} is not an offered language`);
      for (const source of [...TRANSLATED_CONTENT, ...PAGE_RULES, "engine"]) {
        const file = join(REPO_ROOT, translationFileOf(code, source));
        if (existsSync(file)) this.addWatchFile(file);
      }
      for (const source of [...TRANSLATED_CONTENT, ...PAGE_RULES]) this.addWatchFile(join(REPO_ROOT, source));
      return `export default ${JSON.stringify(localeContent(code))};\n`;
    },
  };
}
