// The applicant's language: chosen on any page (the `heloc.lang` cookie the page writes, and the
// account's once signed in), one of those content/locales/locales.json offers. The definitions in
// that language are built once per definitions set and language (engine/locale/localize.ts), so a
// page, a validation message and a refusal all read the same words.
import { buildDefinitions, type Definitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { localeOf, type Locale } from "@engine/locale/locales";
import { localizeFiles } from "@engine/locale/localize";
import type { Words } from "@engine/locale/words";
import type { CookieIO } from "@server/features/auth/cookies";

/** The cookie the language choice writes (not httpOnly: the page sets it without a round trip). */
export const LANG_COOKIE = "heloc.lang";

/** The request's language: the cookie's when offered, else English. */
export const requestLocale = (defs: Definitions, cookies: Pick<CookieIO, "get">): Locale =>
  localeOf(defs.texts, cookies.get(LANG_COOKIE));

export interface LocalizedSet {
  locale: Locale;
  defs: Definitions;
  words: Partial<Words>;
}

const built = new WeakMap<Definitions, Map<string, LocalizedSet>>();

/** `defs` in `locale` (the set itself for English), built on first use and kept with the set. */
export function localizedSet(defs: Definitions, locale: Locale): LocalizedSet {
  let byCode = built.get(defs);
  if (!byCode) built.set(defs, (byCode = new Map()));
  let set = byCode.get(locale.code);
  if (!set) {
    const localized = localizeFiles(defs.files, defs.texts, locale);
    const other =
      localized.files === defs.files
        ? defs
        : {
            ...buildDefinitions(localized.files, { trusted: true, compiler: createAjv }).defs,
            texts: defs.texts,
            ...(defs.version !== undefined ? { version: defs.version } : {}),
          };
    if (other !== defs) other.words = localized.words;
    set = { locale, defs: other, words: localized.words };
    byCode.set(locale.code, set);
  }
  return set;
}
