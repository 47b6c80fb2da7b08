// Fixed-window rate limits per key (an email, an IP). Two implementations of one interface: the
// database one the server uses, so several servers on one database count together and a restart
// forgets nothing; and an in-memory one for code that needs no sharing (unit tests).
import { createHmac } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { writeWithoutSync, type Db } from "@server/persistence/db/client";
import { preparedQuery, written } from "@server/persistence/db/prepared";
import { rateLimitWindows } from "@server/persistence/db/schema";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type RateLimitHit = { ok: true } | { ok: false; retryAfterMs: number };

export interface RateLimiter {
  /**
   * Counts `weight` attempts (default 1); `ok` false once the key is over its limit in the current
   * window. `within`: the transaction the hit belongs to, when one is open (a step effect's): the
   * count is written on its connection, so it never waits for a second one from the pool (with the
   * pool's every connection held by such transactions, that wait would never end), and is undone
   * with the save it counted.
   */
  hit(key: string, weight?: number, within?: Db): Promise<RateLimitHit>;
  /** The attempts counted for the key in its current window (0 when none), without counting one. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

const verdict = (count: number, start: number, at: number, { limit, windowMs }: RateLimit): RateLimitHit =>
  count <= limit ? { ok: true } : { ok: false, retryAfterMs: start + windowMs - at };

/** In this process only. Old windows are dropped as new hits arrive, so the map stays small. */
export function createRateLimiter(rule: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (at: number) => {
    for (const [key, w] of windows) if (at - w.start >= rule.windowMs) windows.delete(key);
  };
  return {
    async hit(key, weight = 1) {
      const at = now();
      if (windows.size > 10_000) prune(at);
      let w = windows.get(key);
      if (!w || at - w.start >= rule.windowMs) windows.set(key, (w = { start: at, count: 0 }));
      w.count += weight;
      return verdict(w.count, w.start, at, rule);
    },
    async count(key) {
      const w = windows.get(key);
      return w && now() - w.start < rule.windowMs ? w.count : 0;
    },
    reset: async (key) => void windows.delete(key),
  };
}

/**
 * One hit on a window: a new window, or one more in it, or a new one once the window is over.
 * Prepared once (every save counts a few: building and preparing the upsert anew was a fifth of a
 * newcomer's first save).
 */
const sinceStart = sql`${sql.placeholder("at")} - ${rateLimitWindows.windowStart} >= ${sql.placeholder("windowMs")}`;
const hitWindow = preparedQuery("rateLimitHit", (db) =>
  db
    .insert(rateLimitWindows)
    .values({ bucket: written("bucket"), windowStart: written("at"), count: written("weight") })
    .onConflictDoUpdate({
      target: rateLimitWindows.bucket,
      set: {
        count: sql`CASE WHEN ${sinceStart} THEN ${sql.placeholder("weight")} ELSE ${rateLimitWindows.count} + ${sql.placeholder("weight")} END`,
        windowStart: sql`CASE WHEN ${sinceStart} THEN ${sql.placeholder("at")} ELSE ${rateLimitWindows.windowStart} END`,
      },
    })
    .returning({ count: rateLimitWindows.count, start: rateLimitWindows.windowStart }),
);

/** A window's count as it stands (without a hit), and a window's end: prepared once. */
const windowOf = preparedQuery("rateLimitWindow", (db) =>
  db
    .select({ count: rateLimitWindows.count, start: rateLimitWindows.windowStart })
    .from(rateLimitWindows)
    .where(eq(rateLimitWindows.bucket, sql.placeholder("bucket"))),
);
const resetWindow = preparedQuery("rateLimitReset", (db) =>
  db.delete(rateLimitWindows).where(eq(rateLimitWindows.bucket, sql.placeholder("bucket"))),
);

/**
 * In the database, named so limiters do not share counts. Keys are stored as an HMAC (`keyMac`):
 * the table never holds an email or an IP address. One upsert per hit, in SQLite's own atomic
 * statement (an upsert both databases run atomically), so concurrent servers cannot both pass the
 * last allowed hit. Written without waiting for the disk (`writeWithoutSync`).
 */
export function dbRateLimiter(
  db: Db,
  name: string,
  rule: RateLimit,
  keyMac: (key: string) => string,
  now: () => number = Date.now,
): RateLimiter {
  const bucketOf = (key: string) => `${name}:${keyMac(key)}`;
  let hits = 0;
  return {
    async hit(key, weight = 1, within = db) {
      const at = now();
      // Now and then, drop windows long over (every limiter's windows are far shorter than a day).
      if (++hits % 1000 === 0)
        await writeWithoutSync(
          db,
          db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, at - 86_400_000)),
        );
      // A count lost at a power cut lets a few more attempts through: not worth an fsync per hit.
      const [row] = await writeWithoutSync(
        within,
        hitWindow.query(within, { bucket: bucketOf(key), at, weight, windowMs: rule.windowMs }),
      );
      return verdict(row!.count, row!.start, at, rule);
    },
    async count(key) {
      const [row] = await windowOf(db, { bucket: bucketOf(key) });
      return row && now() - row.start < rule.windowMs ? row.count : 0;
    },
    reset: async (key) => void (await writeWithoutSync(db, resetWindow.query(db, { bucket: bucketOf(key) }))),
  };
}

/** The HMAC that stands for a rate-limit key in the database. */
export const rateLimitKeyMac = (secret: Buffer) => (key: string) =>
  createHmac("sha256", secret).update(key).digest("base64url").slice(0, 32);
