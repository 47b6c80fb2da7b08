// The server's security building blocks on their own: field encryption, sessions after Lucia's
// design, password hashing, rate limits, sensitive fields from the schemas.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changedPointers } from "@engine/base/pointer";
import { maskSensitive, restoreMasked, sensitiveFields } from "@engine/validation/sensitive";
import { hashPassword, verifyPassword } from "@server/features/auth/passwords";
import { createSessions, SESSION_TTL_MS } from "@server/features/auth/sessions";
import { openDb } from "@server/persistence/db/client";
import { applicantSessions, users } from "@server/persistence/db/schema";
import { createCipher, loadKey } from "@server/platform/crypto/encryption";
import { createRateLimiter, dbRateLimiter, rateLimitKeyMac } from "@server/transport/security/rate-limit";
import { rateLimitWindows } from "@server/persistence/db/schema";
import { repo } from "../helpers/definitions";

describe("field encryption (AES-256-GCM)", () => {
  const cipher = createCipher(randomBytes(32));

  it("round-trips a value and never repeats a ciphertext", () => {
    const a = cipher.encrypt("123456789");
    expect(a).not.toContain("123456789");
    expect(a).not.toBe(cipher.encrypt("123456789"));
    expect(cipher.decrypt(a)).toBe("123456789");
  });

  it("refuses a tampered ciphertext", () => {
    const sealed = cipher.encrypt("123456789");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[1]!, "base64url");
    body[0]! ^= 1;
    parts[1] = body.toString("base64url");
    expect(() => cipher.decrypt(parts.join("."))).toThrow();
  });

  it("refuses a value sealed under another key", () => {
    expect(() => createCipher(randomBytes(32)).decrypt(cipher.encrypt("123456789"))).toThrow();
  });

  it("generates a development key once and reads it back", () => {
    const dir = mkdtempSync(join(tmpdir(), "heloc-key-"));
    const first = loadKey(undefined, dir);
    expect(first.key).toHaveLength(32);
    expect(loadKey(undefined, dir).key.equals(first.key)).toBe(true);
  });

  it("names APP_ENCRYPTION_KEY when it is not 32 bytes", () => {
    expect(() => loadKey("abcd", "/nonexistent")).toThrow(/APP_ENCRYPTION_KEY/);
    expect(loadKey(randomBytes(32).toString("hex"), "/nonexistent").key).toHaveLength(32);
  });
});

describe("sessions (Lucia's design)", () => {
  const setup = async () => {
    let now = Date.UTC(2026, 10, 1);
    const { db } = await openDb({ path: ":memory:" });
    await db.insert(users).values({ id: "u1", createdAt: new Date(now) });
    const sessions = createSessions(db, "applicant", () => new Date(now));
    return { db, sessions, advance: (ms: number) => (now += ms) };
  };

  it("stores only the SHA-256 of the secret, and validates the token", async () => {
    const { sessions } = await setup();
    const { token, session } = await sessions.create("u1");
    expect(token).toMatch(/^[a-z2-7]+\.[a-z2-7]+$/);
    expect((await sessions.validate(token))?.session.userId).toBe("u1");
    expect(token.split(".")[0]).toBe(session.id);
  });

  it("refuses a token with the right id and a wrong secret", async () => {
    const { sessions } = await setup();
    const { token } = await sessions.create("u1");
    const [id] = token.split(".");
    expect(await sessions.validate(`${id}.${"a".repeat(32)}`)).toBeNull();
    expect(await sessions.validate(`${id}`)).toBeNull();
    expect(await sessions.validate(undefined)).toBeNull();
  });

  it("slides the expiry forward once less than half the lifetime is left", async () => {
    const { sessions, advance } = await setup();
    const { token, session } = await sessions.create("u1");
    advance(SESSION_TTL_MS.applicant / 4);
    expect(await sessions.validate(token)).toMatchObject({ renewed: false });
    advance(SESSION_TTL_MS.applicant / 2);
    const renewed = (await sessions.validate(token))!;
    expect(renewed.renewed).toBe(true);
    expect(renewed.session.expiresAt.getTime()).toBeGreaterThan(session.expiresAt.getTime());
    // Past the first expiry, within the renewed one: the renewal was stored.
    advance(SESSION_TTL_MS.applicant / 2);
    expect(await sessions.validate(token)).toMatchObject({ renewed: false });
  });

  it("ends a session left unused past its lifetime, and one signed out, removing its row", async () => {
    const { db, sessions, advance } = await setup();
    const { token } = await sessions.create("u1");
    const { session: other } = await sessions.create("u1");
    advance(SESSION_TTL_MS.applicant + 1);
    expect(await sessions.validate(token)).toBeNull();
    const ids = async () =>
      (await db.select({ id: applicantSessions.id }).from(applicantSessions)).map((r) => r.id);
    expect(await ids()).toEqual([other.id]);
    await sessions.invalidate(other.id);
    expect(await ids()).toEqual([]);
  });
});

