// uploads.remove: an own upload taken back before the application is submitted; a photo under
// identity review withdraws it from the review.
import { said } from "@engine/locale/server-words";
import { and, eq } from "drizzle-orm";
import { auditAction, fileArgs } from "@engine/lending/audit-actions";
import { isFinalStatus } from "@engine/funnel/journey";
import { transaction, type Db } from "@server/persistence/db/client";
import { identityReviews, uploads } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { memberStore, type Reader } from "../members/store";
import { deleteIfUnreferenced, ownDocuments } from "./access";
import { withKeyLock } from "./key-lock";
import { UploadError } from "./upload-error";

type UploadRow = typeof uploads.$inferSelect;
type ReviewRow = typeof identityReviews.$inferSelect;

export async function removeUpload(services: Services, reader: Reader, uploadId: string, actorId: string) {
  const { row, covering } = await removable(services, reader, uploadId);
  await withKeyLock(services.db, row.storageKey, async () => {
    await transaction(services.db, (tx) => unrecord(services, tx, reader, row, covering, actorId));
    await deleteIfUnreferenced(services, row.storageKey);
  });
  return { removed: uploadId };
}

/** The upload and the identity reviews covering it, when the reader may remove it. */
async function removable(services: Services, reader: Reader, uploadId: string) {
  const { db, defs } = services;
  const { app } = reader;
  if (isFinalStatus(defs, app.status))
    throw new UploadError(403, "FORBIDDEN", said("refusal.upload.submitted"), "uploadId");
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.applicationId, app.id)));
  if (!row || !ownDocuments(services, reader)(row.borrower))
    throw new UploadError(404, "NOT_FOUND", said("refusal.upload.noSuchOnApplication"), "uploadId");
  const reviews = await db.select().from(identityReviews).where(eq(identityReviews.applicationId, app.id));
  const covering = reviews.filter((r) => (JSON.parse(r.uploadIds) as string[]).includes(uploadId));
  if (covering.some((r) => r.status === "approved"))
    throw new UploadError(403, "FORBIDDEN", said("refusal.upload.verifiedId"), "uploadId");
  return { row, covering };
}

/** The row, the document's entry and the audit event go; pending reviews covering the file are withdrawn. */
async function unrecord(
  services: Services,
  tx: Db,
  reader: Reader,
  row: UploadRow,
  covering: ReviewRow[],
  actorId: string,
) {
  const store = applicationStore(services);
  const fresh = (await memberStore(services).readerOf(tx, actorId))?.app;
  if (!fresh || fresh.id !== reader.app.id)
    throw new UploadError(404, "NOT_FOUND", said("refusal.upload.noApplication"));
  await tx.delete(uploads).where(eq(uploads.id, row.id));
  const before = Array.isArray(fresh.doc.uploads) ? (fresh.doc.uploads as { id?: unknown }[]) : [];
  const index = before.findIndex((u) => u.id === row.id);
  const doc = { ...fresh.doc, uploads: before.filter((u) => u.id !== row.id) };
  if (!(await store.save(tx, fresh, doc, fresh.status, fresh.recheck, { bumpRevision: !reader.member })))
    throw new UploadError(409, "CONFLICT", said("refusal.changedMeanwhileRetry"));
  await store.audit(tx, {
    actorKind: "applicant",
    actorId,
    action: auditAction("upload.remove", ...fileArgs({ ...row, subtype: row.documentSubtype })),
    applicationId: fresh.id,
    changed: index >= 0 ? [`/uploads/${index}`] : [],
  });
  for (const review of covering.filter((r) => r.status === "pending"))
    await withdrawReview(services, tx, review, fresh.id);
}

async function withdrawReview(services: Services, tx: Db, review: ReviewRow, applicationId: string) {
  await tx
    .update(identityReviews)
    .set({
      status: "rejected",
      reason: "Withdrawn: the applicant removed a photo of this ID.",
      reviewedBy: "system",
      reviewedAt: services.now(),
      definitionsVersion: services.definitionsVersion,
    })
    .where(and(eq(identityReviews.id, review.id), eq(identityReviews.status, "pending")));
  await applicationStore(services).audit(tx, {
    actorKind: "system",
    actorId: null,
    action: auditAction("identity.withdrawn", review.borrower),
    applicationId,
  });
}
