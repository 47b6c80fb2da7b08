// GET /api/upload/:id: the stored bytes of an upload, for its owner or for a portal user who can
// see its application; anyone else is told it does not exist.
import { said } from "@engine/locale/server-words";
import { eq } from "drizzle-orm";
import { uploads } from "@server/persistence/db/schema";
import { sha256Hex } from "@server/persistence/storage";
import type { Services } from "@server/services";
import { memberStore } from "../members/store";
import { ownDocuments } from "./access";
import { UploadError } from "./upload-error";

export type Downloader = { ownerId: string } | { canSee: (applicationId: string) => Promise<boolean> };

export async function downloadUpload(services: Services, uploadId: string, who: Downloader) {
  const { db, storage } = services;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  const reader = row && "ownerId" in who ? await memberStore(services).readerOf(db, who.ownerId) : null;
  const allowed =
    row &&
    ("ownerId" in who
      ? reader?.app.id === row.applicationId && ownDocuments(services, reader)(row.borrower)
      : await who.canSee(row.applicationId));
  if (!row || !allowed) throw new UploadError(404, "NOT_FOUND", said("refusal.upload.noSuch"));
  const bytes = await storage.get(row.storageKey);
  if (!bytes || sha256Hex(bytes) !== row.sha256) {
    services.log.error({ upload: row.id }, `upload ${row.id}: stored file missing or damaged`);
    throw new UploadError(500, "INTERNAL_SERVER_ERROR", said("refusal.upload.unreadableFile"));
  }
  return { row, bytes };
}
