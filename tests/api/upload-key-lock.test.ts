// An upload and a removal of the same stored file take turns across server processes
// (HELOC_PROCESSES, or servers sharing PostgreSQL): a removal must never delete bytes an upload of
// the same content is about to refer to (server/features/uploads/key-lock.ts). Each "process" here
// is a database handle of its own on the same database, as each server process opens one; the
// in-memory turns are per handle, so only the database's claim keeps them apart. Runs on both
// databases (`npm run test:postgres` for PostgreSQL).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDb, type OpenDb } from "@server/persistence/db/client";
import { fileClaims } from "@server/persistence/db/schema";
import { withKeyLock } from "@server/features/uploads/key-lock";
import { UploadError } from "@server/features/uploads/upload-error";
import { freshDatabaseUrl } from "../helpers/server";

let first: OpenDb;
let second: OpenDb;
beforeEach(async () => {
  const url = await freshDatabaseUrl();
  const path = join(mkdtempSync(join(tmpdir(), "heloc-key-lock-")), "heloc.db");
  first = await openDb({ url, path, sharedWriters: true });
  second = await openDb({ url, path, sharedWriters: true });
});
afterEach(async () => {
  await first.close();
  await second.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KEY = "ab".repeat(32);

/** A piece of work that notes when it starts and ends, taking a while in between (storing a file). */
function noted(log: string[], name: string, ms = 60) {
  return async () => {
    log.push(`${name} starts`);
    await sleep(ms);
    log.push(`${name} ends`);
    return name;
  };
}

describe("an upload and a removal of the same file in two server processes", () => {
  it("take turns: the second starts only once the first has ended", async () => {
    const log: string[] = [];
    const results = await Promise.all([
      withKeyLock(first.db, KEY, noted(log, "upload")),
      sleep(5).then(() => withKeyLock(second.db, KEY, noted(log, "removal"))),
    ]);
    expect(results).toEqual(["upload", "removal"]);
    expect(log).toEqual(["upload starts", "upload ends", "removal starts", "removal ends"]);
    // Nothing is left claimed: the next turn goes at once.
    expect(await first.db.select().from(fileClaims)).toEqual([]);
  });

  it("do not wait for each other on different files", async () => {
    const log: string[] = [];
    await Promise.all([
      withKeyLock(first.db, KEY, noted(log, "upload")),
      sleep(5).then(() => withKeyLock(second.db, "cd".repeat(32), noted(log, "removal"))),
    ]);
    expect(log.slice(0, 2)).toEqual(["upload starts", "removal starts"]);
  });

  it("lets the other go after a failed turn, and keeps nothing claimed", async () => {
    const failing = withKeyLock(first.db, KEY, async () => {
      await sleep(30);
      throw new Error("the storage failed");
    });
    const after = sleep(5).then(() => withKeyLock(second.db, KEY, async () => "removed"));
    await expect(failing).rejects.toThrow("the storage failed");
    await expect(after).resolves.toBe("removed");
    expect(await first.db.select().from(fileClaims)).toEqual([]);
  });

  it("takes over a claim its holder stopped renewing (its process died)", async () => {
    await first.db
      .insert(fileClaims)
      .values({ storageKey: KEY, holder: "a process that died", claimedAt: Date.now() - 5_000 });
    const ran = await withKeyLock(second.db, KEY, async () => "stored", { waitMs: 2_000, staleMs: 1_000 });
    expect(ran).toBe("stored");
    expect(await first.db.select().from(fileClaims)).toEqual([]);
  });

  it("refuses with 409, running nothing, when another holds the file past the wait", async () => {
    await first.db
      .insert(fileClaims)
      .values({ storageKey: KEY, holder: "another process at work", claimedAt: Date.now() });
    let ran = false;
    const refused = await withKeyLock(
      second.db,
      KEY,
      async () => {
        ran = true;
      },
      { waitMs: 200, staleMs: 60_000 },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).status).toBe(409);
    expect((refused as UploadError).message).toMatch(/being stored or removed/);
    // Said as a word, so a Spanish reader is told it in Spanish.
    expect((refused as UploadError).said?.word).toBe("refusal.upload.fileBusy");
    expect(ran).toBe(false);
    // The other's claim is left as it was.
    expect((await first.db.select().from(fileClaims)).map((c) => c.holder)).toEqual([
      "another process at work",
    ]);
  });
});
