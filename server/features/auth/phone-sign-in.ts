// Sign-in by the verified phone (issue 38): an account that verified its mobile number with a
// texted code (steps setupPhone, setupVerify) signs in from any device by a code texted there. The
// users table holds an HMAC of the number (users.phone_mac), never the number; the latest account
// to verify a number holds it. A request for a code is answered alike whether or not the number
// belongs to an account, and the text goes out after the answer, through the text gate
// (server/features/messaging/texts.ts: the lender's market, every budget).
import { readLenderProfile } from "@engine/lending/lender-file";
import { serverWordIn, type EngineWordId } from "@engine/locale/server-words";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";
import { deriveKey } from "@server/platform/crypto/keys";
import type { Services } from "@server/services";
import { textGate } from "../messaging/texts";
import { mailWords } from "../locale/locale";
import { accountLocale } from "../locale/mail-text";

const keys = new WeakMap<Buffer, Buffer>();
function macOf(services: Pick<Services, "masterKey">, phone: string): string {
  const key = keys.get(services.masterKey) ?? deriveKey(services.masterKey, "phone-index");
  keys.set(services.masterKey, key);
  return createHmac("sha256", key).update(phone).digest("base64url");
}

/** Where a sign-in code for `phone` is kept in the codes table (kind "phone", apart from verification codes). */
export const signInAddress = (phone: string) => `sign-in:${phone}`;

/**
 * The account `userId` now signs in by a code texted to `phone` (it just proved it holds it).
 * `tx`: the caller's transaction (the code's check, which spends the code in the same commit).
 */
export async function holdPhone(services: Services, userId: string, phone: string, tx?: Db): Promise<void> {
  const mac = macOf(services, phone);
  const hold = async (on: Db) => {
    await on.update(users).set({ phoneMac: null }).where(eq(users.phoneMac, mac));
    await on.update(users).set({ phoneMac: mac }).where(eq(users.id, userId));
  };
  await (tx ? hold(tx) : transaction(services.db, hold));
}

/** The account that holds `phone`, or null. */
export async function accountByPhone(services: Services, phone: string): Promise<string | null> {
  const [row] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneMac, macOf(services, phone)));
  return row?.id ?? null;
}

/** A code's text for signing in: names the lender (its profile's legal name), says what it is for, and never asks for it to be shared. */
export const signInText = (
  code: string,
  lenderName = readLenderProfile().legalName,
  words?: Partial<Record<EngineWordId, string>>,
) => serverWordIn(words, "text.phoneSignIn", { lender: lenderName, code });

/**
 * After the answer: texts a sign-in code to `phone` when an account holds it, the number may be
 * texted and every budget holds (`device`: the browser's CSRF cookie, a stable id of the browser).
 */
export async function textSignInCode(
  services: Services,
  phone: string,
  request: { ip: string; device: string },
): Promise<void> {
  const account = await accountByPhone(services, phone);
  if (!account) return;
  const gate = textGate(services);
  const ask = { to: phone, ip: request.ip, device: request.device, kind: "phone-sign-in" };
  if (!(await gate.admit(ask)).ok) return;
  const code = await services.codes.issue("phone", signInAddress(phone));
  // In the language the account chose (users.locale), as every message to it.
  const words = mailWords(services, (await accountLocale(services.db, account)) ?? undefined);
  await gate.deliver(ask, signInText(code, undefined, words));
}
