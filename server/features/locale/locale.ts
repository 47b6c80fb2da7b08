// The applicant's language: chosen on any page (the `heloc.lang` cookie the page writes, and the
// account's once signed in), one of those content/locales/locales.json offers. The definitions in
// that language are built once per definitions set and language (engine/locale/localize.ts), so a
// page, a validation message and a refusal all read the same words.
import { buildDefinitions, type Definitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { localeOf, offeredLocales, type Locale } from "@engine/locale/locales";
import { localizeFiles } from "@engine/locale/localize";
import { PAGE_WORDS } from "@engine/locale/page-words";
import type { Words } from "@engine/locale/words";
import { eq } from "drizzle-orm";
import { serialize } from "hono/utils/cookie";
import type { CookieIO } from "@server/features/auth/cookies";
import type { Session } from "@server/features/auth/sessions";
import { users } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

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

/** The cookie's attributes: a year, every path, readable by the page (it writes the same). */
export const langCookie = (code: string, secure: boolean) =>
  serialize(LANG_COOKIE, code, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "Lax", secure });

/**
 * The language of a request from a signed-in applicant, remembered on their account: a choice in
 * this browser (the cookie) is saved to the account; a browser without one (another device, a
 * cleared cookie) gets the account's, and the cookie with it. A visitor's is the cookie's.
 */
export async function rememberedLocale(
  services: Pick<Services, "db" | "defs" | "config">,
  cookies: CookieIO,
  applicant: Session | null,
): Promise<Locale> {
  const chosen = cookies.get(LANG_COOKIE);
  const offered = offeredLocales(services.defs.texts);
  const valid = offered.some((l) => l.code === chosen) ? chosen : undefined;
  if (!applicant) return localeOf(services.defs.texts, valid);
  const [row] = await services.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, applicant.userId))
    .limit(1);
  const stored = row?.locale ?? undefined;
  if (valid && valid !== stored)
    await services.db.update(users).set({ locale: valid }).where(eq(users.id, applicant.userId));
  else if (!valid && stored && offered.some((l) => l.code === stored))
    cookies.set(langCookie(stored, services.config.secureCookies));
  return localeOf(services.defs.texts, valid ?? stored);
}

/** The engine's words (mails, refusals) in the language `code` names; English for none or one not offered. */
export const mailWords = (services: Pick<Services, "defs">, code: string | undefined): Partial<Words> =>
  localizedSet(services.defs, localeOf(services.defs.texts, code)).words;

const forPages = new WeakMap<Partial<Words>, Partial<Words>>();

/** The words a page reads (engine/locale/page-words.ts), without the server's refusals and mails, which never reach a page as words. */
export function pageWords(words: Partial<Words>): Partial<Words> {
  let kept = forPages.get(words);
  if (!kept) {
    kept = Object.fromEntries(Object.entries(words).filter(([id]) => Object.hasOwn(PAGE_WORDS, id)));
    forPages.set(words, kept);
  }
  return kept;
}
