// The portal's decision on uploaded files. A rejected file (a document refused with a reason, or
// the photos of an ID the identity review rejected) no longer counts toward its requirement: it
// leaves the application's `uploads`, so the document rules ask for it again and the applicant's
// checklist shows "Rejected: <reason>" with a way to upload a new one, even after submission. The
// borrower whose document it is is emailed. The file and its row stay, for the record.
import { auditAction, fileArgs } from "@engine/lending/audit-actions";
import { mailGate } from "../messaging/mail";
import { and, eq, inArray } from "drizzle-orm";
import { accessOf, OWNER_ROLE } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import { uploads, users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import type { Services } from "@server/services";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { documentTitle } from "@engine/lending/catalogue";

export interface Decision {
  status: "accepted" | "rejected";
  reason: string | null;
  /** The portal user deciding. */
  reviewedBy: string;
}

/** Records a decision on uploads of one application, in the caller's transaction; returns the rejected rows. */
export async function decideUploads(
  tx: Db,
  services: Services,
  app: StoredApplication,
  uploadIds: string[],
  decision: Decision,
) {
  if (!uploadIds.length) return [];
  const rows = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.applicationId, app.id), inArray(uploads.id, uploadIds)));
  await tx
    .update(uploads)
    .set({
      reviewStatus: decision.status,
      reviewReason: decision.reason,
      reviewedBy: decision.reviewedBy,
      reviewedAt: services.now(),
    })
    .where(and(eq(uploads.applicationId, app.id), inArray(uploads.id, uploadIds)));
  const store = applicationStore(services);
  if (decision.status === "rejected") {
    const before = Array.isArray(app.doc.uploads) ? (app.doc.uploads as { id?: unknown }[]) : [];
    const gone = new Set(uploadIds);
    const doc = { ...app.doc, uploads: before.filter((u) => !gone.has(u.id as string)) };
    // The applicant's answers are not touched: their open page stays current (no new revision).
    if (!(await store.save(tx, app, doc, app.status, app.recheck, { bumpRevision: false })))
      throw new Error("the application changed while the decision was recorded");
  }
  for (const row of rows)
    await store.audit(tx, {
      actorKind: "portal",
      actorId: decision.reviewedBy,
      action: auditAction(
        `portal.upload.${decision.status}`,
        ...fileArgs({ ...row, subtype: row.documentSubtype }),
      ),
      applicationId: app.id,
      changed: [`/uploads/${row.id}`],
    });
  return decision.status === "rejected" ? rows : [];
}

/**
 * Mails the borrower a rejected document is theirs: a member who answers their own part at the
 * address they joined with, otherwise the application's owner (who uploads for a member who only signs).
 */
export async function mailRejections(
  services: Services,
  app: StoredApplication,
  rejected: (typeof uploads.$inferSelect)[],
  reason: string,
) {
  const { db, defs } = services;
  const access = accessOf(defs, app.doc);
  const joined = await memberStore(services).ofApplication(db, app.id);
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, app.ownerId));
  const byAddress = new Map<string, string[]>();
  for (const row of rejected) {
    const member =
      row.borrower !== OWNER_ROLE && access[row.borrower] === "answers"
        ? joined.find((m) => m.role === row.borrower && m.userId)
        : undefined;
    const to = member?.email ?? owner?.email;
    if (!to) continue;
    const label = documentTitle(defs, row.documentType);
    byAddress.set(to, [...new Set([...(byAddress.get(to) ?? []), label])]);
  }
  for (const [to, labels] of byAddress)
    await mailGate(services).send(
      to,
      {
        subject: "We need a new copy of a document for your home equity line of credit",
        text: [
          `We could not accept ${labels.join(", ")} you uploaded.`,
          "",
          `The reason: ${reason}`,
          "",
          "Sign in and open your document checklist to upload a new one. Your application stays with our team meanwhile.",
        ].join("\n"),
      },
      { kind: "document-rejected", applicationId: app.id },
    );
}
