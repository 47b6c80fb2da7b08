// English or Español on every page (content/locales/locales.json says which are offered): each
// language named in itself, the current one pressed. Choosing loads the page again in it
// (web/src/app/locale.ts). The build's static frame shows it too, before any code: there the
// buttons submit a form to the server (server/features/locale/choose-route.ts), which sets the
// same cookie and sends the reader back to the page (its path filled in by server/transport/http/
// page-shell.ts), so a click before the code has loaded is never lost. The app's own buttons are
// plain buttons: no form of theirs sits beside the page's forms.
import { LOCALES, chooseLocale, chosenLocale } from "@web/src/app/locale";

/** The language the build's static frame is rendered in (web/src/shell/static-shell.tsx). */
let staticCode: string | undefined;
export const setStaticLocale = (code: string | undefined) => {
  staticCode = code;
};

const GROUP = { className: "language-choice", role: "group", "aria-label": "Language · Idioma" } as const;

export function LanguagePicker() {
  const inBrowser = typeof document !== "undefined";
  const current = inBrowser ? chosenLocale() : (staticCode ?? LOCALES[0]?.code);
  if (LOCALES.length < 2) return null;
  const buttons = LOCALES.map((locale) => (
    <button
      key={locale.code}
      type={inBrowser ? "button" : "submit"}
      name={inBrowser ? undefined : "lang"}
      value={inBrowser ? undefined : locale.code}
      lang={locale.code}
      aria-pressed={locale.code === current}
      className="language-choice__option"
      onClick={() => locale.code !== current && chooseLocale(locale.code)}
    >
      {locale.name}
    </button>
  ));
  if (inBrowser) return <div {...GROUP}>{buttons}</div>;
  return (
    <form {...GROUP} method="get" action="/api/language">
      <input type="hidden" name="to" value="/" />
      {buttons}
    </form>
  );
}
