// recordConsent: for each consent the step gives (a true `accepted` at its pointer), the server
// stamps the time and the exact text agreed to, by version and SHA-256, as the applicant was shown
// it (the same texts and hashes the e-sign records use). The applicant can set only `accepted`.
// A consent with `pdfCode` (the E-SIGN consent) is given only with the code printed in the
// applicant's own PDF (../esign/pdf-access.ts): that they typed it is the demonstration that they
// can open the records' format, stamped as `pdfAccessShownAt`; the code itself is never kept.
import { getAt } from "@engine/base/pointer";
import { said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers } from "../refusal";
import { isPdfAccessCode } from "../esign/pdf-access";
import { documentsFor } from "../esign/signatures";
import type { EffectHandler } from "../steps/effects";

export const recordConsent: EffectHandler = {
  async check({ effect, services, answers, stored, now, ownerId }) {
    const stamps: Record<string, unknown> = {};
    for (const { pointer, document, pdfCode } of Object.values(effect.consents ?? {}).filter(
      (c) => c !== undefined,
    )) {
      if (getAt(answers, `${pointer}/accepted`) !== true) continue;
      if (pdfCode && !(ownerId && isPdfAccessCode(services, ownerId, getAt(answers, pdfCode))))
        throw invalidAnswers([fieldSaid(pdfCode, said("refusal.esign.pdfCode"))]);
      const [shown] = documentsFor(services, stored, [document], { now });
      stamps[pointer] = {
        accepted: true,
        acceptedAt: now.toISOString(),
        document,
        version: shown!.version,
        sha256: shown!.sha256,
        ...(pdfCode ? { pdfAccessShownAt: now.toISOString() } : {}),
      };
    }
    return stamps;
  },
};
