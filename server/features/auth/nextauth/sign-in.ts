// POST signin/:provider and callback/:provider: both paths of spec §7 sign in (a password, or a
// code mailed to the address); the email provider's signin mails a code instead; sms is the
// verified phone's (./phone.ts). The portal takes the password first, then the mailed code.
import type { Context } from "hono";
import { validatorOf } from "@server/transport/trpc/inputs";
import { honoCookies, type CookieIO } from "../cookies";
import { accountProvenBy, CODE_RESEND_MS, codeWanted } from "../email-proof";
import { decoyHash, verifyPassword } from "../passwords";
import { absolute, authMessage, fail, formOf, ipOf, limited, refused, safeCallback } from "./answers";
import { CODE_PAGE, type AuthBase } from "./base";
import { mailCode } from "./code-mail";
import { LANG_COOKIE } from "@server/features/locale/locale";
import { openSession } from "./open-session";
import { phoneSignIn } from "./phone";

type Form = Record<string, unknown>;
const emailShape = validatorOf("account-input.json#/properties/email");

export async function signIn(base: AuthBase, c: Context) {
  const { kind, twoFactor } = base;
  const provider = c.req.param("provider");
  const form = await formOf(c);
  const callbackUrl = safeCallback(form.callbackUrl, kind === "portal" ? "/portal" : "/app");
  if (!base.csrf.verify(honoCookies(c), form.csrfToken)) return refused(base, c, "MissingCSRF", 403);
  if (callbackUrl === null) return fail(base, c, "InvalidCallbackUrl", 400);
  if (provider === "sms" && !twoFactor) return phoneSignIn(base, c, form, callbackUrl);
  if ((provider !== "email" || twoFactor) && provider !== "credentials")
    return c.json({
      url: absolute(base, c, `${base.signInPage}?callbackUrl=${encodeURIComponent(callbackUrl)}`),
    }); // spec §8: unknown provider → sign-in page
  const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
  if (!emailShape(email)) return fail(base, c, "InvalidEmail", 400);
  if (provider === "email" && c.req.path.includes("/signin/")) return requestCode(base, c, email);
  return checkCredentials(base, c, form, email, callbackUrl);
}

/**
 * The answer is the same, in the same time, whether or not the address has an account: the code
 * is issued and mailed after the answer, and only for an address an account has proven or this
 * session's account claims (../email-proof.ts). One mail a minute at most, so requests from
 * elsewhere cannot flood an inbox (the newest code mailed stays good).
 */
async function requestCode(base: AuthBase, c: Context, email: string) {
  const { services, kind } = base;
  const over = await limited(base, c, base.attempts.codeLimits(email, ipOf(c)));
  if (over) return over;
  const sessionUser = await sessionUserOf(base, honoCookies(c));
  const language = honoCookies(c).get(LANG_COOKIE);
  services.later(async () => {
    if (
      !(await codeWanted(services, email, sessionUser)) ||
      (await services.codes.issuedWithin(kind, email, CODE_RESEND_MS))
    )
      return;
    await mailCode(base, email, language);
  });
  return c.json({ url: absolute(base, c, CODE_PAGE[kind]) });
}

async function checkCredentials(base: AuthBase, c: Context, form: Form, email: string, callbackUrl: string) {
  const ip = ipOf(c);
  const over = await limited(base, c, base.attempts.limits(email, ip));
  if (over) return over;
  await base.attempts.slowDown(email);
  const code = typeof form.code === "string" && form.code !== "" ? form.code.trim() : null;
  if (base.twoFactor && code === null) return firstFactor(base, c, form, email, callbackUrl);
  const accountId =
    code !== null ? await accountByCode(base, c, email, code) : await accountByPassword(base, c, form, email);
  if (typeof accountId !== "string") return accountId;
  return openSession(base, c, accountId, { key: email, ip }, callbackUrl);
}

/**
 * The portal's first factor: a right password gets a code by mail, and this browser a pending
 * cookie: the code opens a session only here.
 */
async function firstFactor(base: AuthBase, c: Context, form: Form, email: string, callbackUrl: string) {
  const checked = await accountByPassword(base, c, form, email);
  if (typeof checked !== "string") return checked;
  const overCodes = await limited(base, c, base.attempts.codeLimits(email, ipOf(c)));
  if (overCodes) return overCodes;
  try {
    if ((await mailCode(base, email)) === "refused") return fail(base, c, "RateLimited", 400);
  } catch {
    return fail(base, c, "UnknownError", 400);
  }
  base.pending.issue(honoCookies(c), email);
  return c.json({
    url: absolute(base, c, `${CODE_PAGE[base.kind]}&callbackUrl=${encodeURIComponent(callbackUrl)}`),
    secondFactor: "code",
    message: authMessage(base, c, "CodeSent"),
  });
}

/** The account a right password opens, or the refusal. Unknown accounts cost the same hash as known ones, so timing does not tell them apart. */
async function accountByPassword(base: AuthBase, c: Context, form: Form, email: string) {
  const account = await base.accounts.byEmail(email);
  const password = typeof form.password === "string" ? form.password : "";
  const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  if (!ok || !account?.passwordHash) {
    await base.attempts.failed(email, "password");
    return fail(base, c, "CredentialsSignin", 401, "password");
  }
  return account.id;
}

/** The account a right code opens (the portal's only in the browser that passed the password), or the refusal. */
async function accountByCode(base: AuthBase, c: Context, email: string, code: string) {
  const { services, kind, twoFactor, pending } = base;
  const io = honoCookies(c);
  if (twoFactor && !pending.holds(io, email)) return fail(base, c, "Verification");
  const checked = await services.codes.check(kind, email, code, ipOf(c));
  if (checked === "expired") return fail(base, c, "CodeExpired");
  if (checked === "locked") return fail(base, c, "CodeLocked");
  const sessionUser = await sessionUserOf(base, io);
  const accountId =
    checked !== "ok"
      ? null
      : twoFactor
        ? ((await base.accounts.byEmail(email))?.id ?? null)
        : await accountProvenBy(services, email, sessionUser);
  if (!accountId) {
    await base.attempts.failed(email, "code");
    return fail(base, c, "CredentialsSignin", 401, "code");
  }
  await base.accounts.verified(accountId);
  if (twoFactor) pending.clear(io);
  return accountId;
}

const sessionUserOf = async ({ sessions, jar }: AuthBase, io: CookieIO) =>
  (await sessions.validate(jar.get(io, "session")))?.session.userId ?? null;
