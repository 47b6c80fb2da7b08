// One upload or removal at a time per stored file (its content key), so a removal never deletes
// bytes that an upload of the same content is about to refer to: across every server process on
// the database (HELOC_PROCESSES, or several servers sharing PostgreSQL and the bucket). In a
// process, turns are taken in memory first (no polling between this process's own requests);
// across processes, the turn is a claimed row of file_claims, one per key: inserted (or taken over
// from a holder that stopped renewing it: its process died) to start, renewed while the work runs,
// deleted after. A claim held by another past the wait refuses this one as a conflict to try again.
import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { said } from "@engine/locale/server-words";
import { writeWithoutSync, type Db } from "@server/persistence/db/client";
import { fileClaims } from "@server/persistence/db/schema";
import { UploadError } from "./upload-error";

export interface KeyLockTiming {
  /** How long to wait for another's turn before refusing (ms). */
  waitMs: number;
  /** A claim not renewed for this long is taken over (ms). */
  staleMs: number;
}
const TIMING: KeyLockTiming = { waitMs: 15_000, staleMs: 30_000 };

/** The turns queued in this process, per database handle and key. */
const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();

export async function withKeyLock<T>(
  db: Db,
  key: string,
  run: () => Promise<T>,
  timing: KeyLockTiming = TIMING,
): Promise<T> {
  let locks = queues.get(db);
  if (!locks) queues.set(db, (locks = new Map()));
  const before = locks.get(key) ?? Promise.resolve();
  const turn = () => claimed(db, key, run, timing);
  const mine = before.then(turn, turn);
  const settled = mine.catch(() => undefined);
  locks.set(key, settled);
  try {
    return await mine;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
}

async function claimed<T>(db: Db, key: string, run: () => Promise<T>, timing: KeyLockTiming): Promise<T> {
  const holder = randomUUID();
  await claim(db, key, holder, timing);
  // Renewed well before it would look abandoned, however long a large file takes to store.
  const renewing = setInterval(
    () => void renew(db, key, holder).catch(() => undefined),
    Math.max(10, timing.staleMs / 3),
  );
  renewing.unref();
  try {
    return await run();
  } finally {
    clearInterval(renewing);
    await release(db, key, holder);
  }
}

// A claim's row is not an applicant's data: lost at a power cut, every process went with it, and an
// unreleased one is taken over once stale. So no fsync per claim (writeWithoutSync on SQLite).
async function claim(db: Db, key: string, holder: string, { waitMs, staleMs }: KeyLockTiming) {
  const deadline = Date.now() + waitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    const at = Date.now();
    const [won] = await writeWithoutSync(
      db,
      db
        .insert(fileClaims)
        .values({ storageKey: key, holder, claimedAt: at })
        .onConflictDoUpdate({
          target: fileClaims.storageKey,
          set: { holder, claimedAt: at },
          setWhere: lt(fileClaims.claimedAt, at - staleMs),
        })
        .returning({ holder: fileClaims.holder }),
    );
    if (won) return;
    if (Date.now() + pause > deadline)
      throw new UploadError(409, "CONFLICT", said("refusal.upload.fileBusy"));
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

const mine = (key: string, holder: string) =>
  and(eq(fileClaims.storageKey, key), eq(fileClaims.holder, holder));

const renew = (db: Db, key: string, holder: string) =>
  writeWithoutSync(db, db.update(fileClaims).set({ claimedAt: Date.now() }).where(mine(key, holder)));

const release = (db: Db, key: string, holder: string) =>
  writeWithoutSync(db, db.delete(fileClaims).where(mine(key, holder)));
