// The lender profile's facts in a reader's language: the support hours (content/lender.json
// /supportHours, translated by pointer like the site's content) and the license table's headings
// and the license number after a state's notice (engine words `lender.licenses.*`), each only from a current translation. Everything else of the
// profile is a fact written once (names, numbers, addresses) or quoted as a state words it.
// Pure: the server (mails) and the build (public pages) read the same texts.
import type { LenderInLanguage, LenderProfile } from "./lender";
import { englishHash } from "../locale/hash.ts";
import { SOURCE_LOCALE, translationFileOf } from "../locale/locales.ts";
import { LENDER_WORDS, type LenderWordId } from "../locale/lender-words.ts";

const LENDER = "content/lender.json";

function parsed(text: string | undefined): { strings?: Record<string, { en: string; text: string }> } | null {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as { strings?: Record<string, { en: string; text: string }> };
  } catch {
    return null; // check reports a translation that is not JSON
  }
}

/**
 * The lender's facts as `code` writes them, from the set's texts (English: nothing to change). A
 * translation counts only when made from the hours `profile` states: a deployment's own profile
 * (LENDER_PROFILE) with other hours is shown its own, in English, until it is translated.
 */
export function lenderInLanguage(
  texts: ReadonlyMap<string, string> | undefined,
  code: string,
  profile: Pick<LenderProfile, "supportHours">,
): LenderInLanguage {
  if (code === SOURCE_LOCALE.code || !texts) return {};
  const hours = parsed(texts.get(translationFileOf(code, LENDER)))?.strings?.["/supportHours"];
  const supportHours = hours && hours.en === englishHash(profile.supportHours) ? hours.text : undefined;
  const words: Partial<Record<LenderWordId, string>> = {};
  for (const [pointer, entry] of Object.entries(
    parsed(texts.get(translationFileOf(code, "engine")))?.strings ?? {},
  )) {
    const id = pointer.slice(1) as LenderWordId;
    if (Object.hasOwn(LENDER_WORDS, id) && entry.en === englishHash(LENDER_WORDS[id])) words[id] = entry.text;
  }
  return { ...(supportHours ? { supportHours } : {}), words };
}
