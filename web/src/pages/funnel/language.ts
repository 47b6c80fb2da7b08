// What the server sent a funnel page in the applicant's language (definitions.page): its words,
// <html lang>, and how numbers, money and dates read (engine/base/format.ts).
import { setDisplayLocale } from "@engine/base/format";
import { setWordsTable, type Words } from "@engine/locale/words";

export function applyLanguage(
  locale: { code: string; intl: string } | undefined,
  words: Partial<Words> | undefined,
): void {
  if (!locale) return;
  document.documentElement.lang = locale.code;
  setDisplayLocale(locale.intl);
  setWordsTable(words);
}
