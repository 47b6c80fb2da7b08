// The domain's steps in an owner's save, registered like effects (../effect-table.ts) instead of
// written into step.submit: each runs in the transaction before the save, may refuse it or change
// the document, and may return what to do once the application is saved (in the same transaction),
// which may in turn leave work for after the commit. They run in this order on every owner save.
import { invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import type { Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import {
  markDeclineClock,
  ownerNoticeDelivery,
  pendingDecline,
} from "@server/features/decisions/early-decline";
import {
  attachNoticePdf,
  deliverNotice,
  recordDecline,
  type Decline,
} from "@server/features/decisions/adverse-action";
import { assertDrawMayBeReleased } from "@server/features/esign/draw-release";
import type { Later } from "./after-commit";
import type { Submission } from "./submission";

export interface OwnerSave {
  s: Submission;
  tx: Db;
  app: StoredApplication;
  stored: Record<string, unknown>;
  /** The document to save: a step that adds to it puts a new one here (it may be the stored one, frozen). */
  doc: Record<string, unknown>;
  /** The status this save moves the application to. */
  status: string;
  /**
   * The decline the pricing rules make on `doc` (null: none), worked out once for the steps that
   * ask (the recorded decision and the clock read the same one; the rules do not read decisions).
   */
  decline(): Decline | null;
}

type OnceSaved = () => Promise<Later | void>;

export interface OwnerSaveStep {
  name: string;
  beforeSave(save: OwnerSave): Promise<OnceSaved | void>;
}

/**
 * A decline the pricing rules make at pricing is a credit decision: recorded with its notice,
 * delivered after the commit. One that rests on an answer the applicant can still change
 * (confirmFirst) is left to their confirmation (../../decisions/early-decline.ts): recordDecline
 * skips it.
 */
const pricingDecline: OwnerSaveStep = {
  name: "pricing decline",
  async beforeSave(save) {
    const { s, tx, app, decline } = save;
    const declined = recordDecline(s.services.defs, save.doc, s.now, undefined, decline());
    if (!declined) return;
    const doc = (save.doc = declined.doc);
    // As the decision notices go: e-delivered only with E-SIGN consent and a proven address, else paper.
    const { email: noticeTo, mailTo } = await ownerNoticeDelivery(s.services, tx, app, doc);
    declined.decision.delivery = noticeTo ? "email" : "mail";
    if (!noticeTo) Object.assign(declined.decision, { mailTo: mailTo ?? undefined, mailedOn: null });
    const noticePdf = await attachNoticePdf(app.id, declined.decision, s.services.defs.texts);
    return async () => {
      await applicationStore(s.services).audit(tx, {
        actorKind: "system",
        actorId: null,
        action: auditAction("decision.declined", declined.decision.ruleId),
        applicationId: app.id,
        changed: ["/decisions"],
      });
      return () =>
        deliverNotice(s.services, app, noticeTo, declined.text, noticePdf, {
          addressOnFile: !!declined.decision.mailTo,
        });
    };
  },
};

/**
 * A decline that waits for the applicant's confirmation runs a clock from the save whose answers
 * first led to it: left unconfirmed past params.pricing.unconfirmedDeclineDays, the server issues
 * it (../../decisions/unconfirmed-declines.ts). A save that leads elsewhere stops it.
 */
const declineClock: OwnerSaveStep = {
  name: "early decline clock",
  async beforeSave({ s, tx, app, doc, decline }) {
    const pending = pendingDecline(s.services, doc, decline()) !== null;
    return async () => {
      await markDeclineClock(tx, app, pending ? s.now : null);
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
export const OWNER_SAVE_STEPS: OwnerSaveStep[] = [pricingDecline, declineClock, drawRelease];
