// Cookie names and flags for both session kinds. Outside development the names take the
// __Host- prefix, which browsers accept only with Secure, Path=/ and no Domain. Cookies are read
// and written through a small CookieIO so Hono routes and tRPC procedures share one code path.
import type { Context } from "hono";
import { parse, serialize } from "hono/utils/cookie";
import type { SessionKind } from "./sessions";

export interface CookieIO {
  get(name: string): string | undefined;
  /** Appends one serialized Set-Cookie value to the response. */
  set(serialized: string): void;
}

export const honoCookies = (c: Context): CookieIO => ({
  get: (name) => parse(c.req.header("cookie") ?? "", name)[name],
  set: (serialized) => c.header("set-cookie", serialized, { append: true }),
});

export const fetchCookies = (
  req: { headers: Pick<Headers, "get"> },
  resHeaders: Pick<Headers, "append">,
): CookieIO => ({
  get: (name) => parse(req.headers.get("cookie") ?? "", name)[name],
  set: (serialized) => resHeaders.append("set-cookie", serialized),
});

/** session; csrf (the double-submit token); pending (a portal sign-in between its two factors). */
type Which = "session" | "csrf" | "pending";

export function cookieJar(kind: SessionKind, secure: boolean) {
  const nameOf = (which: Which) => `${secure ? "__Host-" : ""}heloc.${kind}.${which}`;
  const base = { path: "/", httpOnly: true, secure, sameSite: "Lax" as const };
  return {
    nameOf,
    get: (io: CookieIO, which: Which) => io.get(nameOf(which)),
    set: (io: CookieIO, which: Which, value: string, expires?: Date) =>
      io.set(serialize(nameOf(which), value, { ...base, ...(expires ? { expires } : {}) })),
    clear: (io: CookieIO, which: Which) =>
      io.set(serialize(nameOf(which), "", { ...base, maxAge: 0, expires: new Date(0) })),
  };
}

export type CookieJar = ReturnType<typeof cookieJar>;
