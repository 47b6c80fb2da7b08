// A rate limit counted inside a save (the co-borrower invite's, issue 34): the count is written on
// the save's own connection. On PostgreSQL a second connection from the pool would be a wait that
// never ends once every connection is held by such saves; on both databases the count is undone
// with a save that is refused. Runs on both databases (`npm run test:postgres` for PostgreSQL).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDb, transaction } from "@server/persistence/db/client";
import { dbRateLimiter, rateLimitKeyMac } from "@server/transport/security/rate-limit";
import { freshDatabaseUrl } from "../helpers/server";

/** A database whose pool has ONE connection on PostgreSQL: a second one asked for never comes. */
async function onePooledConnection() {
  const url = await freshDatabaseUrl();
  const before = process.env.DATABASE_POOL_SIZE;
  process.env.DATABASE_POOL_SIZE = "1";
  try {
    return await openDb({ url, path: join(mkdtempSync(join(tmpdir(), "heloc-limit-")), "heloc.db") });
  } finally {
    if (before === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = before;
  }
}

const refused = new Error("the save is refused");

describe("a rate limit counted inside a save", () => {
  it("counts on the save's own connection, and the count is undone when the save is refused", async () => {
    const { db, close } = await onePooledConnection();
    try {
      const invites = dbRateLimiter(
        db,
        "invitesPerApplicant",
        { limit: 2, windowMs: 3_600_000 },
        rateLimitKeyMac(Buffer.alloc(32, 1)),
      );
      // Within a transaction holding the pool's only connection: answers instead of waiting forever.
      const counted = await Promise.race([
        transaction(db, async (tx) => invites.hit("application-1", 1, tx), { isolation: "lockedRows" }),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
      ]);
      expect(counted).toEqual({ ok: true });
      expect(await invites.count("application-1")).toBe(1);

      await expect(
        transaction(db, async (tx) => {
          await invites.hit("application-1", 1, tx);
          throw refused;
        }),
      ).rejects.toBe(refused);
      expect(await invites.count("application-1")).toBe(1);

      await transaction(db, async (tx) => invites.hit("application-1", 1, tx));
      const third = await transaction(db, async (tx) => invites.hit("application-1", 1, tx));
      expect(third.ok).toBe(false);
    } finally {
      await close();
    }
  });
});
