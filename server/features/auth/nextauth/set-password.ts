// Invite and password-reset links (server/features/portal/tokens.ts) land on /portal/set-password,
// which asks here whether the link still works, then sets the password with it.
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { ROUTES } from "@engine/base/routes";
import { transaction } from "@server/persistence/db/client";
import { portalUsers } from "@server/persistence/db/schema";
import { consumeToken, peekToken } from "@server/features/portal/tokens";
import { honoCookies } from "../cookies";
import { hashPassword } from "../passwords";
import { absolute, fail, formOf, ipOf, limited, refused } from "./answers";
import type { AuthBase } from "./base";

/** The shape of a mailed link's token (32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function linkState({ services }: AuthBase, c: Context) {
  const token = c.req.query("token") ?? "";
  const purpose = TOKEN.test(token) ? await peekToken(services.db, token, services.now()) : null;
  return c.json({
    valid: purpose !== null,
    purpose,
    passwordMinLength: services.portal.passwordMinLength,
  });
}

export async function setPassword(base: AuthBase, c: Context) {
  const { services } = base;
  const form = await formOf(c);
  if (!base.csrf.verify(honoCookies(c), form.csrfToken)) return refused(base, c, "MissingCSRF", 403);
  const over = await limited(base, c, [[services.limits.portalTokenPerIp, ipOf(c)]]);
  if (over) return over;
  const token = typeof form.token === "string" ? form.token : "";
  const password = typeof form.password === "string" ? form.password : "";
  if (password.length < services.portal.passwordMinLength || password.length > 256)
    return c.json(
      {
        error: "WeakPassword",
        field: "password",
        message: `Choose a password of ${services.portal.passwordMinLength} to 256 characters.`,
      },
      400,
    );
  // A link that does not work costs no password hash (scrypt's 32 MiB and ~100 ms are for real ones).
  if (!TOKEN.test(token) || !(await peekToken(services.db, token, services.now())))
    return fail(base, c, "InvalidLink", 400);
  const userId = await spendLink(base, token, await hashPassword(password));
  if (!userId) return fail(base, c, "InvalidLink", 400);
  await base.sessions.invalidateAllOf(userId); // a new password ends every older session
  return c.json({ url: absolute(base, c, `${ROUTES.portalSignIn}?passwordSet=1`) });
}

/** Spends the link and sets the password of its user, in one transaction; null when the link is spent. */
const spendLink = ({ services }: AuthBase, token: string, passwordHash: string) =>
  transaction(services.db, async (tx) => {
    const spent = await consumeToken(tx, token, services.now());
    if (spent) await tx.update(portalUsers).set({ passwordHash }).where(eq(portalUsers.id, spent.userId));
    return spent?.userId ?? null;
  });
