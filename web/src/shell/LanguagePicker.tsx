// English or Español on every page (content/locales/locales.json says which are offered): each
// language named in itself, the current one pressed. Choosing loads the page again in it
// (web/src/app/locale.ts); the build's static frame shows it too, before any code.
import { LOCALES, chooseLocale, chosenLocale } from "@web/src/app/locale";

/** The language the build's static frame is rendered in (web/src/shell/static-shell.tsx). */
let staticCode: string | undefined;
export const setStaticLocale = (code: string | undefined) => {
  staticCode = code;
};

export function LanguagePicker() {
  const current = typeof document === "undefined" ? (staticCode ?? LOCALES[0]?.code) : chosenLocale();
  if (LOCALES.length < 2) return null;
  return (
    <div className="language-choice" role="group" aria-label="Language · Idioma">
      {LOCALES.map((locale) => (
        <button
          key={locale.code}
          type="button"
          lang={locale.code}
          aria-pressed={locale.code === current}
          className="language-choice__option"
          onClick={() => locale.code !== current && chooseLocale(locale.code)}
        >
          {locale.name}
        </button>
      ))}
    </div>
  );
}
