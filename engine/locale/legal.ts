// Which language a legal text (a disclosure, a notice: content/disclosures/) is shown and signed
// in (issue 41, item 3): the reader's, only from a translation of the text as it reads now that a
// reviewer approved (`"reviewed": true`); otherwise the English, which the page introduces with a
// sentence in the reader's language saying why. Pure.
import { isCurrent, translationsOf } from "./translation-files.ts";
import { translationFileOf } from "./locales.ts";

export interface LegalText {
  /** The language the text is in: the reader's, or English. */
  language: string;
  /** The file's text in that language (front matter and tokens as in the English file). */
  source: string;
}

/** `file` (`content/disclosures/e-sign-consent.md`, English `english`) for a reader of `code`. */
export function legalTextFor(
  texts: ReadonlyMap<string, string> | undefined,
  code: string,
  file: string,
  english: string,
): LegalText {
  if (code === "en") return { language: "en", source: english };
  const translation = translationsOf(texts, code).get(translationFileOf(code, file));
  const whole = translation?.translates === file ? translation.strings[""] : undefined;
  return whole && whole.reviewed === true && isCurrent(whole, english)
    ? { language: code, source: whole.text }
    : { language: "en", source: english };
}
