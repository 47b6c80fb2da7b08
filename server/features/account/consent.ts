// recordConsent: for each consent the step gives (a true `accepted` at its pointer), the server
// stamps the time and the exact text agreed to, by version and SHA-256, as the applicant was shown
// it (the same texts and hashes the e-sign records use). The applicant can set only `accepted`.
import { getAt } from "@engine/base/pointer";
import { documentsFor } from "../esign/signatures";
import type { EffectHandler } from "../steps/effects";

export const recordConsent: EffectHandler = {
  async check({ effect, services, answers, stored, now }) {
    const stamps: Record<string, unknown> = {};
    for (const { pointer, document } of Object.values(effect.consents ?? {}).filter((c) => c !== undefined)) {
      if (getAt(answers, `${pointer}/accepted`) !== true) continue;
      const [shown] = documentsFor(services, stored, [document], { now });
      stamps[pointer] = {
        accepted: true,
        acceptedAt: now.toISOString(),
        document,
        version: shown!.version,
        sha256: shown!.sha256,
      };
    }
    return stamps;
  },
};
