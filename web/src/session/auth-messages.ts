// What the sign-in pages say for each error name the auth endpoints put in `error=` (spec §8 names
// the errors and leaves the wording to us). The words are data, rules/auth-errors.json, the same
// copy the server answers with; a name without words gets UnknownError's.
import authErrors from "@rules/auth-errors.json";

const MESSAGES: Readonly<Record<string, string>> = authErrors.params.messages;

export function authErrorMessage(error: string | null | undefined): string {
  return (error && Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : undefined) ?? MESSAGES.UnknownError!;
}
