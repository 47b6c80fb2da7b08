// Email one-time sign-in codes: 6 digits, valid 10 minutes, one live code per address (a new
// request retires the old). Only an HMAC of the code is stored (a million codes are too few for a
// plain hash to hide them from someone reading the database), and the address only as an HMAC
// too: the table never holds an email or a phone number.
//
// Wrong tries are counted per guesser where the caller names one (the IP of a sign-in), per
// address rather than per code (docs/security.md, "Code lockout"): each IP may try wrong
// GUESSES_PER_IP times an address in 15 minutes, whichever codes it tried. Wrong tries never
// retire a code, so no stranger can lock the owner out of a code, and a new code owes nothing to
// the failures on an older one. Once a code has taken UNDER_ATTACK wrong tries from everyone, only
// an IP that has not yet tried wrong at this address may try it: the owner, typing the code they
// received, still gets in; a crowd of guessers gets one try per address each. Without a guesser (a
// phone code, entered only in its owner's session), 5 wrong tries in all retire the code.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, not, like } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { signInCodes } from "@server/persistence/db/schema";
import { createRateLimiter, type RateLimiter } from "@server/transport/security/rate-limit";
import type { SessionKind } from "./sessions";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong tries one guesser (an IP) may make at one address in GUESS_WINDOW_MS, across its codes. */
export const GUESSES_PER_IP = 5;
export const GUESS_WINDOW_MS = 15 * 60_000;
/** Wrong tries of one code from everyone after which only an IP with no wrong try at the address may try it. */
export const UNDER_ATTACK = 20;

export type CodeCheck = "ok" | "invalid" | "expired" | "locked" | "none";
/** Sign-in codes by session kind, mailed to an email; phone codes texted to verify a phone (the address is "<user id>:<phone>"). */
export type CodeKind = SessionKind | "phone";

/** How a stored address starts: an HMAC, never the address. */
const MAC_PREFIX = "mac:";

export function createCodes(
  db: Db,
  key: Buffer,
  now: () => Date = () => new Date(),
  guesses: RateLimiter = createRateLimiter({ limit: GUESSES_PER_IP - 1, windowMs: GUESS_WINDOW_MS }),
) {
  const mac = (id: string, code: string) => createHmac("sha256", key).update(`${id}:${code}`).digest("hex");
  /** What the table holds for an address: a keyed hash, so equal addresses still find each other. */
  const addressOf = (kind: CodeKind, address: string) =>
    `${MAC_PREFIX}${createHmac("sha256", key).update(`address:${kind}:${address}`).digest("base64url")}`;
  const live = (kind: CodeKind, email: string, on: Db = db) =>
    on
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
    /**
     * Checks a code; a right code is spent, a wrong one counts against the code and, when
     * `guesser` is named, against that guesser's tries at this address. The code's row is read and
     * written in one transaction, which joins the server's grouped commit (server/persistence/db/
     * client.ts) instead of an fsync of its own on the event loop; `onRight` runs in it when the
     * code is right, so what a right code grants is committed with its spending, in one commit
     * (a throw from it keeps the code unspent).
     */
    async check(
      kind: CodeKind,
      email: string,
      code: string,
      guesser?: string,
      onRight?: (tx: Db) => Promise<void>,
    ): Promise<CodeCheck> {
      const guesserKey = `${addressOf(kind, email)}:${guesser}`;
      // Read before the transaction: the guessers' counters are written without an fsync, which
      // SQLite cannot switch to inside one (hit, below, runs after it).
      const wrongBefore = guesser === undefined ? 0 : await guesses.count(guesserKey);
      const result = await transaction(db, async (tx): Promise<CodeCheck | "wrong"> => {
        const row = (await live(kind, email, tx)).at(-1);
        if (!row) return "none";
        if (row.expiresAt.getTime() <= now().getTime()) return "expired";
        if (guesser === undefined) {
          if (row.attempts >= CODE_MAX_ATTEMPTS) return "locked";
        } else if (wrongBefore >= GUESSES_PER_IP || (row.attempts >= UNDER_ATTACK && wrongBefore > 0))
          return "locked";
        const expected = Buffer.from(row.codeHash, "hex");
        const given = Buffer.from(mac(row.id, code), "hex");
        if (/^\d{6}$/.test(code) && timingSafeEqual(expected, given)) {
          await tx.update(signInCodes).set({ consumedAt: now() }).where(eq(signInCodes.id, row.id));
          await onRight?.(tx);
          return "ok";
        }
        await tx
          .update(signInCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(signInCodes.id, row.id));
        if (guesser === undefined) return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? "locked" : "invalid";
        return "wrong";
      });
      if (result !== "wrong") return result;
      return (await guesses.hit(guesserKey)).ok ? "invalid" : "locked";
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
