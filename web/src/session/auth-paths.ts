// Which session a page uses (spec §2 "Session separation") and how to read the URLs the auth
// endpoints answer with. Pure: unit-tested in node (tests/unit/web-auth-paths.test.ts).
import { ROUTES } from "@engine/base/routes";
export const APPLICANT_AUTH_BASE = "/api/authApplicant";
export const PORTAL_AUTH_BASE = "/api/authPortal";

export type AuthBase = typeof APPLICANT_AUTH_BASE | typeof PORTAL_AUTH_BASE;

/** Any path containing /portal uses the portal session; every other path the applicant's. */
export function authBaseFor(path: string): AuthBase {
  return path.includes("/portal") ? PORTAL_AUTH_BASE : APPLICANT_AUTH_BASE;
}

/** The error a sign-in result carries in its URL's `error` parameter (spec §8), or null. */
export function errorFromUrl(url: string | null | undefined, origin = "http://localhost"): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).searchParams.get("error");
  } catch {
    return null;
  }
}

/**
 * The in-app path (path, query and hash) of a URL on our own origin, or null for anything else,
 * so a callbackUrl can never send the user to another site.
 */
export function sameOriginPath(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin || !parsed.pathname.startsWith("/") || parsed.pathname.startsWith("//"))
      return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page for a base, with the error and the page to come back to (spec §8), each when given. */
export function signInPath(base: AuthBase, callbackUrl: string | null, error?: string): string {
  const page = base === PORTAL_AUTH_BASE ? ROUTES.portalSignIn : ROUTES.applicantSignIn;
  const query = new URLSearchParams({
    ...(error ? { error } : {}),
    ...(callbackUrl ? { callbackUrl } : {}),
  }).toString();
  return query ? `${page}?${query}` : page;
}

/**
 * The sign-in error page for a base, naming the error (spec §8: a sign-in with no providers goes
 * there) and keeping the page to come back to, for its "try again" link.
 */
export function errorPagePath(base: AuthBase, error: string, callbackUrl: string | null = null): string {
  const query = new URLSearchParams({ error, ...(callbackUrl ? { callbackUrl } : {}) });
  return `${base === PORTAL_AUTH_BASE ? ROUTES.portalSignInError : ROUTES.applicantSignInError}?${query.toString()}`;
}
