// The sign-in endpoints of spec §7 under /api/authApplicant and /api/authPortal, with the wire
// behaviour a stock NextAuth (next-auth/react v4) client expects: JSON for GETs, form-encoded
// POSTs answered with {url} (an absolute URL: the client reads it with `new URL`), and every
// failure told by an `error=` parameter in that url, a name of rules/auth-errors.json: a wrong
// code or password at the sign-in page's URL, a request refused before it is read (no CSRF token
// of this browser, no bot-check token) at this base's /error, as NextAuth answers.
import { ROUTES } from "@engine/base/routes";
import { Hono, type Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { validatorOf } from "@server/transport/trpc/inputs";
import type { Services } from "@server/services";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { refuseCrossSite } from "@server/transport/security/guards";
import type { RateLimiter } from "@server/transport/security/rate-limit";
import { accountsOf } from "./accounts";
import { honoCookies } from "./cookies";
import { eq } from "drizzle-orm";
import { transaction } from "@server/persistence/db/client";
import { portalUsers } from "@server/persistence/db/schema";
import { consumeToken, peekToken } from "../portal/tokens";
import { decoyHash, hashPassword, verifyPassword } from "./passwords";
import { signInAttempts } from "./attempts";
import { accountProvenBy, CODE_RESEND_MS, codeWanted } from "./email-proof";
import { accountByPhone, signInAddress, textSignInCode } from "./phone-sign-in";
import { mailGate } from "../messaging/mail";
import { isPhoneDigits } from "@engine/validation/field-predicates";
import type { SessionKind } from "./sessions";

export const SIGN_IN_PAGE: Record<SessionKind, string> = {
  applicant: ROUTES.applicantSignIn,
  portal: ROUTES.portalSignIn,
};
const CODE_PAGE: Record<SessionKind, string> = {
  applicant: `${ROUTES.applicantSignIn}?step=code`,
  portal: `${ROUTES.portalSignIn}?step=code`,
};

// What each sign-in error means to a person: rules/auth-errors.json, shared with the web pages.
import { AUTH_ERRORS, credentialError } from "./errors";
type AuthError = keyof typeof AUTH_ERRORS;

const emailShape = validatorOf("account-input.json#/properties/email");
/** The shape of a mailed link's token (32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Only paths of this site: "/app/x", never "//evil.example" or "https://…". */
function safeCallback(value: unknown, fallback: string): string | null {
  if (value === undefined || value === "") return fallback;
  return typeof value === "string" && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2048
    ? value
    : null;
}

/** The posted form; a body that does not parse is an empty form (the CSRF check then refuses it), never a 500. */
const formOf = (c: Context) => c.req.parseBody().catch(() => ({}) as Record<string, string | File>);

const withError = (page: string, error: AuthError) =>
  `${page}${page.includes("?") ? "&" : "?"}error=${error}`;

/** The error page each base's GET /error sends a browser to, as NextAuth's /api/auth/error does. */
const ERROR_PAGE: Record<SessionKind, string> = {
  applicant: ROUTES.applicantSignInError,
  portal: ROUTES.portalSignInError,
};

export function createAuthRoutes(services: Services, kind: SessionKind, botCheck: BotCheckVerifier) {
  const { sessions, jar, csrf } = services.auth[kind];
  const accounts = accountsOf(kind, services);
  const signInPage = SIGN_IN_PAGE[kind];
  // Portal staff sign in with two factors: the password first, then a code mailed to them. Their
  // codes are issued only after a right password, so a code alone never opens a portal session.
  const twoFactor = kind === "portal";
  const app = new Hono();

  /**
   * A path of this site as the absolute URL a NextAuth client reads: on PUBLIC_URL outside
   * development, else on the address the request came to (the answer goes back to that same
   * client, which compares the URL with its own page's origin).
   */
  const absolute = (c: Context, path: string) =>
    new URL(path, (!services.config.dev && services.config.publicUrl) || new URL(c.req.url).origin).href;
  const authBase = kind === "portal" ? "/api/authPortal" : "/api/authApplicant";
  /** A request refused before it was read: this base's /error?error=<name>, as NextAuth answers. */
  const refused = (
    c: Context,
    error: AuthError,
    status: 400 | 403 | 503,
    extra: Record<string, string> = {},
  ) =>
    c.json(
      { url: absolute(c, `${authBase}/error?error=${error}`), error, message: AUTH_ERRORS[error], ...extra },
      status,
    );
  const ipOf = (c: Context) => {
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  };
  const limited = async (c: Context, hits: [RateLimiter, string][]) => {
    for (const [limiter, key] of hits) {
      const result = await limiter.hit(key);
      if (!result.ok) {
        c.header("Retry-After", String(Math.ceil(result.retryAfterMs / 1000)));
        return c.json(
          {
            url: absolute(c, withError(signInPage, "RateLimited")),
            error: "RateLimited",
            message: AUTH_ERRORS.RateLimited,
          },
          429,
        );
      }
    }
    return null;
  };
  const fail = (
    c: Context,
    error: AuthError,
    status: 400 | 401 | 403 = 401,
    credential?: "code" | "password",
  ) =>
    c.json(
      {
        url: absolute(c, withError(signInPage, error)),
        error,
        message: credential ? credentialError(credential, error) : AUTH_ERRORS[error],
      },
      status,
    );

  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  // A standard NextAuth client sends no header of ours: the CSRF token (a double-submit cookie the
  // sign-in, sign-out and set-password POSTs check) and Sec-Fetch-Site guard these POSTs instead.
  app.post("*", refuseCrossSite);

  app.get("/session", async (c) => {
    const io = honoCookies(c);
    const found = await sessions.validate(jar.get(io, "session"));
    const view = found && (await accounts.sessionView(found.session.userId));
    if (!found || !view) {
      if (jar.get(io, "session")) jar.clear(io, "session");
      return c.json({});
    }
    if (found.renewed) jar.set(io, "session", jar.get(io, "session")!, found.session.expiresAt);
    return c.json({ ...view, expires: found.session.expiresAt.toISOString() });
  });

  app.get("/csrf", (c) => c.json({ csrfToken: csrf.issue(honoCookies(c)) }));

  // NextAuth's GET error: the browser is sent on to the error page, with the error's name.
  app.get("/error", (c) => {
    const error = c.req.query("error") ?? "";
    return c.redirect(
      `${ERROR_PAGE[kind]}?error=${/^[A-Za-z]{1,64}$/.test(error) ? error : "UnknownError"}`,
      302,
    );
  });

  app.get("/providers", (c) => {
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
      // A code texted to the mobile number the account verified (./phone-sign-in.ts).
      sms: {
        id: "sms",
        name: "Text message code",
        type: "email",
        signinUrl: `${base}/signin/sms`,
        callbackUrl: `${base}/callback/sms`,
      },
      credentials,
    });
  });

  const attempts = signInAttempts(services, kind);
  const { pending } = services.auth[kind];
  // Through the mail gate, as the proof of the address (server/features/messaging/mail.ts): the
  // code is issued only once the mail may go, so a refused mail never retires a code mailed before.
  // No code in the subject: a subject shows on a locked phone's screen.
  const mailCode = (email: string) =>
    mailGate(services).send(
      email,
      async () => {
        const code = await services.codes.issue(kind, email);
        return twoFactor
          ? {
              subject: "Your partner portal sign-in code",
              text: `Your sign-in code is ${code}.\n\nIt works once, for 10 minutes. If you did not just enter your password, tell your administrator.`,
            }
          : {
              subject: "Your sign-in code",
              text: `Your sign-in code is ${code}.\n\nIt works once, for 10 minutes. If you did not ask for it, you can ignore this email.`,
            };
      },
      { kind: twoFactor ? "portal-sign-in-code" : "sign-in-code", applicationId: null, proof: true },
    );

  // Both paths of spec §7 sign in; the email provider's signin sends a code instead.
  const signIn = async (c: Context) => {
    const provider = c.req.param("provider");
    const form = await formOf(c);
    const callbackUrl = safeCallback(form.callbackUrl, kind === "portal" ? "/portal" : "/app");
    if (!csrf.verify(honoCookies(c), form.csrfToken)) return refused(c, "MissingCSRF", 403);
    if (callbackUrl === null) return fail(c, "InvalidCallbackUrl", 400);
    if (provider === "sms" && !twoFactor) return phoneSignIn(c, form, callbackUrl);
    if ((provider !== "email" || twoFactor) && provider !== "credentials")
      return c.json({ url: absolute(c, `${signInPage}?callbackUrl=${encodeURIComponent(callbackUrl)}`) }); // spec §8: unknown provider → sign-in page
    const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
    if (!emailShape(email)) return fail(c, "InvalidEmail", 400);
    const io = honoCookies(c);
    const ip = ipOf(c);

    if (provider === "email" && c.req.path.includes("/signin/")) {
      const over = await limited(c, attempts.codeLimits(email, ip));
      if (over) return over;
      // The answer is the same, in the same time, whether or not the address has an account: the
      // code is issued and mailed after the answer, and only for an address an account has proven
      // or this session's account claims (server/features/auth/email-proof.ts). One mail a minute at most,
      // so requests from elsewhere cannot flood an inbox (the newest code mailed stays good).
      const sessionUser = (await sessions.validate(jar.get(io, "session")))?.session.userId ?? null;
      services.later(async () => {
        if (
          !(await codeWanted(services, email, sessionUser)) ||
          (await services.codes.issuedWithin(kind, email, CODE_RESEND_MS))
        )
          return;
        await mailCode(email);
      });
      return c.json({ url: absolute(c, CODE_PAGE[kind]) });
    }

    const over = await limited(c, attempts.limits(email, ip));
    if (over) return over;
    await attempts.slowDown(email);
    const code = typeof form.code === "string" && form.code !== "" ? form.code.trim() : null;
    let accountId: string | null;
    if (twoFactor && code === null) {
      // First factor: a right password gets a code by mail, and this browser a pending cookie: the
      // code opens a session only here.
      const account = await accounts.byEmail(email);
      const password = typeof form.password === "string" ? form.password : "";
      const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!ok || !account?.passwordHash) {
        await attempts.failed(email, "password");
        return fail(c, "CredentialsSignin", 401, "password");
      }
      const overCodes = await limited(c, attempts.codeLimits(email, ip));
      if (overCodes) return overCodes;
      try {
        if ((await mailCode(email)) === "refused") return fail(c, "RateLimited", 400);
      } catch {
        return fail(c, "UnknownError", 400);
      }
      pending.issue(io, email);
      return c.json({
        url: absolute(c, `${CODE_PAGE[kind]}&callbackUrl=${encodeURIComponent(callbackUrl)}`),
        secondFactor: "code",
        message: AUTH_ERRORS.CodeSent,
      });
    }
    if (code !== null) {
      if (twoFactor && !pending.holds(io, email)) return fail(c, "Verification");
      const checked = await services.codes.check(kind, email, code, ip);
      if (checked === "expired") return fail(c, "CodeExpired");
      if (checked === "locked") return fail(c, "CodeLocked");
      const sessionUser = (await sessions.validate(jar.get(io, "session")))?.session.userId ?? null;
      accountId =
        checked !== "ok"
          ? null
          : twoFactor
            ? ((await accounts.byEmail(email))?.id ?? null)
            : await accountProvenBy(services, email, sessionUser);
      if (!accountId) {
        await attempts.failed(email, "code");
        return fail(c, "CredentialsSignin", 401, "code");
      }
      await accounts.verified(accountId);
      if (twoFactor) pending.clear(io);
    } else {
      const account = await accounts.byEmail(email);
      const password = typeof form.password === "string" ? form.password : "";
      // Unknown accounts cost the same hash as known ones, so timing does not tell them apart.
      const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!ok || !account?.passwordHash) {
        await attempts.failed(email, "password");
        return fail(c, "CredentialsSignin", 401, "password");
      }
      accountId = account.id;
    }
    const previous = await sessions.validate(jar.get(io, "session"));
    if (previous) await sessions.invalidate(previous.session.id); // a fresh session on sign-in: no fixation
    const { token, session } = await sessions.create(accountId);
    jar.set(io, "session", token, session.expiresAt);
    await attempts.succeeded(email, ip);
    return c.json({ url: absolute(c, callbackUrl) });
  };

  /**
   * Sign-in by the verified phone: signin/sms texts a code (answered alike for any number, the
   * text sent after the answer); callback/sms with the code signs in to the account holding it.
   */
  const phoneSignIn = async (c: Context, form: Record<string, unknown>, callbackUrl: string) => {
    const phone = typeof form.phone === "string" ? form.phone.replace(/\D/g, "") : "";
    if (!isPhoneDigits(phone)) return fail(c, "InvalidPhone", 400);
    const ip = ipOf(c);
    const io = honoCookies(c);
    if (c.req.path.includes("/signin/")) {
      const over = await limited(c, attempts.codeLimits(`phone:${phone}`, ip));
      if (over) return over;
      const device = jar.get(io, "csrf") ?? `ip:${ip}`; // the browser's own random cookie
      services.later(async () => {
        if (await services.codes.issuedWithin("phone", signInAddress(phone), CODE_RESEND_MS)) return;
        await textSignInCode(services, phone, { ip, device });
      });
      return c.json({ url: absolute(c, `${CODE_PAGE[kind]}&via=phone`) });
    }
    const over = await limited(c, attempts.limits(`phone:${phone}`, ip));
    if (over) return over;
    await attempts.slowDown(`phone:${phone}`);
    const code = typeof form.code === "string" ? form.code.trim() : "";
    const checked = await services.codes.check("phone", signInAddress(phone), code, ip);
    if (checked === "expired") return fail(c, "CodeExpired");
    if (checked === "locked") return fail(c, "CodeLocked");
    const accountId = checked === "ok" ? await accountByPhone(services, phone) : null;
    if (!accountId) {
      await attempts.failed(`phone:${phone}`, "code");
      return fail(c, "CredentialsSignin", 401, "code");
    }
    const previous = await sessions.validate(jar.get(io, "session"));
    if (previous) await sessions.invalidate(previous.session.id);
    const { token, session } = await sessions.create(accountId);
    jar.set(io, "session", token, session.expiresAt);
    await attempts.succeeded(`phone:${phone}`, ip);
    return c.json({ url: absolute(c, callbackUrl) });
  };

  // The bot check, refused as NextAuth refuses: {url: …/error?error=BotCheck}, so a stock client
  // reads the error instead of failing on an answer without a URL. `reason` lets our own client
  // solve a new token and send again (a spent one).
  const botChecked = async (c: Context, next: () => Promise<void>) => {
    const result = await botCheck.verify(c.req.header("x-recaptcha-token"), "api_update");
    if (result.ok) return next();
    return refused(c, "BotCheck", result.reason === "unavailable" ? 503 : 403, {
      reason: `bot-check-${result.reason}`,
    });
  };
  app.post("/signin/:provider", botChecked, signIn);
  app.post("/callback/:provider", botChecked, signIn);

  if (twoFactor) {
    // Invite and password-reset links (server/features/portal/tokens.ts) land on /portal/set-password,
    // which asks here whether the link still works, then sets the password with it.
    app.get("/set-password", async (c) => {
      const token = c.req.query("token") ?? "";
      const purpose = TOKEN.test(token) ? await peekToken(services.db, token, services.now()) : null;
      return c.json({
        valid: purpose !== null,
        purpose,
        passwordMinLength: services.portal.passwordMinLength,
      });
    });
    app.post("/set-password", async (c) => {
      const form = await formOf(c);
      if (!csrf.verify(honoCookies(c), form.csrfToken)) return refused(c, "MissingCSRF", 403);
      const over = await limited(c, [[services.limits.portalTokenPerIp, ipOf(c)]]);
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
        return fail(c, "InvalidLink", 400);
      const passwordHash = await hashPassword(password);
      const userId = TOKEN.test(token)
        ? await transaction(services.db, async (tx) => {
            const spent = await consumeToken(tx, token, services.now());
            if (spent)
              await tx.update(portalUsers).set({ passwordHash }).where(eq(portalUsers.id, spent.userId));
            return spent?.userId ?? null;
          })
        : null;
      if (!userId) return fail(c, "InvalidLink", 400);
      await sessions.invalidateAllOf(userId); // a new password ends every older session
      return c.json({ url: absolute(c, `${ROUTES.portalSignIn}?passwordSet=1`) });
    });
  }

  app.post("/signout", async (c) => {
    const form = await formOf(c);
    const io = honoCookies(c);
    if (!csrf.verify(io, form.csrfToken)) return refused(c, "MissingCSRF", 403);
    const found = await sessions.validate(jar.get(io, "session"));
    if (found) await sessions.invalidate(found.session.id);
    jar.clear(io, "session");
    return c.json({ url: absolute(c, safeCallback(form.callbackUrl, "/") ?? "/") });
  });

  // Client-side auth errors. Only the level and error code are kept: messages may hold PII.
  app.post("/_log", async (c) => {
    const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
    const code = typeof body.code === "string" && /^[A-Za-z_]{1,64}$/.test(body.code) ? body.code : "unknown";
    const level = body.level === "warn" || body.level === "debug" ? body.level : "error";
    services.log.warn({ kind, level, clientCode: code }, `[auth:${kind}] client ${level}: ${code}`);
    return c.body(null, 204);
  });

  return app;
}
