// Phase 6b of step.submit, the other readers: where this save leaves the application's other
// readers. Another borrower's path changes only where the save asks something new of them (a
// signature it voided, a page it opened): recorded for their page to say who changed what
// (../because.ts), and they are mailed (../others.ts). The save that submits the application is
// recorded once and announced (the applicationSubmitted event) to the features that tell both borrowers.
import type { Journey } from "@engine/funnel/journey";
import { OWNER_ROLE } from "@engine/funnel/members";
import { auditAction } from "@engine/lending/audit-actions";
import type { Db } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import { signingStepOf } from "@server/features/esign/signed-answers";
import type { MemberRow } from "@server/features/members/store";
import { ownerJourney } from "../journey";
import {
  notifyReopened,
  otherReaders,
  reopenedAction,
  reopenedStep,
  roleJourney,
  type OtherReader,
} from "../others";
import type { Voided } from "../voided";
import type { AfterCommit } from "./after-commit";
import type { Decided } from "./decide";
import type { Merged } from "./merge";
import type { Submission } from "./submission";

/** The other readers and the owner's path as they stood before this save. */
export interface Before {
  others: OtherReader[];
  owner: Journey | null;
}

export async function othersBefore(
  s: Submission,
  tx: Db,
  { reader, stored, ownerBefore }: Merged,
  members?: MemberRow[],
): Promise<Before> {
  if (!reader) return { others: [], owner: null };
  return {
    others: await otherReaders(s.services, tx, reader.app, reader.role, members),
    owner: ownerBefore ?? ownerJourney(s.services, reader.app, stored),
  };
}

export async function tellOthers(
  s: Submission,
  tx: Db,
  { reader, stored, doc, changed }: Merged,
  { app, ownerAfter }: Decided,
  voided: Voided[],
  ownerDone: string[],
  before: Before,
  after: AfterCommit,
): Promise<void> {
  const { services, userId, now } = s;
  const store = applicationStore(services);
  if (reader && changed.length)
    for (const other of before.others) {
      const signing = voided.some((v) => v.signer === other.role)
        ? signingStepOf(services.defs, other.role)
        : null;
      const completedAfter =
        other.role === OWNER_ROLE ? ownerDone : other.completed.filter((id) => id !== signing?.stepId);
      const stepId = reopenedStep(
        services,
        roleJourney(services, app, other.role, stored, other.completed),
        roleJourney(services, app, other.role, doc, completedAfter),
      );
      if (!stepId) continue;
      const because =
        stepId === signing?.stepId ? voided.find((v) => v.signer === other.role)!.pointers : changed;
      await store.audit(tx, {
        actorKind: "applicant",
        actorId: userId,
        action: reopenedAction(other.role, stepId),
        applicationId: app.id,
        changed: because,
      });
      // A voided signature has its own mail (../voided.ts).
      if (!signing)
        after.work.push(() =>
          notifyReopened(services, app, doc, { reader: other, stepId, by: reader.role, changed: because }),
        );
    }
  if (reader && before.owner && !before.owner.submitted && ownerAfter.submitted) {
    await store.audit(tx, {
      actorKind: "applicant",
      actorId: userId,
      action: auditAction("application.submitted"),
      applicationId: app.id,
      changed: [],
    });
    const submitted = {
      applicationId: app.id,
      submittedBy: reader.role,
      roles: [...new Set([OWNER_ROLE, reader.role, ...before.others.map((o) => o.role)])],
      at: now,
    };
    after.work.push(() => services.events.emit("applicationSubmitted", submitted));
  }
}
