// Whose uploads an account reads and adds: the application it reads (its own, or the one it joined
// as co-borrower), and within it each borrower's own documents (rules/members.json).
import { said } from "@engine/locale/server-words";
import { eq } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { documentsFor, memberRole } from "@engine/funnel/members";
import { keptFiles, signatures, uploads } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { memberStore, type Reader } from "../members/store";
import { readLoanFile } from "../loan/store";
import { UploadError } from "./upload-error";

/** The application the account reads; `applicationId`, when given, must be that one. */
export async function readerOf(services: Services, userId: string, applicationId?: string | null) {
  const reader = await memberStore(services).readerOf(services.db, userId);
  if (applicationId && applicationId !== reader?.app.id)
    throw new UploadError(403, "FORBIDDEN", said("refusal.upload.notYours"), "applicationId");
  if (!reader) throw new UploadError(404, "NOT_FOUND", said("refusal.upload.noApplication"));
  return reader;
}

/** Whether a borrower's documents are the reader's own to upload and see. */
export const ownDocuments = (services: Services, reader: Reader) =>
  documentsFor(services.defs, reader.part, reader.app.doc, todayIso(services.now()));

/**
 * Whether a member whose part another borrower answers (they only consent and sign) may still
 * upload this document: one a document condition of the loan file asks of them and is waiting for.
 * The condition is asked of that person, so the upload is theirs to give, in their own session.
 */
export async function askedOfThem(
  services: Services,
  reader: Reader,
  target: { borrower: string | null; documentType: string },
): Promise<boolean> {
  if (!reader.part.only || target.borrower !== memberRole(services.defs, reader.part.role).documents)
    return false;
  const loan = await readLoanFile(services.db, reader.app.id);
  return Boolean(
    loan?.file.conditions.some(
      (c) =>
        c.type === "document" &&
        c.status === "open" &&
        c.documentType === target.documentType &&
        c.borrowers.includes(target.borrower!),
    ),
  );
}

export const notYours = () =>
  new UploadError(403, "FORBIDDEN", said("refusal.upload.ownDocuments"), "borrower");

/**
 * Deletes a stored file once no upload row, signed PDF or kept record (a notice, the closing
 * package: kept_files) refers to it any more. Called in the key's turn (withKeyLock).
 */
export async function deleteIfUnreferenced({ db, storage }: Services, key: string) {
  const referring = [
    db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.storageKey, key)).limit(1),
    db.select({ key: signatures.pdfKey }).from(signatures).where(eq(signatures.pdfKey, key)).limit(1),
    db.select({ key: keptFiles.storageKey }).from(keptFiles).where(eq(keptFiles.storageKey, key)).limit(1),
  ];
  for (const query of referring) if ((await query).length) return;
  await storage.delete(key);
}