describe("passwords", () => {
  it("hashes with scrypt and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });
});

describe("rate limits", () => {
  it("allows the limit in a window, refuses the next with the wait, and opens again", async () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    expect([(await limiter.hit("a")).ok, (await limiter.hit("a")).ok, (await limiter.hit("a")).ok]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await limiter.hit("a")).toEqual({ ok: false, retryAfterMs: 60_000 });
    expect((await limiter.hit("b")).ok).toBe(true);
    now = 60_000;
    expect((await limiter.hit("a")).ok).toBe(true);
  });

  it("counts in the database: two servers' limiters share one count, and no email is stored", async () => {
    const { db, close } = await openDb({ path: ":memory:" });
    try {
      let now = 0;
      const mac = rateLimitKeyMac(Buffer.alloc(32, 7));
      const serverA = dbRateLimiter(db, "signIn", { limit: 3, windowMs: 60_000 }, mac, () => now);
      const serverB = dbRateLimiter(db, "signIn", { limit: 3, windowMs: 60_000 }, mac, () => now);
      const other = dbRateLimiter(db, "upload", { limit: 3, windowMs: 60_000 }, mac, () => now);
      expect([
        (await serverA.hit("ann@example.com")).ok,
        (await serverB.hit("ann@example.com")).ok,
        (await serverA.hit("ann@example.com", 1)).ok,
      ]).toEqual([true, true, true]);
      now = 10_000;
      expect(await serverB.hit("ann@example.com")).toEqual({ ok: false, retryAfterMs: 50_000 });
      expect((await other.hit("ann@example.com")).ok).toBe(true); // limiters are named apart
      expect(JSON.stringify(await db.select().from(rateLimitWindows))).not.toContain("ann@");
      now = 60_000;
      expect((await serverB.hit("ann@example.com")).ok).toBe(true); // a new window
      expect(await serverA.count("ann@example.com")).toBe(1);
      expect(await other.count("ann@example.com")).toBe(1); // its own count
      await serverA.reset("ann@example.com");
      expect(await serverB.count("ann@example.com")).toBe(0);
      expect((await serverB.hit("ann@example.com", 3)).ok).toBe(true);
      expect((await serverA.hit("ann@example.com")).ok).toBe(false);
    } finally {
      await close();
    }
  });
});

describe("sensitive fields come from the schemas", () => {
  const fields = sensitiveFields(repo.defs.files);

  it("finds every identifier the schemas mark: SSNs and the bank account number masked; dates of birth, phones and street lines sealed but shown", () => {
    expect(fields).toEqual(
      expect.arrayContaining([
        { pattern: "/user/ssn", format: "ssn", masked: true },
        { pattern: "/coborrower/ssn", format: "ssn", masked: true },
        expect.objectContaining({ pattern: "/disbursement/bankAccount/accountNumber", masked: true }),
        // Typed a second time to confirm it: as secret as the number itself.
        expect.objectContaining({ pattern: "/disbursement/accountNumberConfirm", masked: true }),
        { pattern: "/user/dateOfBirth", format: "date", masked: false },
        { pattern: "/coborrower/phone", format: "phone", masked: false },
        { pattern: "/user/address/line1", masked: false },
        { pattern: "/propertyOwnership/*/address/line2", masked: false },
        { pattern: "/property/line1", masked: false },
      ]),
    );
    expect(fields.filter((f) => f.masked)).toHaveLength(4);
    expect(fields.map((f) => f.pattern)).not.toContain("/user/address/city");
  });

  it("masks only the writeOnly ones: the owner reads back their date of birth and phone", () => {
    const doc = { user: { ssn: "123456789", dateOfBirth: "1980-01-31", phone: "3035550100" } };
    expect(maskSensitive(doc, fields)).toEqual({
      user: { ssn: "*** - ** - 6789", dateOfBirth: "1980-01-31", phone: "3035550100" },
    });
  });

  it("masks an SSN as *** - ** - last4", () => {
    expect(maskSensitive({ user: { ssn: "123456789", firstName: "Ada" } }, fields)).toEqual({
      user: { ssn: "*** - ** - 6789", firstName: "Ada" },
    });
  });

  it("restores the stored SSN when its mask comes back, but not a different value", () => {
    const stored = { user: { ssn: "123456789" } };
    expect(restoreMasked({ user: { ssn: "*** - ** - 6789" } }, stored, fields)).toEqual(stored);
    expect(restoreMasked({ user: { ssn: "*** - ** - 0000" } }, stored, fields)).toEqual({
      user: { ssn: "*** - ** - 0000" },
    });
  });

  it("lists changed fields by their leaves", () => {
    expect(
      changedPointers(
        { setup: { zip: "10001" } },
        { setup: { zip: "10002" }, user: { ssn: "x", name: { first: "A" } } },
      ),
    ).toEqual(["/setup/zip", "/user/ssn", "/user/name/first"]);
  });

  it("lists a list as one value, a value of another type or removed as a change, and nothing for an equal copy", () => {
    const doc = {
      debts: [{ balance: 1 }, { balance: 2 }],
      zip: "10001",
      count: 0,
      gone: null,
      user: { name: { first: "A" } },
    };
    expect(changedPointers(doc, structuredClone(doc))).toEqual([]);
    expect(changedPointers(doc, { ...doc, debts: [{ balance: 1 }, { balance: 3 }] })).toEqual(["/debts"]);
    expect(changedPointers(doc, { ...doc, count: false, zip: 10001 })).toEqual(["/zip", "/count"]);
    const { gone: _gone, ...without } = doc;
    expect(changedPointers(doc, without)).toEqual(["/gone"]);
    expect(changedPointers({ a: { "x/y": 1 } }, { a: { "x/y": 2 } })).toEqual(["/a/x~1y"]);
  });
});

describe("the database", () => {
  it("opens with WAL and synchronous=FULL so an acknowledged answer survives a power cut", async () => {
    const dir = mkdtempSync(join(tmpdir(), "heloc-db-"));
    const { db, close } = await openDb({ path: join(dir, "x.sqlite") });
    const client = (db as unknown as { $client: import("better-sqlite3").Database }).$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("synchronous", { simple: true })).toBe(2); // 2 = FULL
    await close();
  });
});
