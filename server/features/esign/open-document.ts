// A text a step says must be opened before it can be saved (a giveDisclosures effect's mustOpen:
// the CFPB booklet, 12 CFR 1026.40(e)), opened by the applicant: the server records which text
// (version, SHA-256 of the text as shown), when and by whom, at the effect's openedAt, and audits
// it. Only a document the step names in mustOpen, on a step open to this reader, can be recorded.
import { said } from "@engine/locale/server-words";
import { auditAction } from "@engine/lending/audit-actions";
import { getAt, setAt } from "@engine/base/pointer";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { fieldSaid, invalidAnswers, refuse } from "@server/features/refusal";
import { memberStore } from "../members/store";
import { refuseClosedStep } from "../steps/access";
import { journeyFor } from "../steps/journey";
import { openedDisclosures, type OpenedDisclosure } from "./give-disclosures";
import { documentsFor } from "./signatures";

export interface OpenRequest {
  stepId: string;
  document: string;
}

/** Records that this reader opened `document` on `stepId`; returns the record (the earlier one when this very text was opened before). */
export async function openDocument(
  services: Services,
  userId: string,
  { stepId, document }: OpenRequest,
): Promise<OpenedDisclosure> {
  const step = services.defs.steps.get(stepId)?.def;
  if (!step) throw invalidAnswers([fieldSaid("/stepId", said("refusal.step.noSuch", { step: stepId }))]);
  const effect = (step.effects ?? []).find(
    (e) => e.kind === "giveDisclosures" && (e.mustOpen ?? []).includes(document),
  );
  if (!effect?.openedAt)
    throw invalidAnswers([fieldSaid("/document", said("refusal.esign.notAskedToOpen", { document }))]);
  const pointer = effect.openedAt;
  const store = applicationStore(services);
  const now = services.now();
  // One application read then written, so its row is locked first, as a step's save does
  // (server/persistence/db/client.ts `lockedRows`): another applicant's save never aborts this one.
  return transaction(
    services.db,
    async (tx) => {
      const reader = await memberStore(services).readerOf(tx, userId, await store.lockOf(tx, userId));
      if (!reader) throw refuse("notFound", said("refusal.noApplication"));
      refuseClosedStep(services, reader, journeyFor(services, reader), step);
      const app = reader.app;
      const [shown] = documentsFor(services, app.doc, [document], { now, role: reader.role });
      if (!shown) throw refuse("notFound", said("refusal.esign.notGiven", { document }));
      const before = openedDisclosures(app.doc, pointer);
      const known = before.find(
        (o) => o.document === document && o.sha256 === shown.sha256 && o.openedBy === reader.role,
      );
      if (known) return known;
      const opened: OpenedDisclosure = {
        document,
        version: shown.version,
        language: shown.language,
        sha256: shown.sha256,
        openedAt: now.toISOString(),
        openedBy: reader.role,
        step: step.id,
      };
      const list = getAt(app.doc, pointer);
      const doc = setAt(app.doc, pointer, [...(Array.isArray(list) ? list : []), opened]);
      // The answers' revision is not bumped: opening a text changes no answer the open form holds.
      if (!(await store.save(tx, app, doc, app.status, app.recheck, { bumpRevision: false })))
        throw refuse("conflict", said("refusal.esign.changedInAnotherWindow"));
      await store.audit(tx, {
        actorKind: "applicant",
        actorId: userId,
        action: auditAction("disclosures.opened", document),
        applicationId: app.id,
        changed: [pointer],
      });
      return opened;
    },
    { isolation: "lockedRows" },
  );
}
