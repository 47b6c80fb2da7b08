// The invite and password-reset links' endpoint (/api/authPortal/set-password): whether a link
// still works, and setting the password with it. Form-encoded with the CSRF token, as every auth
// POST; apiFetch adds X-Same-Origin and a bot-check token.
import { apiFetch } from "@web/src/api/api-fetch";
import { PORTAL_AUTH_BASE } from "@web/src/session/auth-paths";

export interface SetPasswordLink {
  valid: boolean;
  purpose: "invite" | "reset" | null;
  passwordMinLength: number;
}

export type SetPasswordResult = { ok: true; url: string } | { ok: false; error: string; message: string };

/** The shape of a mailed link's token (32 random bytes, base64url), as the server checks it. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const UNREACHABLE = "We could not reach our server. Check your connection and try again.";

export async function checkLink(token: string): Promise<SetPasswordLink> {
  const res = await apiFetch(`${PORTAL_AUTH_BASE}/set-password?${new URLSearchParams({ token })}`, {
    cache: "no-store",
  });
  if (!res.ok) throw new Error(UNREACHABLE);
  return (await res.json()) as SetPasswordLink;
}

export async function setPassword(token: string, password: string): Promise<SetPasswordResult> {
  const csrf = await apiFetch(`${PORTAL_AUTH_BASE}/csrf`, { cache: "no-store" });
  if (!csrf.ok) throw new Error(UNREACHABLE);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await apiFetch(`${PORTAL_AUTH_BASE}/set-password`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, token, password }),
  });
  const body = (await res.json().catch(() => null)) as {
    url?: string;
    error?: string;
    message?: string;
  } | null;
  if (res.ok && body?.url) return { ok: true, url: body.url };
  return {
    ok: false,
    error: body?.error ?? "UnknownError",
    message: body?.message ?? `The sign-in service answered ${res.status}. Please try again.`,
  };
}
