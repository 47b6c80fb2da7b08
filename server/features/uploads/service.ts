// The logic behind POST /api/upload, GET /api/upload/:id and uploads.list / uploads.remove. An
// upload is checked completely before anything is kept; then the file is stored, and the uploads
// row and the entry in the application document's `uploads` are written in one transaction. When
// that transaction fails, a file stored for it alone is removed again: nothing is left behind.
import { auditAction, fileArgs } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { ownerRole, type BorrowerRole } from "@engine/lending/borrowers";
import { idDocumentType, idHolders } from "@engine/lending/documents";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { todayIso } from "@engine/base/dates";
import { isFinalStatus } from "@engine/funnel/journey";
import { describeAjvErrors } from "@engine/validation/messages";
import { transaction } from "@server/persistence/db/client";
import { identityReviews, signatures, uploads } from "@server/persistence/db/schema";
import { idSidesState, reviewsOf, startIdentityCaseIfComplete } from "../identity/checks";
import type { IdentityStatus } from "../identity/provider";
import type { Services } from "@server/services";
import { sha256Hex } from "@server/persistence/storage";
import { documentsFor } from "@engine/funnel/members";
import { memberStore, type Reader } from "../members/store";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { resolveUpload, type UploadAsk } from "./requirements";
import type { SniffedType } from "./sniff";

export type UploadErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

