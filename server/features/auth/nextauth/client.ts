// What a NextAuth client asks besides signing in: the providers, the error page, and a place to
// report its own errors.
import type { Context } from "hono";
import { ERROR_PAGE, type AuthBase } from "./base";

/** NextAuth's GET error: the browser is sent on to the error page, with the error's name. */
export function errorRedirect({ kind }: AuthBase, c: Context) {
  const error = c.req.query("error") ?? "";
  return c.redirect(
    `${ERROR_PAGE[kind]}?error=${/^[A-Za-z]{1,64}$/.test(error) ? error : "UnknownError"}`,
    302,
  );
}

export function providers({ twoFactor }: AuthBase, c: Context) {
  const base = new URL(c.req.url).pathname.replace(/\/providers$/, "");
  const credentials = {
    id: "credentials",
    name: twoFactor ? "Email, password and code" : "Email and password or code",
    type: "credentials",
    signinUrl: `${base}/signin/credentials`,
    callbackUrl: `${base}/callback/credentials`,
  };
  if (twoFactor) return c.json({ credentials });
  return c.json({
    email: {
      id: "email",
      name: "Email code",
      type: "email",
      signinUrl: `${base}/signin/email`,
      callbackUrl: `${base}/callback/email`,
    },
    // A code texted to the mobile number the account verified (../phone-sign-in.ts).
    sms: {
      id: "sms",
      name: "Text message code",
      type: "email",
      signinUrl: `${base}/signin/sms`,
      callbackUrl: `${base}/callback/sms`,
    },
    credentials,
  });
}

/** Client-side auth errors. Only the level and error code are kept: messages may hold PII. */
export async function clientLog({ services, kind }: AuthBase, c: Context) {
  const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
  const code = typeof body.code === "string" && /^[A-Za-z_]{1,64}$/.test(body.code) ? body.code : "unknown";
  const level = body.level === "warn" || body.level === "debug" ? body.level : "error";
  services.log.warn({ kind, level, clientCode: code }, `[auth:${kind}] client ${level}: ${code}`);
  return c.body(null, 204);
}
