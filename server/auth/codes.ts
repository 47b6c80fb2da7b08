// Email one-time sign-in codes: 6 digits, valid 10 minutes, at most 5 tries, one live code per
// address (a new request retires the old). Only an HMAC of the code is stored: a million codes
// are too few for a plain hash to hide them from someone reading the database.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { transaction, type Db } from "../db/client";
import { signInCodes } from "../db/schema";
import type { SessionKind } from "./sessions";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodeCheck = "ok" | "invalid" | "expired" | "locked" | "none";
/** Sign-in codes by session kind, mailed to an email; phone codes texted to verify a phone (the address is "<user id>:<phone>"). */
export type CodeKind = SessionKind | "phone";

export function createCodes(db: Db, key: Buffer, now: () => Date = () => new Date()) {
  const mac = (id: string, code: string) => createHmac("sha256", key).update(`${id}:${code}`).digest("hex");
  const live = (kind: CodeKind, email: string) =>
    db.select().from(signInCodes).where(and(eq(signInCodes.kind, kind), eq(signInCodes.email, email), isNull(signInCodes.consumedAt)))
      .orderBy(asc(signInCodes.createdAt));

  return {
    /** A fresh code for the address; the caller sends it. `tx`: the caller's transaction, if it has one. */
    async issue(kind: CodeKind, email: string, tx?: Db): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const id = randomUUID();
      const at = now();
      const write = async (on: Db) => {
        await on.update(signInCodes).set({ consumedAt: at }).where(and(eq(signInCodes.kind, kind), eq(signInCodes.email, email), isNull(signInCodes.consumedAt)));
        await on.insert(signInCodes).values({ id, kind, email, codeHash: mac(id, code), expiresAt: new Date(at.getTime() + CODE_TTL_MS), createdAt: at });
      };
      await (tx ? write(tx) : transaction(db, write));
      return code;
    },
    /** Checks a code; a right code is spent, a wrong one uses up one of the tries. */
    async check(kind: CodeKind, email: string, code: string): Promise<CodeCheck> {
      const row = (await live(kind, email)).at(-1);
      if (!row) return "none";
      if (row.expiresAt.getTime() <= now().getTime()) return "expired";
      if (row.attempts >= CODE_MAX_ATTEMPTS) return "locked";
      const expected = Buffer.from(row.codeHash, "hex");
      const given = Buffer.from(mac(row.id, code), "hex");
      if (/^\d{6}$/.test(code) && timingSafeEqual(expected, given)) {
        await db.update(signInCodes).set({ consumedAt: now() }).where(eq(signInCodes.id, row.id));
        return "ok";
      }
      await db.update(signInCodes).set({ attempts: row.attempts + 1 }).where(eq(signInCodes.id, row.id));
      return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? "locked" : "invalid";
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
