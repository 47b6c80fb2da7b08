// A borrower withdraws their E-SIGN consent and asks for paper (15 U.S.C. 7001(c)(1)(B)(i), (iii)):
// in their own session, for themselves only. The withdrawal is written on their consent
// (`withdrawnAt`, `prefersPaper`), so everything that asks whether their consent is on file
// (server/features/loan/notices.ts esignConsentOnFile) sees it at once: their notices go to the
// print-and-mail queue from then on, and the loan's notification mails to them stop. It does not
// undo what was delivered before; consenting again (the consent page) takes paper back.
import { said } from "@engine/locale/server-words";
import { auditAction } from "@engine/lending/audit-actions";
import { getAt, setAt } from "@engine/base/pointer";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { memberStore } from "../members/store";
import { esignConsentPointer, esignConsentState } from "../loan/notices";
import { refuse } from "../refusal";

export interface DeliveryPreference {
  /** given: documents come electronically; withdrawn: on paper, since `withdrawnAt`; none: no consent on file (paper). */
  consent: "given" | "withdrawn" | "none";
  withdrawnAt: string | null;
}

/** The reader's own E-SIGN consent as their account page shows it. */
export function deliveryPreferenceOf(services: Services, doc: unknown, role: string): DeliveryPreference {
  const pointer = esignConsentPointer(services, role);
  const withdrawnAt = pointer ? getAt(doc, `${pointer}/withdrawnAt`) : undefined;
  return {
    consent: esignConsentState(services, doc, role),
    withdrawnAt: typeof withdrawnAt === "string" ? withdrawnAt : null,
  };
}

/** Records the withdrawal of the signed-in borrower's own consent, or refuses saving nothing. */
export async function withdrawEsignConsent(services: Services, userId: string): Promise<DeliveryPreference> {
  return transaction(services.db, async (tx) => {
    const reader = await memberStore(services).readerOf(tx, userId);
    if (!reader) throw refuse("notFound", said("refusal.noApplication"));
    const { app, role } = reader;
    const pointer = esignConsentPointer(services, role);
    const state = esignConsentState(services, app.doc, role);
    if (!pointer || state === "none") throw refuse("notNow", said("refusal.esign.notAgreed"));
    if (state === "withdrawn") throw refuse("conflict", said("refusal.esign.alreadyWithdrawn"));
    const now = services.now().toISOString();
    const consent = getAt(app.doc, pointer) as Record<string, unknown>;
    const doc = setAt(app.doc, pointer, { ...consent, withdrawnAt: now, prefersPaper: true }) as Record<
      string,
      unknown
    >;
    // A member's change never makes the owner's open page stale (their revision stays).
    if (
      !(await applicationStore(services).save(tx, app, doc, app.status, app.recheck, {
        bumpRevision: !reader.member,
      }))
    )
      throw refuse("conflict", said("refusal.changedMeanwhileRetry"));
    await applicationStore(services).audit(tx, {
      actorKind: "applicant",
      actorId: userId,
      action: auditAction("esign.withdrawn", role),
      applicationId: app.id,
      changed: [`${pointer}/withdrawnAt`, `${pointer}/prefersPaper`],
    });
    return deliveryPreferenceOf(services, doc, role);
  });
}