/** A refusal with the HTTP status, a code, a message for the applicant and the form field it is about. */
export class UploadError extends Error {
  constructor(
    readonly status: UploadErrorStatus,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

// One upload or removal at a time per stored file, so a removal never deletes bytes that an
// upload of the same content is about to refer to.
const locks = new Map<string, Promise<unknown>>();
async function withKeyLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = locks.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const settled = mine.catch(() => undefined);
  locks.set(key, settled);
  try {
    return await mine;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
}

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

const viewOf = (row: typeof uploads.$inferSelect): UploadView => ({
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

/**
 * A file name fit to keep and show: the last path segment, no control characters, one line, at
 * most 200 characters, with the extension of what the file really is.
 */
export function cleanFileName(raw: string, type: SniffedType, fallback: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    // Control and format characters (\p{Cf}: right-to-left overrides and other bidi controls,
    // zero-width characters) would make a name read as something it is not ("invoice\u202Efdp.exe").
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029"]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1) : "";
  // A real extension is replaced when it does not fit the content ("scan.pdf" that is a JPEG
  // becomes "scan.jpg"); a dot inside a name ("v1.2 final") is kept.
  const looksLikeExtension = /^[A-Za-z0-9]{1,5}$/.test(ext);
  const stem = (looksLikeExtension ? base.slice(0, dot) : base).trim();
  const keep = looksLikeExtension && type.extensions.includes(ext.toLowerCase()) ? ext : type.extension;
  const short = stem.slice(0, 200 - keep.length - 1).trim();
  return `${short || fallback}.${keep}`;
}

export function uploadService(services: Services) {
  const { db, defs, storage } = services;
  const store = applicationStore(services);
  const today = () => todayIso(services.now());

  /** True when no upload row or signed PDF refers to the stored file any more. */
  const unreferenced = async (key: string) =>
    (await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.storageKey, key)).limit(1)).length ===
      0 &&
    (await db.select({ id: signatures.id }).from(signatures).where(eq(signatures.pdfKey, key)).limit(1))
      .length === 0;

  const members = memberStore(services);
  /** The application the account reads (its own, or the one it joined as co-borrower). */
  const ownApp = async (userId: string, applicationId?: string | null): Promise<Reader> => {
    const reader = await members.readerOf(db, userId);
    if (applicationId && applicationId !== reader?.app.id)
      throw new UploadError(403, "FORBIDDEN", "That application is not yours.", "applicationId");
    if (!reader) throw new UploadError(404, "NOT_FOUND", "There is no application for this account.");
    return reader;
  };
  /** Each borrower uploads and sees their own documents (rules/members.json). */
  const mine = (reader: Reader) => documentsFor(defs, reader.part, reader.app.doc);
  const notYours = () =>
    new UploadError(
      403,
      "FORBIDDEN",
      "Each borrower uploads their own documents, with their own account.",
      "borrower",
    );

  const refuseUnresolved = (app: StoredApplication, ask: UploadAsk) => {
    const resolved = resolveUpload(defs, app.doc, ask, today());
    if (!resolved.ok) throw new UploadError(400, "BAD_REQUEST", resolved.message, resolved.field);
    return resolved;
  };

  return {
    /** Checks, stores and records one upload; then starts an identity case when it completes a photo ID. */
    async accept(input: {
      ownerId: string;
      applicationId?: string | null;
      ask: UploadAsk;
      fileName: string;
      bytes: Uint8Array;
      type: SniffedType;
    }) {
      const reader = await ownApp(input.ownerId, input.applicationId);
      const { app } = reader;
      const first = refuseUnresolved(app, input.ask); // before any byte is written
      if (!mine(reader)(first.target.borrower)) throw notYours();
      const key = sha256Hex(input.bytes);
      const fileName = cleanFileName(input.fileName, input.type, first.target.documentType);

      const view = await withKeyLock(key, async () => {
        const stored = await storage.put(input.bytes);
        try {
          return await transaction(db, async (tx) => {
            // The application as it is now, inside the transaction: it may have changed since the check above.
            const fresh = (await members.readerOf(tx, input.ownerId))?.app;
            if (!fresh || fresh.id !== app.id)
              throw new UploadError(
                409,
                "CONFLICT",
                "Your application changed while the file was uploading. Please try again.",
              );
            const { target } = refuseUnresolved(fresh, input.ask);
            const at = services.now();
            const row = {
              id: randomUUID(),
              applicationId: fresh.id,
              borrower: target.borrower,
              documentType: target.documentType,
              documentSubtype: target.subtype,
              side: target.side,
              fileName,
              contentType: input.type.contentType,
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
            await tx.insert(uploads).values(row);
            const entry = {
              id: row.id,
              type: target.documentType,
              ...(target.subtype ? { subtype: target.subtype } : {}),
              ...(target.side ? { side: target.side } : {}),
              isCoborrower: target.borrower !== ownerRole(defs),
              ...(target.propertyId ? { propertyId: target.propertyId } : {}),
              fileId: stored.key,
              fileName,
              contentType: row.contentType,
              sizeBytes: row.size,
              sha256: row.sha256,
              uploadedAt: at.toISOString(),
            };
            const before = Array.isArray(fresh.doc.uploads) ? (fresh.doc.uploads as unknown[]) : [];
            const doc = { ...fresh.doc, uploads: [...before, entry] };
            const validate = compileSchemaFile(defs, "application.json");
            if (!validate(doc)) {
              const [problem] = describeAjvErrors(validate.errors);
              throw new UploadError(
                400,
                "BAD_REQUEST",
                `The upload could not be recorded: ${problem?.message ?? "it does not fit the application"}.`,
                /fileName/.test(problem?.pointer ?? "") ? "file" : null,
              );
            }
            // A member's upload leaves the owner's revision: it never makes the owner's open page stale.
            if (
              !(await store.save(tx, fresh, doc, fresh.status, fresh.recheck, {
                bumpRevision: !reader.member,
              }))
            )
              throw new UploadError(
                409,
                "CONFLICT",
                "Your application changed while the file was uploading. Please try again.",
              );
            // Pointers only: no file name, no content.
            await store.audit(tx, {
              actorKind: "applicant",
              actorId: input.ownerId,
              action: auditAction("upload.add", ...fileArgs(target)),
              applicationId: fresh.id,
              changed: [`/uploads/${before.length}`],
            });
            return viewOf(row);
          });
        } catch (error) {
          if (stored.created && (await unreferenced(stored.key))) await storage.delete(stored.key);
          throw error;
        }
      });

      let identityReview: IdentityStatus | null = null;
      if (view.documentType === idDocumentType(defs))
        identityReview = await startIdentityCaseIfComplete(services, app.id, view.borrower);
      return { upload: view, identityReview };
    },

    /** The applicant's uploads, and for each borrower which ID sides are in and how the review stands. */
    async list(reader: Reader) {
      const { app } = reader;
      const isMine = mine(reader);
      const rows = (
        await db
          .select()
          .from(uploads)
          .where(eq(uploads.applicationId, app.id))
          .orderBy(asc(uploads.createdAt), asc(uploads.id))
      ).filter((row) => isMine(row.borrower));
      const reviews = await reviewsOf(db, app.id);
      const borrowers = idHolders(defs, app.doc).filter(isMine);
      return {
        uploads: rows.map(viewOf),
        identity: borrowers.map((borrower) => {
          const review = reviews.get(borrower);
          return {
            ...idSidesState(defs, app.doc, borrower),
            review: review
              ? {
                  status: review.status,
                  ...(review.status === "rejected" && review.reason ? { reason: review.reason } : {}),
                }
              : null,
          };
        }),
        // Once submitted, files stay (they are part of what was submitted); missing ones can still be sent.
        canRemove: !isFinalStatus(defs, app.status),
        /** The largest file one upload may carry, so the page can say so before sending it. */
        maxBytes: services.config.uploadMaxBytes,
      };
    },

    /** Removes an own upload before the application is submitted; a photo under review is withdrawn from it. */
    async remove(reader: Reader, uploadId: string, actorId: string) {
      const { app } = reader;
      if (isFinalStatus(defs, app.status))
        throw new UploadError(
          403,
          "FORBIDDEN",
          "Your application is submitted, so its documents can no longer be removed.",
          "uploadId",
        );
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.applicationId, app.id)));
      if (!row || !mine(reader)(row.borrower))
        throw new UploadError(404, "NOT_FOUND", "There is no such upload on your application.", "uploadId");
      const reviews = await db
        .select()
        .from(identityReviews)
        .where(eq(identityReviews.applicationId, app.id));
      const covering = reviews.filter((r) => (JSON.parse(r.uploadIds) as string[]).includes(uploadId));
      if (covering.some((r) => r.status === "approved"))
        throw new UploadError(
          403,
          "FORBIDDEN",
          "This photo ID has been verified, so it cannot be removed.",
          "uploadId",
        );

      await withKeyLock(row.storageKey, async () => {
        await transaction(db, async (tx) => {
          const fresh = (await members.readerOf(tx, actorId))?.app;
          if (!fresh || fresh.id !== app.id)
            throw new UploadError(404, "NOT_FOUND", "There is no application for this account.");
          await tx.delete(uploads).where(eq(uploads.id, uploadId));
          const before = Array.isArray(fresh.doc.uploads) ? (fresh.doc.uploads as { id?: unknown }[]) : [];
          const index = before.findIndex((u) => u.id === uploadId);
          const doc = { ...fresh.doc, uploads: before.filter((u) => u.id !== uploadId) };
          if (
            !(await store.save(tx, fresh, doc, fresh.status, fresh.recheck, { bumpRevision: !reader.member }))
          )
            throw new UploadError(409, "CONFLICT", "Your application changed meanwhile. Please try again.");
          await store.audit(tx, {
            actorKind: "applicant",
            actorId,
            action: auditAction("upload.remove", ...fileArgs({ ...row, subtype: row.documentSubtype })),
            applicationId: fresh.id,
            changed: index >= 0 ? [`/uploads/${index}`] : [],
          });
          for (const review of covering.filter((r) => r.status === "pending")) {
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
            await store.audit(tx, {
              actorKind: "system",
              actorId: null,
              action: auditAction("identity.withdrawn", review.borrower),
              applicationId: fresh.id,
            });
          }
        });
        if (await unreferenced(row.storageKey)) await storage.delete(row.storageKey);
      });
      return { removed: uploadId };
    },

    /** The stored bytes of an upload, for its owner or for a portal user who can see its application; anyone else is told it does not exist. */
    async download(
      uploadId: string,
      who: { ownerId: string } | { canSee: (applicationId: string) => Promise<boolean> },
    ) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
      const reader = row && "ownerId" in who ? await members.readerOf(db, who.ownerId) : null;
      const allowed =
        row &&
        ("ownerId" in who
          ? reader?.app.id === row.applicationId && mine(reader)(row.borrower)
          : await who.canSee(row.applicationId));
      if (!row || !allowed) throw new UploadError(404, "NOT_FOUND", "There is no such upload.");
      const bytes = await storage.get(row.storageKey);
      if (!bytes || sha256Hex(bytes) !== row.sha256) {
        services.log.error({ upload: row.id }, `upload ${row.id}: stored file missing or damaged`);
        throw new UploadError(
          500,
          "INTERNAL_SERVER_ERROR",
          "This file cannot be read right now. Please try again later.",
        );
      }
      return { row, bytes };
    },
  };
}
