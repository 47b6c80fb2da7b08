// The session a NextAuth client reads, its CSRF token, and signing out.
import type { Context } from "hono";
import { honoCookies } from "../cookies";
import { absolute, formOf, refused, safeCallback } from "./answers";
import type { AuthBase } from "./base";

/** GET /session: the signed-in account's view and expiry, or {} (a stale cookie is cleared). */
export async function getSession({ sessions, jar, accounts }: AuthBase, c: Context) {
  const io = honoCookies(c);
  const found = await sessions.validate(jar.get(io, "session"));
  const view = found && (await accounts.sessionView(found.session.userId));
  if (!found || !view) {
    if (jar.get(io, "session")) jar.clear(io, "session");
    return c.json({});
  }
  if (found.renewed) jar.set(io, "session", jar.get(io, "session")!, found.session.expiresAt);
  return c.json({ ...view, expires: found.session.expiresAt.toISOString() });
}

export const getCsrf = ({ csrf }: AuthBase, c: Context) => c.json({ csrfToken: csrf.issue(honoCookies(c)) });

export async function signOut(base: AuthBase, c: Context) {
  const form = await formOf(c);
  const io = honoCookies(c);
  if (!base.csrf.verify(io, form.csrfToken)) return refused(base, c, "MissingCSRF", 403);
  const found = await base.sessions.validate(base.jar.get(io, "session"));
  if (found) await base.sessions.invalidate(found.session.id);
  base.jar.clear(io, "session");
  return c.json({ url: absolute(base, c, safeCallback(form.callbackUrl, "/") ?? "/") });
}
