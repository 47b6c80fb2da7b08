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
import { and, asc, eq, gt, isNull, like, lt, not, sql } from "drizzle-orm";
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

/** A code judged: a right one comes with the spending, for the transaction of what it grants. */
export type CodeVerdict =
  { result: Exclude<CodeCheck, "ok"> } | { result: "ok"; spend(tx: Db): Promise<CodeCheck> };

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

  /**
   * Spends the code `id` in `tx` if it still may be spent: one UPDATE whose WHERE is the check,
   * so a code spent, retired, expired or locked since it was judged is left as it is, and said why.
   */
  const spend = async (tx: Db, id: string, triesAllowed: number): Promise<CodeCheck> => {
    const at = now();
    const spent = await tx
      .update(signInCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(signInCodes.id, id),
          isNull(signInCodes.consumedAt),
          gt(signInCodes.expiresAt, at),
          Number.isFinite(triesAllowed) ? lt(signInCodes.attempts, triesAllowed) : undefined,
        ),
      )
      .returning({ id: signInCodes.id });
    if (spent.length) return "ok";
    const [row] = await tx.select().from(signInCodes).where(eq(signInCodes.id, id));
    // Spent by another request, or retired by a newer code: as a code that is no longer live.
    if (!row || row.consumedAt) return "none";
    return row.expiresAt.getTime() <= at.getTime() ? "expired" : "locked";
  };

  /**
   * Judges a code without spending it. A wrong one is counted at once, in a transaction of its
   * own that joins the server's grouped commit: against the code and, when `guesser` is named,
   * against that guesser's tries at this address, whatever becomes of the request. A right one
   * comes with `spend`, for the transaction of what the code grants (a step's save): the code is
   * spent there only if it still may be (unspent, unexpired, not locked by wrong tries made since),
   * so of two requests with the same right code one is granted; `spend` says "ok", or why not.
   */
  const verify = async (
    kind: CodeKind,
    email: string,
    code: string,
    guesser?: string,
  ): Promise<CodeVerdict> => {
    const guesserKey = `${addressOf(kind, email)}:${guesser}`;
    const wrongBefore = guesser === undefined ? 0 : await guesses.count(guesserKey);
    const row = (await live(kind, email)).at(-1);
    if (!row) return { result: "none" };
    if (row.expiresAt.getTime() <= now().getTime()) return { result: "expired" };
    // The wrong tries a code may have taken and still be tried: without a guesser, CODE_MAX_ATTEMPTS
    // from anyone; an IP that tried wrong here, UNDER_ATTACK; an IP that has not, any number.
    const triesAllowed =
      guesser === undefined ? CODE_MAX_ATTEMPTS : wrongBefore > 0 ? UNDER_ATTACK : Infinity;
    if (row.attempts >= triesAllowed || wrongBefore >= GUESSES_PER_IP) return { result: "locked" };
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(mac(row.id, code), "hex");
    if (/^\d{6}$/.test(code) && timingSafeEqual(expected, given))
      return { result: "ok", spend: (tx) => spend(tx, row.id, triesAllowed) };
    // Counted in SQL, not from the row read above: wrong tries at the same moment each count.
    const [counted] = await transaction(db, (tx) =>
      tx
        .update(signInCodes)
        .set({ attempts: sql`${signInCodes.attempts} + 1` })
        .where(eq(signInCodes.id, row.id))
        .returning({ attempts: signInCodes.attempts }),
    );
    if (guesser === undefined)
      return { result: (counted?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS ? "locked" : "invalid" };
    return { result: (await guesses.hit(guesserKey)).ok ? "invalid" : "locked" };
  };

  return {
    verify,
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
     * Checks a code and, when it is right, spends it and runs `onRight` in one transaction of their
     * own (the sign-in pages): what a right code grants is committed with its spending, in one
     * commit (a throw from `onRight` keeps the code unspent). A step's save spends its code in its
     * own transaction instead (`verify`).
     */
    async check(
      kind: CodeKind,
      email: string,
      code: string,
      guesser?: string,
      onRight?: (tx: Db) => Promise<void>,
    ): Promise<CodeCheck> {
      const verdict = await verify(kind, email, code, guesser);
      if (verdict.result !== "ok") return verdict.result;
      return transaction(db, async (tx) => {
        const spent = await verdict.spend(tx);
        if (spent === "ok") await onRight?.(tx);
        return spent;
      });
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
