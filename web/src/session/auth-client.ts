// The NextAuth-style auth endpoints under /api/authApplicant and /api/authPortal (spec §7).
// POSTs are form-encoded with the CSRF token; sign-in and callback also carry a bot-check token
// (apiFetch adds it to every POST).
import { apiFetch } from "../api/api-fetch";
import { errorFromUrl, type AuthBase } from "./auth-paths";

export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  /** An applicant who proved their email with a mailed code; a guest has not (absent for portal users). */
  verified?: boolean;
  /** An applicant whose mobile number is verified: they sign in by a texted code too. */
  phoneVerified?: boolean;
}

export interface SessionData {
  user: SessionUser;
  expires: string;
  applicationStatus?: string | null;
  applicationRoute?: string | null;
  /** "borrower" for the applicant who owns the application, or a member's role (rules/members.json). */
  role?: string | null;
  /** Whether the reader owns the application (a member, such as a co-borrower, does not). */
  owner?: boolean;
}

export type Providers = Record<string, { id: string; name: string; type: string }>;

export interface AuthResult {
  url: string | null;
  /** The error named by the answer's URL (`error=`), or null when it worked. */
  error: string | null;
  /** The server's words for the error, when it gave them. */
  message: string | null;
}

export class AuthRequestError extends Error {}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new AuthRequestError(
      body?.message ?? `The sign-in service answered ${res.status}. Please try again.`,
    );
  }
  return (await res.json()) as T;
}

export async function getSession(base: AuthBase): Promise<SessionData | null> {
  const data = await json<Partial<SessionData>>(await apiFetch(`${base}/session`, { cache: "no-store" }));
  return data && data.user ? (data as SessionData) : null;
}

export async function getProviders(base: AuthBase): Promise<Providers> {
  return json<Providers>(await apiFetch(`${base}/providers`));
}

async function csrfToken(base: AuthBase): Promise<string> {
  const { csrfToken } = await json<{ csrfToken: string }>(
    await apiFetch(`${base}/csrf`, { cache: "no-store" }),
  );
  return csrfToken;
}

async function postForm(
  base: AuthBase,
  path: string,
  fields: Record<string, string>,
  botCheck: boolean,
): Promise<AuthResult> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(base), json: "true" });
  const res = await apiFetch(
    `${base}/${path}`,
    { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
    { botCheck },
  );
  // A refused sign-in is still answered {url} with error= in it (and a 4xx status).
  const answer = (await res.json().catch(() => null)) as {
    url?: string;
    error?: string;
    message?: string;
  } | null;
  if (!answer?.url)
    throw new AuthRequestError(
      answer?.message ?? `The sign-in service answered ${res.status}. Please try again.`,
    );
  const error =
    errorFromUrl(answer.url, window.location.origin) ?? (res.ok ? null : (answer.error ?? "UnknownError"));
  return { url: answer.url, error, message: error ? (answer.message ?? null) : null };
}

/** Texts a 6-digit sign-in code to the mobile number an account verified. */
export function requestPhoneCode(base: AuthBase, phone: string, callbackUrl: string): Promise<AuthResult> {
  return postForm(base, "signin/sms", { phone, callbackUrl }, true);
}

/** Signs in with the code texted to a verified mobile number. */
export function signInWithPhoneCode(
  base: AuthBase,
  phone: string,
  code: string,
  callbackUrl: string,
): Promise<AuthResult> {
  return postForm(base, "callback/sms", { phone, code, callbackUrl }, true);
}

/** Sends a 6-digit sign-in code to the email address. */
export function requestEmailCode(base: AuthBase, email: string, callbackUrl: string): Promise<AuthResult> {
  return postForm(base, "signin/email", { email, callbackUrl }, true);
}

export type Credentials = { email: string; password: string } | { email: string; code: string };

export function signInWithCredentials(
  base: AuthBase,
  credentials: Credentials,
  callbackUrl: string,
): Promise<AuthResult> {
  return postForm(base, "callback/credentials", { ...credentials, callbackUrl }, true);
}

export function signOut(base: AuthBase, callbackUrl: string): Promise<AuthResult> {
  return postForm(base, "signout", { callbackUrl }, false);
}

/** A client-side error for the server's log: its level and code only (a message could hold personal data). */
export function logClientError(base: AuthBase, code: string): void {
  void apiFetch(
    `${base}/_log`,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ level: "error", code }),
    },
    { botCheck: false },
  ).catch(() => undefined);
}
