// The server runs on SQLite and on PostgreSQL (issue 10). What keeps it so: no SQLite-only call
// outside server/persistence/db/, and committed migrations of both dialects that match the schema.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import * as schema from "@server/persistence/db/schema";
import { transaction, openDb } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";

const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

describe("server code that runs on both databases", () => {
  it("uses no synchronous SQLite call (.get(), .all(), .run(), db.transaction, prepare) outside server/persistence/db/", () => {
    // A query builder's .get()/.all()/.run() and better-sqlite3's own calls exist only on SQLite.
    const sqliteOnly =
      /\)\s*\.(get|all|run|values)\(\s*\)|\.all<|\bdb\.(all|get|run|prepare|transaction)\(|\btx\.transaction\(/;
    const offenders = serverFiles(join(REPO_ROOT, "server"))
      .filter((file) => !file.includes(`${join("server", "persistence", "db")}/`))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${relative(REPO_ROOT, file)}:${i + 1}` }))
          .filter(({ line }) => sqliteOnly.test(line) && !/\.(values|entries|keys)\(\)\]/.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });
});

describe("the committed migrations", () => {
  const tables = Object.values(schema as Record<string, unknown>).filter((t): t is Table => is(t, Table));
  const expected = Object.fromEntries(
    tables.map((t) => [
      getTableName(t),
      Object.values(getTableColumns(t))
        .map((c) => c.name)
        .sort(),
    ]),
  );
  const latestSnapshot = (folder: string) => {
    const meta = join(REPO_ROOT, "server/persistence/db", folder, "meta");
    const newest = readdirSync(meta)
      .filter((f) => f.endsWith("_snapshot.json"))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(join(meta, newest), "utf8")) as {
      tables: Record<string, { name: string; columns: Record<string, unknown> }>;
    };
    return Object.fromEntries(
      Object.values(snapshot.tables).map((t) => [t.name, Object.keys(t.columns).sort()]),
    );
  };

  it("of SQLite hold every table and column of server/persistence/db/schema.ts (npm run db:generate)", () => {
    expect(latestSnapshot("migrations")).toEqual(expected);
  });

  it("of PostgreSQL hold every table and column of server/persistence/db/schema.ts (npm run db:generate:pg)", () => {
    expect(latestSnapshot("migrations-pg")).toEqual(expected);
  });
});

describe("transactions on SQLite", () => {
  it("keep all of a transaction or none of it", async () => {
    const { db, close } = await openDb({ path: ":memory:" });
    const at = new Date();
    await transaction(db, async (tx) => void (await tx.insert(users).values({ id: "kept", createdAt: at })));
    await expect(
      transaction(db, async (tx) => {
        await tx.insert(users).values({ id: "undone", createdAt: at });
        throw new Error("the step's effect failed");
      }),
    ).rejects.toThrow("the step's effect failed");
    expect((await db.select({ id: users.id }).from(users)).map((u) => u.id)).toEqual(["kept"]);
    await close();
  });

  it("run one after the other when started together, each seeing the one before", async () => {
    const { db, close } = await openDb({ path: ":memory:" });
    const order: string[] = [];
    const count = async (tx: typeof db) => (await tx.select({ id: users.id }).from(users)).length;
    await Promise.all(
      ["a", "b", "c"].map((id) =>
        transaction(db, async (tx) => {
          const before = await count(tx);
          await tx.insert(users).values({ id, createdAt: new Date() });
          order.push(`${id}:${before}`);
        }),
      ),
    );
    expect(order).toEqual(["a:0", "b:1", "c:2"]);
    await close();
  });
});
