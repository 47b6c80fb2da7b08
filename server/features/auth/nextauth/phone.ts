// Sign-in by the verified phone: signin/sms texts a code (answered alike for any number, the text
// sent after the answer); callback/sms with the code signs in to the account holding it.
import type { Context } from "hono";
import { isPhoneDigits } from "@engine/validation/field-predicates";
import { honoCookies } from "../cookies";
import { CODE_RESEND_MS } from "../email-proof";
import { accountByPhone, signInAddress, textSignInCode } from "../phone-sign-in";
import { absolute, fail, ipOf, limited } from "./answers";
import { CODE_PAGE, type AuthBase } from "./base";
import { openSession } from "./open-session";

export async function phoneSignIn(
  base: AuthBase,
  c: Context,
  form: Record<string, unknown>,
  callbackUrl: string,
) {
  const phone = typeof form.phone === "string" ? form.phone.replace(/\D/g, "") : "";
  if (!isPhoneDigits(phone)) return fail(base, c, "InvalidPhone", 400);
  return c.req.path.includes("/signin/")
    ? textCode(base, c, phone)
    : checkTextedCode(base, c, phone, form, callbackUrl);
}

async function textCode(base: AuthBase, c: Context, phone: string) {
  const { services } = base;
  const ip = ipOf(c);
  const over = await limited(base, c, base.attempts.codeLimits(`phone:${phone}`, ip));
  if (over) return over;
  const device = base.jar.get(honoCookies(c), "csrf") ?? `ip:${ip}`; // the browser's own random cookie
  services.later(async () => {
    if (await services.codes.issuedWithin("phone", signInAddress(phone), CODE_RESEND_MS)) return;
    await textSignInCode(services, phone, { ip, device });
  });
  return c.json({ url: absolute(base, c, `${CODE_PAGE[base.kind]}&via=phone`) });
}

async function checkTextedCode(
  base: AuthBase,
  c: Context,
  phone: string,
  form: Record<string, unknown>,
  callbackUrl: string,
) {
  const { services, attempts } = base;
  const ip = ipOf(c);
  const over = await limited(base, c, attempts.limits(`phone:${phone}`, ip));
  if (over) return over;
  await attempts.slowDown(`phone:${phone}`);
  const code = typeof form.code === "string" ? form.code.trim() : "";
  const checked = await services.codes.check("phone", signInAddress(phone), code, ip);
  if (checked === "expired") return fail(base, c, "CodeExpired");
  if (checked === "locked") return fail(base, c, "CodeLocked");
  const accountId = checked === "ok" ? await accountByPhone(services, phone) : null;
  if (!accountId) {
    await attempts.failed(`phone:${phone}`, "code");
    return fail(base, c, "CredentialsSignin", 401, "code");
  }
  return openSession(base, c, accountId, { key: `phone:${phone}`, ip }, callbackUrl);
}
