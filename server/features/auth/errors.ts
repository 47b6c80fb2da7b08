// What each sign-in error means to a person, from rules/auth-errors.json: the one copy the server's
// answers and the web pages share (compliance and operations edit the words there). Typed from the
// JSON, so a name the server uses cannot go missing from the file without a type error.
import authErrors from "@rules/auth-errors.json";

export const AUTH_ERRORS = authErrors.params.messages;

/** The words for an error about a typed code or password, where the file words it by credential. */
export function credentialError(credential: "code" | "password", error: keyof typeof AUTH_ERRORS): string {
  return (
    (authErrors.params.byCredential[credential] as Partial<Record<string, string>>)[error] ??
    AUTH_ERRORS[error]
  );
}
