// What the sign-in page says for each error name the auth endpoints put in `error=` (spec §8 names
// the errors; the spec leaves the wording to us). Unknown names get the generic message.
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That email and password or code did not match. Check them and try again.",
  InvalidCode: "That code is not right or has expired. Request a new code and try again.",
  CodeExpired: "That code has expired. Request a new code and try again.",
  CodeLocked: "Too many wrong codes. Request a new code and try again.",
  MissingCSRF: "Your sign-in form expired. Reload the page and try again.",
  InvalidEmail: "Enter a valid email address.",
  EmailSignin: "We could not send the code. Check the email address and try again.",
  SessionRequired: "Please sign in to continue.",
  RateLimited: "Too many attempts. Wait a few minutes and try again.",
  AccessDenied: "This account cannot sign in here.",
  Verification: "That sign-in link or code is no longer valid. Request a new one.",
  OAuthCallbackError: "Sign-in did not complete. Please try again.",
  AccountNotLinkedError: "This email is already used by another sign-in method.",
  InvalidCallbackUrl: "Sign-in was asked to return to a page outside this site, so it stopped.",
  MissingAPIRoute: "Sign-in is not available right now. Please try again later.",
  MissingSecret: "Sign-in is not available right now. Please try again later.",
  MissingAuthorize: "Sign-in is not available right now. Please try again later.",
  MissingAdapter: "Sign-in is not available right now. Please try again later.",
  MissingAdapterMethods: "Sign-in is not available right now. Please try again later.",
  UnsupportedStrategy: "That way of signing in is not supported here.",
  UnknownError: "Something went wrong while signing in. Please try again.",
};

export function authErrorMessage(error: string): string {
  return MESSAGES[error] ?? MESSAGES.UnknownError!;
}
