// Another process writing the same SQLite file (HELOC_PROCESSES > 1): a transaction waits for its
// write lock without holding up this process's event loop, and one that waits too long is refused
// as a conflict to try again, never a raw SQLITE_BUSY (server/persistence/db/client.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseBusy, openDb, transaction, WriteConflict, type OpenDb } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";

let dir: string;
let opened: OpenDb;
/** Another writer of the same file, as a second server process is. */
let other: Database.Database;
const insert = (id: string) => (tx: OpenDb["db"]) =>
  tx
    .insert(users)
    .values({ id, createdAt: new Date() })
    .then(() => id);
const ids = () =>
  (other.prepare("SELECT id FROM users ORDER BY id").all() as { id: string }[]).map((r) => r.id);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "busy-wait-"));
  opened = await openDb({ path: join(dir, "app.db"), busyWaitMs: 1000, sharedWriters: true });
  other = new Database(join(dir, "app.db"));
});
afterEach(async () => {
  if (other.inTransaction) other.exec("ROLLBACK");
  other.close();
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a transaction while another process writes the SQLite file", () => {
  it("waits for the other's commit with its event loop free, then commits after it", async () => {
    other.exec("BEGIN IMMEDIATE");
    other.prepare("INSERT INTO users (id, created_at) VALUES (?, ?)").run("other", Date.now());
    const saving = transaction(opened.db, insert("mine"));
    // Timers of this process still fire while the save waits: SQLite's busy handler would have
    // slept on this thread, and the other's COMMIT below (a timer) would never have come.
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 5);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ids()).toEqual(["other"]); // the other's own view: "mine" is not there yet
    other.exec("COMMIT");
    await expect(saving).resolves.toBe("mine");
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(5);
    expect(ids()).toEqual(["mine", "other"]);
  });

  it("is refused as busy (a conflict to try again) when the other holds the lock past the wait, and saves nothing", async () => {
    other.exec("BEGIN IMMEDIATE");
    const started = performance.now();
    const refused = await transaction(opened.db, insert("mine")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseBusy);
    expect(refused).toBeInstanceOf(WriteConflict);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    other.exec("ROLLBACK");
    expect(ids()).toEqual([]);
    // The next transaction, the lock free again, goes through.
    await expect(transaction(opened.db, insert("later"))).resolves.toBe("later");
    expect(ids()).toEqual(["later"]);
  });
});

describe("a server alone on its SQLite file (no other server process)", () => {
  it("refuses as busy (a conflict to try again), saving nothing, when a command beside it holds the lock past the wait", async () => {
    const alone = await openDb({ path: join(dir, "app.db"), busyWaitMs: 300 });
    try {
      other.exec("BEGIN IMMEDIATE");
      const started = performance.now();
      const refused = await transaction(alone.db, insert("mine")).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseBusy);
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
      other.exec("ROLLBACK");
      expect(ids()).toEqual([]);
      await expect(transaction(alone.db, insert("later"))).resolves.toBe("later");
      expect(ids()).toEqual(["later"]);
    } finally {
      await alone.close();
    }
  });
});
