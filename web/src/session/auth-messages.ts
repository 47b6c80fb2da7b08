// What the sign-in pages say for each error name the auth endpoints put in `error=` (spec §8 names
// the errors and leaves the wording to us). The words are data, rules/auth-errors.json, the same
// copy the server answers with; a name without words gets UnknownError's. An applicant's page reads
// them in the page's language (the chosen language's translations load with its words:
// web/build/locale-content-plugin.ts); the portal's sign-in stays English, as the portal does.
import authErrors from "@rules/auth-errors.json";
import { localContent } from "@web/src/app/content-text";
import { PORTAL_AUTH_BASE, type AuthBase } from "./auth-paths";

/** The file the page's language translates (content/locales/<code>/rules/auth-errors.json). */
export const AUTH_ERRORS_SOURCE = "rules/auth-errors.json";

/** The words for `error` on the sign-in pages of `base` (an applicant's by default). */
export function authErrorMessage(error: string | null | undefined, base?: AuthBase): string {
  const messages: Readonly<Record<string, string>> = (
    base === PORTAL_AUTH_BASE ? authErrors : localContent(AUTH_ERRORS_SOURCE, authErrors)
  ).params.messages;
  return (error && Object.hasOwn(messages, error) ? messages[error] : undefined) ?? messages.UnknownError!;
}
