// The answers a NextAuth client reads: {url} as an absolute URL (the client reads it with
// `new URL`), every failure told by an `error=` parameter in that url, a name of
// rules/auth-errors.json: a wrong code or password at the sign-in page's URL, a request refused
// before it is read (no CSRF token of this browser, no bot-check token) at this base's /error.
// Its `message` is in the applicant's language (the request's); the portal's is English.
import type { Context } from "hono";
import { SOURCE_LOCALE } from "@engine/locale/locales";
import { requestLocale } from "@server/features/locale/locale";
import type { RateLimiter } from "@server/transport/security/rate-limit";
import { honoCookies } from "../cookies";
import { authErrorsIn, authErrorText, type AuthErrorName, type Credential } from "../errors";
import type { AuthBase } from "./base";

export type AuthError = AuthErrorName;

/** What `base` tells the reader of `c` for `error`: an applicant in the request's language, staff in English. */
export function authMessage(base: AuthBase, c: Context, error: AuthError, credential?: Credential): string {
  const { defs } = base.services;
  const locale = base.kind === "portal" ? SOURCE_LOCALE : requestLocale(defs, honoCookies(c));
  return authErrorText(authErrorsIn(defs, locale), error, credential);
}

/** Only paths of this site: "/app/x", never "//evil.example" or "https://…". */
export function safeCallback(value: unknown, fallback: string): string | null {
  if (value === undefined || value === "") return fallback;
  return typeof value === "string" && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2048
    ? value
    : null;
}

/** The posted form; a body that does not parse is an empty form (the CSRF check then refuses it), never a 500. */
export const formOf = (c: Context) => c.req.parseBody().catch(() => ({}) as Record<string, string | File>);

const withError = (page: string, error: AuthError) =>
  `${page}${page.includes("?") ? "&" : "?"}error=${error}`;

export { ipOf } from "@server/transport/http/client-ip";

/**
 * A path of this site as the absolute URL a NextAuth client reads: on PUBLIC_URL outside
 * development, else on the address the request came to (the answer goes back to that same
 * client, which compares the URL with its own page's origin).
 */
export const absolute = ({ services }: AuthBase, c: Context, path: string) =>
  new URL(path, (!services.config.dev && services.config.publicUrl) || new URL(c.req.url).origin).href;

/** A request refused before it was read: this base's /error?error=<name>, as NextAuth answers. */
export const refused = (
  base: AuthBase,
  c: Context,
  error: AuthError,
  status: 400 | 403 | 503,
  extra: Record<string, string> = {},
) =>
  c.json(
    {
      url: absolute(base, c, `${base.path}/error?error=${error}`),
      error,
      message: authMessage(base, c, error),
      ...extra,
    },
    status,
  );

/** A refusal at the sign-in page, worded by credential when it is about a typed code or password. */
export const fail = (
  base: AuthBase,
  c: Context,
  error: AuthError,
  status: 400 | 401 | 403 = 401,
  credential?: Credential,
) =>
  c.json(
    {
      url: absolute(base, c, withError(base.signInPage, error)),
      error,
      message: authMessage(base, c, error, credential),
    },
    status,
  );

/** The 429 of the first limit `hits` goes over (each counted in turn), or null within them all. */
export async function limited(base: AuthBase, c: Context, hits: [RateLimiter, string][]) {
  for (const [limiter, key] of hits) {
    const result = await limiter.hit(key);
    if (!result.ok) {
      c.header("Retry-After", String(Math.ceil(result.retryAfterMs / 1000)));
      return c.json(
        {
          url: absolute(base, c, withError(base.signInPage, "RateLimited")),
          error: "RateLimited",
          message: authMessage(base, c, "RateLimited"),
        },
        429,
      );
    }
  }
  return null;
}
