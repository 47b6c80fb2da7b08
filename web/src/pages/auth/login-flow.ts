// The stages of the sign-in form, how an answer from the auth endpoints moves it on, and the
// checks of its fields and of a new portal password. Pure:
// unit-tested in node (tests/unit/web-login-flow.test.ts). The checks speak as `say` does (English by default).
import { english, type Say } from "./login-words";

export type LoginStage = "email" | "code" | "password";

export interface LoginMethods {
  /** The email provider: a 6-digit code is mailed. */
  code: boolean;
  /** The credentials provider with a password. */
  password: boolean;
}

export function methodsOf(providers: Record<string, { type?: string }> | null): LoginMethods {
  const types = new Set(Object.values(providers ?? {}).map((p) => p.type));
  return { code: types.has("email"), password: types.has("credentials") };
}

/** The stage to start in: the code form when the URL says a code was sent (?step=code). */
export function initialStage(
  search: URLSearchParams,
  methods: LoginMethods,
  preferPassword = false,
): LoginStage {
  if (search.get("step") === "code" && methods.code) return "code";
  if (preferPassword && methods.password) return "password";
  return methods.code ? "email" : "password";
}

/** What the sign-in page does once the providers answered (or failed to: null), by spec §8 "Behaviors". */
export type LoginStart =
  /** No way to sign in loaded: the error page. */
  | { kind: "errorPage"; error: "Configuration" }
  /** The URL asks for a provider this session does not offer: the plain sign-in page, keeping callbackUrl. */
  | { kind: "signInPage" }
  | { kind: "form"; stage: LoginStage };

/**
 * How the sign-in page opens. `?provider=<id>` asks for one way of signing in (NextAuth's
 * signIn(provider)): a provider of this session picks its form (email: the code, credentials: the
 * password); any other id leads to the sign-in page with every way this session offers.
 */
export function loginStart(
  providers: Record<string, { type?: string }> | null,
  search: URLSearchParams,
  preferPassword = false,
): LoginStart {
  const methods = methodsOf(providers);
  if (!methods.code && !methods.password) return { kind: "errorPage", error: "Configuration" };
  const provider = search.get("provider");
  if (provider === null) return { kind: "form", stage: initialStage(search, methods, preferPassword) };
  const type = providers && Object.hasOwn(providers, provider) ? providers[provider]?.type : undefined;
  if (type !== "email" && type !== "credentials") return { kind: "signInPage" };
  return { kind: "form", stage: initialStage(search, methods, type === "credentials") };
}

/**
 * Whether a sign-in answer asks for a second factor: a two-factor server (the portal) answers a
 * right password with its sign-in page at ?step=code instead of the page to return to.
 */
export function asksForCode(url: string | null, origin = "http://localhost"): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url, origin);
    return (
      parsed.origin === new URL(origin).origin &&
      parsed.pathname.endsWith("/login") &&
      parsed.searchParams.get("step") === "code"
    );
  } catch {
    return false;
  }
}

/** Where "send a new code" goes: the email form, or, where codes follow a password, the password form. */
export function restartStage(methods: LoginMethods): LoginStage {
  return methods.code ? "email" : "password";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string, say: Say = english): string | null {
  if (!email.trim()) return say("login.check.email");
  return EMAIL.test(email.trim()) ? null : say("login.check.emailValid");
}

/** A US mobile number as typed: its 10 digits (a leading 1 and any punctuation dropped). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

export function checkPhone(phone: string, say: Say = english): string | null {
  if (!phone.trim()) return say("login.check.phone");
  return /^[2-9]\d{9}$/.test(phoneDigits(phone)) ? null : say("login.check.phoneValid");
}

export function checkCode(code: string, say: Say = english): string | null {
  if (!code.trim()) return say("login.check.code");
  return /^\d{6}$/.test(code.trim()) ? null : say("login.check.codeDigits");
}

export function checkPassword(password: string, say: Say = english): string | null {
  return password ? null : say("login.check.password");
}

export type FieldErrors = Partial<Record<"email" | "phone" | "code" | "password", string>>;

/** What is wrong with the sign-in form's fields at a stage, by field; empty when it may be sent. */
export function loginFieldErrors(
  stage: LoginStage,
  byPhone: boolean,
  { email, phone, secret }: { email: string; phone: string; secret: string },
  say: Say = english,
): FieldErrors {
  const found: FieldErrors = {};
  const idError = byPhone ? checkPhone(phone, say) : checkEmail(email, say);
  if (idError) found[byPhone ? "phone" : "email"] = idError;
  if (stage === "code") {
    const e = checkCode(secret, say);
    if (e) found.code = e;
  }
  if (stage === "password") {
    const e = checkPassword(secret, say);
    if (e) found.password = e;
  }
  return found;
}

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** What is wrong with a new password and its confirmation, by field; empty when both are fine. */
export function checkNewPassword(password: string, confirm: string, minLength: number): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = "Enter a new password.";
  else if (password.length < minLength)
    errors.password = `Use at least ${minLength} characters (you have ${password.length}).`;
  else if (password.length > 256) errors.password = "Use at most 256 characters.";
  if (!confirm) errors.confirm = "Enter the password again.";
  else if (!errors.password && confirm !== password) errors.confirm = "The two passwords are not the same.";
  return errors;
}
