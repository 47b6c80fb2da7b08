// What the applicant's pages are told of one upload.
import type { BorrowerRole } from "@engine/lending/borrowers";
import type { uploads } from "@server/persistence/db/schema";

export interface UploadView {
  id: string;
  documentType: string;
  subtype: string | null;
  side: string | null;
  borrower: BorrowerRole;
  propertyId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  /** The portal's decision: null while nobody has looked; a rejected file no longer counts, with the reason to read. */
  review: { status: "accepted" | "rejected"; reason: string | null } | null;
}

export const viewOf = (row: typeof uploads.$inferSelect): UploadView => ({
  id: row.id,
  documentType: row.documentType,
  subtype: row.documentSubtype,
  side: row.side,
  borrower: row.borrower,
  propertyId: row.propertyId,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  review: row.reviewStatus ? { status: row.reviewStatus, reason: row.reviewReason } : null,
});
