// The end of every sign-in: a fresh session (no fixation), its cookie, the attempts forgiven.
import type { Context } from "hono";
import { honoCookies } from "../cookies";
import { absolute } from "./answers";
import type { AuthBase } from "./base";

/** Opens a session for `accountId` and sends the browser to `callbackUrl`; `attempts` is what the limits counted. */
export async function openSession(
  base: AuthBase,
  c: Context,
  accountId: string,
  attempts: { key: string; ip: string },
  callbackUrl: string,
) {
  const { sessions, jar } = base;
  const io = honoCookies(c);
  const previous = await sessions.validate(jar.get(io, "session"));
  if (previous) await sessions.invalidate(previous.session.id);
  const { token, session } = await sessions.create(accountId);
  jar.set(io, "session", token, session.expiresAt);
  await base.attempts.succeeded(attempts.key, attempts.ip);
  return c.json({ url: absolute(base, c, callbackUrl) });
}
