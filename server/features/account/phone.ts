// Phone verification as two step effects: sendPhoneCode texts a 6-digit code to the phone answer
// (through the text gate, server/features/messaging/texts.ts: only numbers of the lender's market,
// within every budget), verifyPhoneCode checks the code typed and stamps when the phone was
// verified. Codes are the sign-in codes' store (10 minutes, 5 tries, only an HMAC kept), keyed by
// the account and the number, so a code proves this person holds this phone; a verified phone
// then signs its account in by a texted code (server/features/auth/phone-sign-in.ts).
import { readLenderProfile } from "@engine/lending/lender-file";
import { said, serverWordIn, type EngineWordId, type Said } from "@engine/locale/server-words";
import { getAt } from "@engine/base/pointer";
import { fieldSaid, invalidAnswers } from "@server/features/refusal";
import { TEXT_REFUSALS, textGate } from "../messaging/texts";
import { holdPhone } from "../auth/phone-sign-in";
import { mailWords } from "../locale/locale";
import type { EffectHandler } from "../steps/effects";

const keyOf = (ownerId: string, phone: string) => `${ownerId}:${phone}`;

/**
 * The code's text: short, names the lender who sends it (the lender profile's legal name, as the
 * carriers' sender rules and the consumer expect), says what it is for, and never asks for it to be shared.
 */
export const codeText = (
  code: string,
  lenderName = readLenderProfile().legalName,
  words?: Partial<Record<EngineWordId, string>>,
) => serverWordIn(words, "text.phoneVerification", { lender: lenderName, code });

export const sendPhoneCode: EffectHandler = {
  // Before the save: a number the lender may not text, or a budget spent, refuses the step.
  async check({ effect, services, answers, request, actorId }) {
    const phone = getAt(answers, effect.phone!);
    if (typeof phone !== "string") return;
    const verdict = await textGate(services).admit({
      to: phone,
      ip: request.ip,
      device: actorId ?? `ip:${request.ip}`,
      kind: "phone-verification",
    });
    if (!verdict.ok) throw invalidAnswers([fieldSaid(effect.phone!, TEXT_REFUSALS[verdict.reason])]);
  },
  async record({ effect, services, application, doc, tx, request, actorId }) {
    const phone = getAt(doc, effect.phone!);
    if (typeof phone !== "string") return;
    const code = await services.codes.issue("phone", keyOf(application.ownerId, phone), tx);
    // Sent once the phone is saved; a failed text is logged (without the number) and the next step offers to go back and send again.
    return () =>
      textGate(services).deliver(
        { to: phone, ip: request.ip, device: actorId ?? application.ownerId, kind: "phone-verification" },
        // In the language of the request that asked for it, as a mailed code (locale/locale.ts).
        codeText(code, undefined, mailWords(services, request.language)),
      );
  },
};

export const verifyPhoneCode: EffectHandler = {
  async check({ effect, services, ownerId, answers, stored, now, inSave }) {
    const phone = getAt(stored, effect.phone!);
    const code = getAt(answers, effect.code!);
    if (!ownerId || typeof phone !== "string")
      throw invalidAnswers([fieldSaid(effect.phone!, said("refusal.phoneCode.phoneFirst"))]);
    // A wrong code is counted here, whatever becomes of the save.
    const verdict = await services.codes.verify(
      "phone",
      keyOf(ownerId, phone),
      typeof code === "string" ? code : "",
    );
    if (verdict.result !== "ok") throw invalidAnswers([fieldSaid(effect.code!, WRONG[verdict.result])]);
    // A right one is spent in the save's transaction, and this account then signs in by a code
    // texted here: one commit with the save; a save refused leaves the code to be typed again.
    inSave(async (tx, current) => {
      // Another tab saved a new number since the check: the code proves the old one only.
      if (getAt(current, effect.phone!) !== phone)
        throw invalidAnswers([fieldSaid(effect.code!, said("refusal.phoneCode.changed"))]);
      const spent = await verdict.spend(tx);
      if (spent !== "ok") throw invalidAnswers([fieldSaid(effect.code!, WRONG[spent])]);
      await holdPhone(services, ownerId, phone, tx);
    });
    return { [effect.verifiedAt!]: now.toISOString() };
  },
};

// Said by id: the transport gives them in the reader's language (refusal-text.ts).
const WRONG: Record<"expired" | "locked" | "none" | "invalid", Said> = {
  expired: said("refusal.phoneCode.expired"),
  locked: said("refusal.phoneCode.locked"),
  none: said("refusal.phoneCode.none"),
  invalid: said("refusal.phoneCode.invalid"),
};
