// Phase 6 of step.submit, record: in the same transaction, the step's effects (codes, consents,
// signatures, invites: ../effect-table.ts) and the receipt a repeated submission is answered from.
// The save's audit row (`auditOfSave`) goes with the save's UPDATE (./decide.ts).
import { auditAction } from "@engine/lending/audit-actions";
import { OWNER_ROLE } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import type { AuditEvent, StoredApplication } from "@server/persistence/store/applications";
import { isFinalStatus } from "@engine/funnel/journey";
import { receiveApplication } from "@server/features/loan/receive";
import { handlerOf } from "../effect-table";
import { sectionAction } from "../sections";
import { effectsOf } from "./check";
import { receiptsOf, requestHash } from "../receipts";
import { notifyVoidedSigners, type Voided } from "../voided";
import type { AfterCommit } from "./after-commit";
import type { Decided } from "./decide";
import type { Merged } from "./merge";
import type { Submission, SubmitResult } from "./submission";

/**
 * The save's audit row: who saved which step (or section) and the pointers it changed. Written by
 * the save itself (../decide.ts: sent right behind its UPDATE), so it commits or rolls back with it.
 */
export const auditOfSave = (s: Submission, { changed }: Merged, app: StoredApplication): AuditEvent => ({
  actorKind: "applicant",
  actorId: s.userId ?? app.ownerId,
  action: s.section ? sectionAction(s.step.id, s.section.id) : auditAction("step.submit", s.step.id),
  applicationId: app.id,
  changed,
});

export async function record(
  s: Submission,
  tx: Db,
  { reader, doc }: Merged,
  { app, saved }: Decided,
  voided: Voided[],
  after: AfterCommit,
): Promise<SubmitResult> {
  const { services, userId } = s;
  const actorId = userId ?? app.ownerId;
  for (const effect of effectsOf(s)) {
    const role = reader?.role ?? OWNER_ROLE;
    const context = { ...s.effectContext, effect, tx, role, actorId, application: app, doc };
    const later = await handlerOf(effect).record?.(context);
    if (later) after.work.push(later);
  }
  // The save whose last act submitted the application: the lender received it (its loan file opens).
  if (
    !reader?.member &&
    app.status !== saved.applicationStatus &&
    isFinalStatus(services.defs, saved.applicationStatus)
  )
    after.work.push(await receiveApplication(tx, services, { ...app, doc }, s.now));
  if (voided.length)
    after.work.push(() =>
      notifyVoidedSigners(services, app, voided, { by: reader?.role ?? OWNER_ROLE, doc }),
    );
  const out: SubmitResult = { ...saved, ...(voided.length ? { voided: voided.map((v) => v.signer) } : {}) };
  if (s.receipt)
    await receiptsOf(services).record(
      tx,
      s.receipt,
      app.id,
      userId,
      requestHash(s.step.id, s.input.answers),
      out,
    );
  return out;
}
