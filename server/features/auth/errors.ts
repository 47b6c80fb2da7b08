// What each sign-in error means to a person, from rules/auth-errors.json: the one copy the server's
// answers and the web pages share (compliance and operations edit the words there). Typed from the
// JSON, so a name the server uses cannot go missing from the file without a type error. An
// applicant is answered in their language (the file is translated by pointer, like a step:
// content/locales/<code>/rules/auth-errors.json); the portal's sign-in stays English, as the portal does.
import authErrors from "@rules/auth-errors.json";
import type { Definitions } from "@engine/definitions/definitions";
import type { Locale } from "@engine/locale/locales";
import { localizedSet } from "@server/features/locale/locale";

/** The English words, by error name. */
export const AUTH_ERRORS = authErrors.params.messages;
export type AuthErrorName = keyof typeof AUTH_ERRORS;
export type Credential = "code" | "password";

/** The file's words: each error's, and the words some errors have by what was typed. */
export interface AuthErrorWords {
  messages: Readonly<Record<string, string>>;
  byCredential: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const FILE = "auth-errors.json";
const ENGLISH: AuthErrorWords = authErrors.params;

/** The words of rules/auth-errors.json in `locale` (English where a translation is missing or stale; the file as built in if the set lacks it). */
export function authErrorsIn(defs: Definitions, locale: Locale): AuthErrorWords {
  const files = localizedSet(defs, locale).defs.files;
  return (files.rules[FILE] as { params?: AuthErrorWords } | undefined)?.params ?? ENGLISH;
}

/** The words for `error` (by credential where the file words it so; UnknownError's for a name without words). */
export function authErrorText(words: AuthErrorWords, error: AuthErrorName, credential?: Credential): string {
  return (
    (credential ? words.byCredential[credential]?.[error] : undefined) ??
    words.messages[error] ??
    words.messages.UnknownError ??
    AUTH_ERRORS[error]
  );
}

/** The English words for an error about a typed code or password, where the file words it by credential. */
export const credentialError = (credential: Credential, error: AuthErrorName): string =>
  authErrorText(ENGLISH, error, credential);
