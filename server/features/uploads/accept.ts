// One upload: checked completely before anything is kept; then the file is stored, and the uploads
// row and the entry in the application document's `uploads` are written in one transaction. When
// that transaction fails, a file stored for it alone is removed again: nothing is left behind.
import { said } from "@engine/locale/server-words";
import { randomUUID } from "node:crypto";
import { auditAction, fileArgs } from "@engine/lending/audit-actions";
import { ownerRole } from "@engine/lending/borrowers";
import { idDocumentType } from "@engine/lending/documents";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { todayIso } from "@engine/base/dates";
import { describeAjvErrors } from "@engine/validation/messages";
import { transaction, type Db } from "@server/persistence/db/client";
import { uploads } from "@server/persistence/db/schema";
import { sha256Hex, type StoredFile } from "@server/persistence/storage";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { startIdentityCaseIfComplete } from "../identity/checks";
import { conditionUploaded } from "../loan/conditions";
import type { IdentityStatus } from "../identity/provider";
import { memberStore, type Reader } from "../members/store";
import { askedOfThem, deleteIfUnreferenced, notYours, ownDocuments, readerOf } from "./access";
import { cleanFileName } from "./file-name";
import { withKeyLock } from "./key-lock";
import { resolveUpload, type UploadAsk, type UploadTarget } from "./requirements";
import type { SniffedType } from "./sniff";
import { UploadError } from "./upload-error";
import { viewOf } from "./view";
import { errorKind } from "@server/platform/observability/log";

export interface UploadInput {
  ownerId: string;
  applicationId?: string | null;
  ask: UploadAsk;
  fileName: string;
  bytes: Uint8Array;
  type: SniffedType;
}

/** Checks, stores and records one upload; then starts an identity case when it completes a photo ID. */
export async function acceptUpload(services: Services, input: UploadInput) {
  const reader = await readerOf(services, input.ownerId, input.applicationId);
  const first = resolved(services, reader.app, input.ask); // before any byte is written
  if (
    !ownDocuments(services, reader)(first.target.borrower) &&
    !(await askedOfThem(services, reader, first.target))
  )
    throw notYours();
  const key = sha256Hex(input.bytes);
  const fileName = cleanFileName(input.fileName, input.type, first.target.documentType);
  const view = await withKeyLock(services.db, key, () => storeAndRecord(services, reader, input, fileName));
  // A document condition of the loan file waiting for this document counts it (the processor reviews it).
  await conditionUploaded(services, {
    applicationId: reader.app.id,
    userId: input.ownerId,
    borrower: view.borrower,
    documentType: view.documentType,
    uploadId: view.id,
  }).catch((error: unknown) =>
    services.log.error({ err: errorKind(error) }, "upload: the loan file's conditions were not updated"),
  );
  let identityReview: IdentityStatus | null = null;
  if (view.documentType === idDocumentType(services.defs))
    identityReview = await startIdentityCaseIfComplete(services, reader.app.id, view.borrower);
  return { upload: view, identityReview };
}

function resolved(services: Services, app: StoredApplication, ask: UploadAsk) {
  const result = resolveUpload(services.defs, app.doc, ask, todayIso(services.now()));
  if (!result.ok) throw new UploadError(400, "BAD_REQUEST", result.message, result.field);
  return result;
}

const changedMeanwhile = () => new UploadError(409, "CONFLICT", said("refusal.upload.changedWhileUploading"));

async function storeAndRecord(services: Services, reader: Reader, input: UploadInput, fileName: string) {
  const stored = await services.storage.put(input.bytes);
  try {
    return await transaction(services.db, (tx) => record(services, tx, reader, input, { stored, fileName }));
  } catch (error) {
    if (stored.created) await deleteIfUnreferenced(services, stored.key);
    throw error;
  }
}

interface Kept {
  stored: StoredFile;
  fileName: string;
}

/** The uploads row, the document's entry and the audit event, in the transaction `tx`. */
async function record(services: Services, tx: Db, reader: Reader, input: UploadInput, file: Kept) {
  const store = applicationStore(services);
  // The application as it is now, inside the transaction: it may have changed since the check above.
  const fresh = (await memberStore(services).readerOf(tx, input.ownerId))?.app;
  if (!fresh || fresh.id !== reader.app.id) throw changedMeanwhile();
  const { target } = resolved(services, fresh, input.ask);
  const row = uploadRow(fresh.id, target, input.type, file, services.now());
  await tx.insert(uploads).values(row);
  const before = Array.isArray(fresh.doc.uploads) ? (fresh.doc.uploads as unknown[]) : [];
  const doc = { ...fresh.doc, uploads: [...before, documentEntry(services, row, target)] };
  refuseUnfit(services, doc);
  // A member's upload leaves the owner's revision: it never makes the owner's open page stale.
  if (!(await store.save(tx, fresh, doc, fresh.status, fresh.recheck, { bumpRevision: !reader.member })))
    throw changedMeanwhile();
  // Pointers only: no file name, no content.
  await store.audit(tx, {
    actorKind: "applicant",
    actorId: input.ownerId,
    action: auditAction("upload.add", ...fileArgs(target)),
    applicationId: fresh.id,
    changed: [`/uploads/${before.length}`],
  });
  return viewOf(row);
}

function uploadRow(
  applicationId: string,
  target: UploadTarget,
  type: SniffedType,
  { stored, fileName }: Kept,
  at: Date,
): typeof uploads.$inferSelect {
  return {
    id: randomUUID(),
    applicationId,
    borrower: target.borrower,
    documentType: target.documentType,
    documentSubtype: target.subtype,
    side: target.side,
    fileName,
    contentType: type.contentType,
    size: stored.size,
    sha256: stored.sha256,
    storageKey: stored.key,
    propertyId: target.propertyId,
    reviewStatus: null,
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: at,
  };
}

/** The upload as the application document lists it (schemas/application.json's `uploads`). */
const documentEntry = (services: Services, row: typeof uploads.$inferSelect, target: UploadTarget) => ({
  id: row.id,
  type: target.documentType,
  ...(target.subtype ? { subtype: target.subtype } : {}),
  ...(target.side ? { side: target.side } : {}),
  isCoborrower: target.borrower !== ownerRole(services.defs),
  ...(target.propertyId ? { propertyId: target.propertyId } : {}),
  fileId: row.storageKey,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.size,
  sha256: row.sha256,
  uploadedAt: row.createdAt.toISOString(),
});

function refuseUnfit(services: Services, doc: Record<string, unknown>) {
  const validate = compileSchemaFile(services.defs, "application.json");
  if (validate(doc)) return;
  const [problem] = describeAjvErrors(validate.errors);
  throw new UploadError(
    400,
    "BAD_REQUEST",
    `The upload could not be recorded: ${problem?.message ?? "it does not fit the application"}.`,
    /fileName/.test(problem?.pointer ?? "") ? "file" : null,
  );
}
