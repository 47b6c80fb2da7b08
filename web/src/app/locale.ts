// The page's language. The choice is a cookie the server reads (server/features/locale): the page
// shell's <html lang>, the definitions and their words (definitions.page), the server's messages;
// changing it loads the page again, so one page load shows one language and nothing else is kept.
// Kept small: every page's shell carries it (the funnel applies the words: pages/funnel/language.ts).
// The list alone, by name: the file's description stays out of the page.
import { locales } from "@content/locales/locales.json";

export const LOCALES: readonly { code: string; name: string; intl: string }[] = locales;
const COOKIE = "heloc.lang";

/** The language chosen in this browser (the cookie), else the first offered. */
export function chosenLocale(): string {
  const match = /(?:^|;\s*)heloc\.lang=([a-z-]+)/.exec(document.cookie);
  const code = match?.[1];
  return LOCALES.some((l) => l.code === code) ? code! : (LOCALES[0]?.code ?? "en");
}

/** Chooses a language: remembered for a year in this browser (and on the account, by the server's next answer), then the page again in it. */
export function chooseLocale(code: string): void {
  if (!LOCALES.some((l) => l.code === code)) return;
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
  location.reload();
}

/** At boot, before any answer: the language the cookie names (the server wrote the same into the page shell). */
export function bootLanguage(): void {
  const code = chosenLocale();
  const locale = LOCALES.find((l) => l.code === code);
  if (locale) document.documentElement.lang = locale.code;
}
