// The stages of the sign-in form and how an answer from the auth endpoints moves it on. Pure:
// unit-tested in node (tests/unit/web-login-flow.test.ts).
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
export function initialStage(search: URLSearchParams, methods: LoginMethods, preferPassword = false): LoginStage {
  if (search.get("step") === "code" && methods.code) return "code";
  if (preferPassword && methods.password) return "password";
  return methods.code ? "email" : "password";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): string | null {
  if (!email.trim()) return "Enter your email address.";
  return EMAIL.test(email.trim()) ? null : "Enter a valid email address, like name@example.com.";
}

export function checkCode(code: string): string | null {
  if (!code.trim()) return "Enter the 6-digit code from the email.";
  return /^\d{6}$/.test(code.trim()) ? null : "The code is 6 digits.";
}

export function checkPassword(password: string): string | null {
  return password ? null : "Enter your password.";
}
