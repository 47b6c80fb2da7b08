// The domain's steps in an owner's save, registered like effects (../effect-table.ts) instead of
// written into step.submit: each runs in the transaction before the save, may refuse it or change
// the document, and may return what to do once the application is saved (in the same transaction),
// which may in turn leave work for after the commit. They run in this order on every owner save.
import { invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { accountEmail, emailPointerOf } from "@engine/lending/borrowers";
import type { Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
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

/** An email proven by another account is theirs: that person signs in instead (rules/account.json says which answer). */
const accountEmailClaim: OwnerSaveStep = {
  name: "account email",
  async beforeSave({ s, tx, app, stored, doc }) {
    const { defs } = s.services;
    const email = accountEmail(defs, doc);
    if (email === null || email === accountEmail(defs, stored)) return;
    if (await applicationStore(s.services).claimEmail(tx, app.ownerId, email.toLowerCase())) return;
    throw invalidAnswers([
      {
        pointer: emailPointerOf(defs),
        message: "An application with this email already exists. Sign in to continue it.",
      },
    ]);
  },
};

/** A decline the pricing rules make is a credit decision: recorded with its notice, mailed after the commit. */
const pricingDecline: OwnerSaveStep = {
  name: "pricing decline",
  async beforeSave({ s, tx, app, doc }) {
    const declined = recordDecline(s.services.defs, doc, s.now);
    if (!declined) return;
    const noticePdf = await attachNoticePdf(app.id, declined.decision);
    return async () => {
      await applicationStore(s.services).audit(tx, {
        actorKind: "system",
        actorId: null,
        action: auditAction("decision.declined", declined.decision.ruleId),
        applicationId: app.id,
        changed: ["/decisions"],
      });
      const email = accountEmail(s.services.defs, doc);
      return () => deliverNotice(s.services, email, declined.text, noticePdf);
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

export const OWNER_SAVE_STEPS: OwnerSaveStep[] = [accountEmailClaim, pricingDecline, drawRelease];
