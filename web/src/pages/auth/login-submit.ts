// What sending the sign-in form does at each stage: ask for a code (by email or text), or sign in
// with a code or a password; a right password the server answers by asking for a code (the portal's
// second factor) moves the form on to the code.
import {
  requestEmailCode,
  requestPhoneCode,
  signInWithCredentials,
  signInWithPhoneCode,
} from "@web/src/session/auth-client";
import { authErrorMessage } from "@web/src/session/auth-messages";
import type { AuthBase } from "@web/src/session/auth-paths";
import { asksForCode, phoneDigits, type LoginStage } from "./login-flow";
import { english, type Say } from "./login-words";

export type LoginOutcome =
  | { kind: "error"; message: string }
  /** On to the code form, with what to tell the applicant; `inUrl`: the URL says so (?step=code). */
  | { kind: "code"; notice: string; inUrl: boolean }
  | { kind: "signedIn" };

export interface LoginAnswers {
  byPhone: boolean;
  email: string;
  phone: string;
  secret: string;
  callbackUrl: string | null;
}

export async function submitLogin(
  base: AuthBase,
  stage: LoginStage,
  answers: LoginAnswers,
  say: Say = english,
): Promise<LoginOutcome> {
  return stage === "email" ? requestCode(base, answers, say) : signIn(base, stage, answers);
}

async function requestCode(
  base: AuthBase,
  { byPhone, email, phone, callbackUrl }: LoginAnswers,
  say: Say,
): Promise<LoginOutcome> {
  const cleanEmail = email.trim();
  const result = byPhone
    ? await requestPhoneCode(base, phoneDigits(phone), callbackUrl ?? "")
    : await requestEmailCode(base, cleanEmail, callbackUrl ?? "");
  if (result.error) return failed(base, result.error, result.message);
  const notice = byPhone
    ? say("login.sent.text", { phone: phone.trim() })
    : say("login.sent.email", { email: cleanEmail });
  return { kind: "code", notice, inUrl: true };
}

async function signIn(
  base: AuthBase,
  stage: LoginStage,
  { byPhone, email, phone, secret, callbackUrl }: LoginAnswers,
): Promise<LoginOutcome> {
  const cleanEmail = email.trim();
  const credentials =
    stage === "code" ? { email: cleanEmail, code: secret.trim() } : { email: cleanEmail, password: secret };
  const result =
    byPhone && stage === "code"
      ? await signInWithPhoneCode(base, phoneDigits(phone), secret.trim(), callbackUrl ?? "")
      : await signInWithCredentials(base, credentials, callbackUrl ?? "");
  if (result.error) return failed(base, result.error, result.message);
  // Only the portal asks for a code after a right password: its words stay English.
  if (stage === "password" && asksForCode(result.url, window.location.origin))
    return {
      kind: "code",
      notice: `We emailed a 6-digit code to ${cleanEmail}. Enter it to finish signing in; it works once, for 10 minutes.`,
      inUrl: false,
    };
  return { kind: "signedIn" };
}

const failed = (base: AuthBase, error: string, message: string | null): LoginOutcome => ({
  kind: "error",
  message: message ?? authErrorMessage(error, base),
});
