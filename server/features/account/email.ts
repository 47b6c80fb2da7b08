// The email proven inside the funnel (issue 38 "An account that lasts", issue 40 "One answer for
// known and unknown emails"), as two step effects. sendEmailCode, on the email step: after the
// answer, a code goes to the address typed (server/features/auth/email-proof.ts mailEmailCode): for
// a new address the code that proves it, for an address an account has proven a code that signs
// its owner in. The step's answer and its time are the same for either: the page after it says
// to check the mail. verifyEmailCode, on the next step: the code typed either proves the address
// for this account (users.email is set, and the answer stamped) or, for a known address, signs
// this browser in to the account that owns it; the code is spent in the transaction of that save
// or sign-in, so a save refused for any reason leaves it to be typed again.
import { getAt } from "@engine/base/pointer";
import { said, type Said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers } from "@server/features/refusal";
import { transaction } from "@server/persistence/db/client";
import { signInAttempts } from "../auth/attempts";
import { claimingAccount, mailEmailCode, provenIn } from "../auth/email-proof";
import type { EffectHandler } from "../steps/effects";

const addressAt = (doc: unknown, pointer: string) => {
  const email = getAt(doc, pointer);
  return typeof email === "string" ? email.trim().toLowerCase() : null;
};

export const sendEmailCode: EffectHandler = {
  // The code requests of one IP, and of one address from one IP, are limited as on the sign-in
  // page (the same counters): the refusal says nothing about the address.
  async check({ effect, services, answers, request }) {
    const email = addressAt(answers, effect.email!);
    if (!email) return;
    for (const [limiter, key] of signInAttempts(services, "applicant").codeLimits(email, request.ip))
      if (!(await limiter.hit(key)).ok)
        throw invalidAnswers([
          {
            pointer: effect.email!,
            message:
              "We have sent several codes from here in the last few minutes. Please wait a few minutes and try again.",
          },
        ]);
  },
  async record({ effect, services, application, doc, request }) {
    const email = addressAt(doc, effect.email!);
    // Unchanged and proven already (the stamp survived the save): nothing to send.
    if (!email || getAt(doc, effect.verifiedAt!) !== undefined) return;
    return async () =>
      services.later(() =>
        mailEmailCode(services, email, {
          sessionUserId: application.ownerId,
          applicationId: application.id,
          ...(request.language ? { language: request.language } : {}),
        }),
      );
  },
};

// Said by id: the transport gives them in the reader's language (refusal-text.ts).
const WRONG: Record<"expired" | "locked" | "none" | "invalid" | "changed", Said> = {
  expired: said("refusal.code.expired"),
  locked: said("refusal.code.locked"),
  none: said("refusal.code.none"),
  invalid: said("refusal.code.invalid"),
  changed: said("refusal.code.changed"),
};

export const verifyEmailCode: EffectHandler = {
  async check({ effect, services, ownerId, role, answers, stored, now, request, signInAs, inSave }) {
    const email = addressAt(stored, effect.email!);
    const code = getAt(answers, effect.code!);
    if (!ownerId || !email) throw invalidAnswers([fieldSaid(effect.code!, said("refusal.code.emailFirst"))]);
    const refused = (why: keyof typeof WRONG) => invalidAnswers([fieldSaid(effect.code!, WRONG[why])]);
    // The reader as the save's check has just read them (../steps/submit/check.ts), not read again.
    const claimant = await claimingAccount(services, email, ownerId, { role, doc: stored });
    // A wrong code is counted here, whatever becomes of the save; a right one is spent in it.
    const verdict = await services.codes.verify(
      "applicant",
      email,
      typeof code === "string" ? code : "",
      request.ip,
    );
    if (verdict.result !== "ok") throw refused(verdict.result);
    await signInAttempts(services, "applicant").succeeded(email, request.ip);
    // Whose the right code is, as read now: the account that proved the address, else this one.
    const account = (await provenIn(services.db, services, email, null)) ?? claimant;
    if (!account) {
      // Nothing to grant: the code is used up all the same, and the step refused.
      await transaction(services.db, (tx) => verdict.spend(tx));
      throw refused("none");
    }
    // In the transaction that ends the submission, one commit: the code is spent, and the address
    // proven (or its account found) as read above; a change since refuses it, nothing saved.
    inSave(async (tx, current) => {
      // Another tab saved a new address since the check: the code proves the old one only.
      if (addressAt(current, effect.email!) !== email) throw refused("changed");
      const spent = await verdict.spend(tx);
      if (spent !== "ok") throw refused(spent);
      if ((await provenIn(tx, services, email, claimant)) !== account) throw refused("none");
    });
    if (account === ownerId) return { [effect.verifiedAt!]: now.toISOString() };
    signInAs(account);
  },
};
