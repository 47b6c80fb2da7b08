// The session, rate-limit and bot-check token statements, prepared once (issue 34), write and read
// what they did when each was built per call, on both databases (`npm run test:postgres` runs this
// file on PostgreSQL). Each statement runs twice or more, so a prepared one is run again too.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDb } from "@server/persistence/db/client";
import { applicantSessions, users } from "@server/persistence/db/schema";
import { dbSpentTokens } from "@server/persistence/store/spent-tokens";
import { createSessions, SESSION_TTL_MS } from "@server/features/auth/sessions";
import { dbRateLimiter, rateLimitKeyMac } from "@server/transport/security/rate-limit";
import { freshDatabaseUrl } from "../helpers/server";

async function freshDb() {
  const url = await freshDatabaseUrl();
  return openDb({ url, path: join(mkdtempSync(join(tmpdir(), "heloc-prepared-")), "heloc.db") });
}

describe("statements prepared once", () => {
  it("spend a bot-check token once, across handles of one database", async () => {
    const { db, close } = await freshDb();
    try {
      const first = dbSpentTokens(db);
      const second = dbSpentTokens(db);
      expect(await first.spend("token-a", new Date(Date.now() + 60_000))).toBe(true);
      expect(await second.spend("token-a", new Date(Date.now() + 60_000))).toBe(false);
      expect(await second.spend("token-b", new Date(Date.now() + 60_000))).toBe(true);
    } finally {
      await close();
    }
  });

  it("renew a session's expiry in its row, and end one past its lifetime or signed out", async () => {
    const { db, close } = await freshDb();
    try {
      let now = Date.UTC(2026, 10, 1);
      await db.insert(users).values({ id: "u1", createdAt: new Date(now) });
      const sessions = createSessions(db, "applicant", () => new Date(now));
      const ttl = SESSION_TTL_MS.applicant;
      const kept = await sessions.create("u1");
      const left = await sessions.create("u1");
      const out = await sessions.create("u1");
      now += (ttl * 3) / 4;
      for (const token of [kept.token, kept.token]) expect(await sessions.validate(token)).not.toBeNull();
      const [row] = await db
        .select({ id: applicantSessions.id, expiresAt: applicantSessions.expiresAt })
        .from(applicantSessions)
        .where(eqId(kept.session.id));
      expect(row!.expiresAt.getTime()).toBe(now + ttl);
      await sessions.invalidate(out.session.id);
      now += ttl / 2;
      // Past the first lifetime: the renewed one stands, the one left unused ends.
      expect(await sessions.validate(kept.token)).toMatchObject({ renewed: false });
      expect(await sessions.validate(left.token)).toBeNull();
      const ids = (await db.select({ id: applicantSessions.id }).from(applicantSessions)).map((r) => r.id);
      expect(ids).toEqual([kept.session.id]);
    } finally {
      await close();
    }
  });

  it("count a rate limit's window and reset it", async () => {
    const { db, close } = await freshDb();
    try {
      let now = 1_000_000;
      const limiter = dbRateLimiter(
        db,
        "signIn",
        { limit: 2, windowMs: 60_000 },
        rateLimitKeyMac(Buffer.alloc(32, 3)),
        () => now,
      );
      await limiter.hit("ann");
      await limiter.hit("ann");
      expect([await limiter.count("ann"), await limiter.count("bob")]).toEqual([2, 0]);
      expect((await limiter.hit("ann")).ok).toBe(false);
      await limiter.reset("ann");
      await limiter.reset("bob");
      expect(await limiter.count("ann")).toBe(0);
      expect((await limiter.hit("ann")).ok).toBe(true);
      now += 60_000;
      expect(await limiter.count("ann")).toBe(0);
    } finally {
      await close();
    }
  });
});

const eqId = (id: string) => eq(applicantSessions.id, id);
