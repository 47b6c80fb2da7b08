// The portal's second factor is bound to the browser that passed the first: a right password sets
// a short-lived HttpOnly cookie naming (by HMAC) the address it was for, and the mailed code opens
// a session only in a browser holding that cookie. A code read from the mailbox alone, typed
// anywhere else, opens nothing.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieIO, CookieJar } from "./cookies";
import { CODE_TTL_MS } from "./codes";

export function createPendingSignIn(key: Buffer, jar: CookieJar, now: () => Date) {
  const sign = (email: string, nonce: string, until: number) =>
    createHmac("sha256", key).update(`${email}|${nonce}|${until}`).digest("base64url");
  return {
    /** After the first factor: this browser may now give the code for `email`, for as long as the code lives. */
    issue(io: CookieIO, email: string): void {
      const nonce = randomBytes(16).toString("base64url");
      const until = now().getTime() + CODE_TTL_MS;
      jar.set(io, "pending", `${nonce}.${until}.${sign(email, nonce, until)}`, new Date(until));
    },
    /** Whether this browser passed the first factor for `email`, and not too long ago. */
    holds(io: CookieIO, email: string): boolean {
      const [nonce, until, mac] = (jar.get(io, "pending") ?? "").split(".");
      if (!nonce || !until || !mac || !/^\d+$/.test(until) || Number(until) <= now().getTime()) return false;
      const expected = Buffer.from(sign(email, nonce, Number(until)));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    clear: (io: CookieIO) => jar.clear(io, "pending"),
  };
}
