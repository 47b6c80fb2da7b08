// The domain's steps in an owner's save, registered like effects (../effect-table.ts) instead of
// written into step.submit: each runs in the transaction before the save, may refuse it or change
// the document, and may return what to do once the application is saved (in the same transaction),
// which may in turn leave work for after the commit. They run in this order on every owner save.
import { invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { OWNER_ROLE } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { deliverableAddress } from "@server/features/messaging/mail";
import { attachNoticePdf, deliverNotice, recordDecline } from "@server/features/decisions/adverse-action";
import { assertDrawMayBeReleased } from "@server/features/esign/draw-release";
import type { Later } from "./after-commit";
import type { Submission } from "./submission";

export interface OwnerSave {
  s: Submission;
  tx: Db;
  app: StoredApplication;
  stored: Record<string, unknown>;
  doc: Record<string, unknown>;
  /** The status this save moves the application to. */
  status: string;
}

type OnceSaved = () => Promise<Later | void>;

export interface OwnerSaveStep {
  name: string;
  beforeSave(save: OwnerSave): Promise<OnceSaved | void>;
}

/** A decline the pricing rules make is a credit decision: recorded with its notice, mailed after the commit. */
const pricingDecline: OwnerSaveStep = {
  name: "pricing decline",
  async beforeSave({ s, tx, app, doc }) {
    const declined = recordDecline(s.services.defs, doc, s.now);
    if (!declined) return;
    // E-delivered only to an address the applicant proved; otherwise it waits for paper.
    const noticeTo = await deliverableAddress(s.services, app, OWNER_ROLE, tx);
    declined.decision.delivery = noticeTo ? "email" : "mail";
    const noticePdf = await attachNoticePdf(app.id, declined.decision, s.services.defs.texts);
    return async () => {
      await applicationStore(s.services).audit(tx, {
        actorKind: "system",
        actorId: null,
        action: auditAction("decision.declined", declined.decision.ruleId),
        applicationId: app.id,
        changed: ["/decisions"],
      });
      return () => deliverNotice(s.services, app, noticeTo, declined.text, noticePdf);
    };
  },
};

/** No money out while an owner may still cancel (12 CFR 1026.15(c)). */
const drawRelease: OwnerSaveStep = {
  name: "draw release",
  async beforeSave({ s, tx, app, doc, status }) {
    await assertDrawMayBeReleased(tx, s.services, app, doc, status, s.now);
  },
};

// An email typed is only a claim: no step refuses one another account proved (the email step's
// code signs its owner in instead, ../../account/email.ts).
export const OWNER_SAVE_STEPS: OwnerSaveStep[] = [pricingDecline, drawRelease];
