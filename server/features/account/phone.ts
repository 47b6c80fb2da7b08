// Phone verification as two step effects: sendPhoneCode texts a 6-digit code to the phone answer
// (through services.sms), verifyPhoneCode checks the code typed and stamps when the phone was
// verified. Codes are the sign-in codes' store (10 minutes, 5 tries, only an HMAC kept), keyed by
// the account and the number, so a code proves this person holds this phone.
import { invalidAnswers } from "@server/features/refusal";
import { getAt } from "@engine/base/pointer";
import type { EffectHandler } from "../steps/effects";

const keyOf = (ownerId: string, phone: string) => `${ownerId}:${phone}`;

/** The code's text: short, says what it is for, and never asks for it to be shared. */
const textOf = (code: string) =>
  `${code} is your verification code for your home equity line of credit application. It expires in 10 minutes. Do not share it.`;

export const sendPhoneCode: EffectHandler = {
  async record({ effect, services, application, doc, tx }) {
    const phone = getAt(doc, effect.phone!);
    if (typeof phone !== "string") return;
    const over = await services.limits.textsPerApplicant.hit(application.ownerId);
    if (!over.ok)
      throw invalidAnswers([
        {
          pointer: effect.phone!,
          message:
            "We have sent several codes in the last few minutes. Please wait a few minutes before asking for another.",
        },
      ]);
    const code = await services.codes.issue("phone", keyOf(application.ownerId, phone), tx);
    // Sent once the phone is saved; a failed text is logged (without the number) and the next step offers to go back and send again.
    return () => services.sms.send({ to: phone, text: textOf(code) });
  },
};

export const verifyPhoneCode: EffectHandler = {
  async check({ effect, services, ownerId, answers, stored, now }) {
    const phone = getAt(stored, effect.phone!);
    const code = getAt(answers, effect.code!);
    if (!ownerId || typeof phone !== "string")
      throw invalidAnswers([
        { pointer: effect.phone!, message: "Enter your mobile number first, so we can text you a code." },
      ]);
    const result = await services.codes.check(
      "phone",
      keyOf(ownerId, phone),
      typeof code === "string" ? code : "",
    );
    if (result === "ok") return { [effect.verifiedAt!]: now.toISOString() };
    const message = {
      expired: "That code has expired. Go back and we will text you a new one.",
      locked: "Too many wrong codes. Go back and we will text you a new one.",
      none: "We have no code for this number. Go back and we will text you one.",
      invalid: "That code is not the one we texted. Check it and try again.",
    }[result];
    throw invalidAnswers([{ pointer: effect.code!, message }]);
  },
};
