// NextAuth-style double-submit CSRF token: GET csrf sets an HttpOnly cookie "<token>|<hmac>" and
// answers the token; a form POST must send the same token, and the HMAC proves we made it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieIO, CookieJar } from "./cookies";

export function createCsrf(key: Buffer, jar: CookieJar) {
  const sign = (token: string) => createHmac("sha256", key).update(token).digest("base64url");
  const parse = (cookie: string | undefined) => {
    const [token, mac] = (cookie ?? "").split("|");
    if (!token || !mac) return null;
    const expected = Buffer.from(sign(token));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
  };
  return {
    /** The token for this browser, reusing a valid cookie so several tabs agree. */
    issue(io: CookieIO): string {
      const existing = parse(jar.get(io, "csrf"));
      if (existing) return existing;
      const token = randomBytes(32).toString("base64url");
      jar.set(io, "csrf", `${token}|${sign(token)}`);
      return token;
    },
    verify(io: CookieIO, formToken: unknown): boolean {
      const token = parse(jar.get(io, "csrf"));
      if (!token || typeof formToken !== "string" || formToken.length !== token.length) return false;
      return timingSafeEqual(Buffer.from(token), Buffer.from(formToken));
    },
  };
}

export type Csrf = ReturnType<typeof createCsrf>;
