// Group commit on SQLite (server/persistence/db/client.ts): transactions started together share one durable
// COMMIT, each in its own savepoint; a caller hears back only after that COMMIT.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDb, transaction, writeWithoutSync, type OpenDb } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";

let dir: string;
let opened: OpenDb;
/** A second connection to the same file: it sees only what is committed. */
let outside: Database.Database;
const committedIds = () =>
  (outside.prepare("SELECT id FROM users ORDER BY id").all() as { id: string }[]).map((r) => r.id);
const insert = (id: string) => (tx: OpenDb["db"]) =>
  tx
    .insert(users)
    .values({ id, createdAt: new Date() })
    .then(() => id);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  opened = await openDb({ path: join(dir, "app.db") });
  outside = new Database(join(dir, "app.db"), { readonly: true });
});
afterEach(async () => {
  outside.close();
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("transactions started together on SQLite", () => {
  it("are all kept, and each caller hears back only once its data is committed", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `user-${String(i).padStart(2, "0")}`);
    const seenAtAnswer: Record<string, boolean> = {};
    await Promise.all(
      ids.map((id) =>
        transaction(opened.db, insert(id)).then(() => void (seenAtAnswer[id] = committedIds().includes(id))),
      ),
    );
    expect(committedIds()).toEqual(ids);
    expect(Object.values(seenAtAnswer)).toEqual(ids.map(() => true));
  });

  it("share one commit: the second runs while the first, finished, is not committed yet", async () => {
    let seenByTheSecond: string[] | null = null;
    await Promise.all([
      transaction(opened.db, insert("first")),
      transaction(opened.db, async (tx) => {
        seenByTheSecond = committedIds();
        return insert("second")(tx);
      }),
    ]);
    expect(seenByTheSecond).toEqual([]);
    expect(committedIds()).toEqual(["first", "second"]);
  });

  it("undo only the one that fails: it saves nothing, the others before and after it are kept", async () => {
    const results = await Promise.allSettled([
      transaction(opened.db, insert("before")),
      transaction(opened.db, async (tx) => {
        await insert("failing")(tx);
        throw new Error("the step's effect failed");
      }),
      transaction(opened.db, insert("after")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("the step's effect failed");
    expect(committedIds()).toEqual(["after", "before"]);
  });

  it("undo a failed statement's transaction alone too (a duplicate key), and answer the failure after the commit", async () => {
    await transaction(opened.db, insert("taken"));
    let committedAtRefusal: string[] = [];
    const results = await Promise.allSettled([
      transaction(opened.db, insert("one")),
      transaction(opened.db, async (tx) => {
        await insert("mine")(tx);
        await insert("taken")(tx);
      }).catch((error: unknown) => {
        committedAtRefusal = committedIds();
        throw error;
      }),
      transaction(opened.db, insert("two")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(committedAtRefusal).toEqual(["one", "taken", "two"]);
    expect(committedIds()).toEqual(["one", "taken", "two"]);
  });

  it("refuse a transaction started inside another", async () => {
    await expect(transaction(opened.db, () => transaction(opened.db, insert("nested")))).rejects.toThrow(
      "a transaction was started inside another",
    );
    expect(committedIds()).toEqual([]);
  });
});

describe("a write without durability (writeWithoutSync: rate-limit counts, message records)", () => {
  const level = () =>
    (opened.db as unknown as { $client: Database.Database }).$client.pragma("synchronous", { simple: true });

  it("is committed at once, at synchronous=NORMAL, and leaves the connection at FULL", async () => {
    expect(level()).toBe(2); // FULL
    const pending = writeWithoutSync(
      opened.db,
      opened.db.insert(users).values({ id: "counted", createdAt: new Date() }),
    );
    // Ran before anything was awaited: no other statement could have run at NORMAL.
    expect(committedIds()).toEqual(["counted"]);
    expect(level()).toBe(2);
    await pending;
  });

  it("inside a transaction is part of it: undone with it, synced by its COMMIT", async () => {
    await expect(
      transaction(opened.db, async (tx) => {
        await writeWithoutSync(tx, tx.insert(users).values({ id: "inside", createdAt: new Date() }));
        expect(level()).toBe(2);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(committedIds()).toEqual([]);
  });
});
