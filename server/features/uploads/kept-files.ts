// Files a record of ours keeps: stored and named in kept_files in one turn of the file's lock, so
// an applicant's removal of an upload with the same bytes (a notice they were mailed, uploaded and
// taken back) never deletes the lender's copy, whichever comes first.
import { sha256Hex, type StoredFile } from "@server/persistence/storage";
import { transaction } from "@server/persistence/db/client";
import { keptFiles } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { withKeyLock } from "./key-lock";

/** What keeps a file: the record that refers to it by its content key. */
export type KeptKind = "notice" | "adverseActionNotice" | "rescissionNotice" | "signedCopy" | "signedPackage";

export async function keepFile(services: Services, bytes: Uint8Array, kind: KeptKind): Promise<StoredFile> {
  return withKeyLock(services.db, sha256Hex(bytes), async () => {
    const { key, sha256, size } = await services.storage.put(bytes);
    await transaction(services.db, (tx) =>
      tx.insert(keptFiles).values({ storageKey: key, kind, createdAt: services.now() }).onConflictDoNothing(),
    );
    return { key, sha256, size };
  });
}
