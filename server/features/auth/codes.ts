// Email one-time sign-in codes: 6 digits, valid 10 minutes, one live code per address (a new
// request retires the old). Only an HMAC of the code is stored (a million codes are too few for a
// plain hash to hide them from someone reading the database), and the address only as an HMAC
// too: the table never holds an email or a phone number.
//
// Tries are counted per guesser where the caller names one (the IP of a sign-in): each may try a
// code 5 times, so a stranger's guesses never lock the owner out of their own code; and 20 wrong
// tries in all retire it (a guess then has a 1 in 50,000 chance). Without a guesser (a phone code,
// entered only in its owner's session), 5 tries in all.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, not, like } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { signInCodes } from "@server/persistence/db/schema";
import { createRateLimiter, type RateLimiter } from "@server/transport/security/rate-limit";
import type { SessionKind } from "./sessions";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong tries of one code from everyone together, when tries are counted per guesser. */
export const CODE_MAX_ATTEMPTS_IN_ALL = 20;

export type CodeCheck = "ok" | "invalid" | "expired" | "locked" | "none";
/** Sign-in codes by session kind, mailed to an email; phone codes texted to verify a phone (the address is "<user id>:<phone>"). */
export type CodeKind = SessionKind | "phone";

/** How a stored address starts: an HMAC, never the address. */
const MAC_PREFIX = "mac:";

export function createCodes(
  db: Db,
  key: Buffer,
  now: () => Date = () => new Date(),
  tries: RateLimiter = createRateLimiter({ limit: CODE_MAX_ATTEMPTS - 1, windowMs: CODE_TTL_MS }),
) {
  const mac = (id: string, code: string) => createHmac("sha256", key).update(`${id}:${code}`).digest("hex");
  /** What the table holds for an address: a keyed hash, so equal addresses still find each other. */
  const addressOf = (kind: CodeKind, address: string) =>
    `${MAC_PREFIX}${createHmac("sha256", key).update(`address:${kind}:${address}`).digest("base64url")}`;
  const live = (kind: CodeKind, email: string) =>
    db
      .select()
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.kind, kind),
          eq(signInCodes.email, addressOf(kind, email)),
          isNull(signInCodes.consumedAt),
        ),
      )
      .orderBy(asc(signInCodes.createdAt));

  return {
    /** A fresh code for the address; the caller sends it. `tx`: the caller's transaction, if it has one. */
    async issue(kind: CodeKind, email: string, tx?: Db): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const id = randomUUID();
      const at = now();
      const address = addressOf(kind, email);
      const write = async (on: Db) => {
        await on
          .update(signInCodes)
          .set({ consumedAt: at })
          .where(
            and(eq(signInCodes.kind, kind), eq(signInCodes.email, address), isNull(signInCodes.consumedAt)),
          );
        await on.insert(signInCodes).values({
          id,
          kind,
          email: address,
          codeHash: mac(id, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        });
      };
      await (tx ? write(tx) : transaction(db, write));
      return code;
    },
    /** Whether a code for the address was issued within the last `ms` and is still unused. */
    async issuedWithin(kind: CodeKind, email: string, ms: number): Promise<boolean> {
      const row = (await live(kind, email)).at(-1);
      return (
        !!row && now().getTime() - row.createdAt.getTime() < ms && row.expiresAt.getTime() > now().getTime()
      );
    },
    /** Checks a code; a right code is spent, a wrong one uses up one of the tries (of `guesser`, when named). */
    async check(kind: CodeKind, email: string, code: string, guesser?: string): Promise<CodeCheck> {
      const row = (await live(kind, email)).at(-1);
      if (!row) return "none";
      if (row.expiresAt.getTime() <= now().getTime()) return "expired";
      const inAll = guesser === undefined ? CODE_MAX_ATTEMPTS : CODE_MAX_ATTEMPTS_IN_ALL;
      const triesKey = `${row.id}:${guesser}`;
      if (row.attempts >= inAll || (guesser !== undefined && !(await tries.hit(triesKey, 0)).ok))
        return "locked";
      const expected = Buffer.from(row.codeHash, "hex");
      const given = Buffer.from(mac(row.id, code), "hex");
      if (/^\d{6}$/.test(code) && timingSafeEqual(expected, given)) {
        await db.update(signInCodes).set({ consumedAt: now() }).where(eq(signInCodes.id, row.id));
        return "ok";
      }
      await db
        .update(signInCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(signInCodes.id, row.id));
      const mine = guesser === undefined || (await tries.hit(triesKey)).ok;
      return row.attempts + 1 >= inAll || !mine ? "locked" : "invalid";
    },
    /**
     * Rows written before addresses were hashed get their address hashed (on start): the table
     * then holds no email or phone number. Returns how many it changed.
     */
    async sealStoredAddresses(): Promise<number> {
      const rows = await db
        .select({ id: signInCodes.id, kind: signInCodes.kind, email: signInCodes.email })
        .from(signInCodes)
        .where(not(like(signInCodes.email, `${MAC_PREFIX}%`)));
      for (const row of rows)
        await db
          .update(signInCodes)
          .set({ email: addressOf(row.kind, row.email) })
          .where(eq(signInCodes.id, row.id));
      return rows.length;
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
