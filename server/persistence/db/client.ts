// The one place that knows which database is underneath (with ./dialect.ts): opens SQLite
// (better-sqlite3, the embedded default) or PostgreSQL (node-postgres, DATABASE_URL=postgres://…),
// applies that dialect's committed drizzle-kit migrations, and runs transactions and raw SQL.
// Everything else speaks drizzle through `Db` and awaits every query.
import { AsyncLocalStorage } from "node:async_hooks";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { REPO_ROOT } from "@engine/base/paths";
import { dialect, dialectOf, type Dialect } from "./dialect";
import * as schema from "./schema";

/** The handle every query is written against (typed as SQLite's; see ./dialect.ts). */
export type Db = BetterSQLite3Database<typeof schema>;
export { schema };

export interface OpenDb {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbTarget {
  /** postgres://… for PostgreSQL; otherwise SQLite at `path`. */
  url?: string;
  /** The SQLite file, or ":memory:" for throwaway tests. */
  path: string;
  /**
   * SQLite: how long a transaction waits for another process's write (HELOC_PROCESSES, or a
   * command beside the server) before it is refused as busy (ms; 5,000). It waits off the event loop.
   */
  busyWaitMs?: number;
  /**
   * SQLite: other server processes write the same file (HELOC_PROCESSES > 1). Then a transaction's
   * BEGIN waits for their write lock off the event loop, which costs two PRAGMAs per group. Alone,
   * BEGIN waits in SQLite's busy handler as every other statement does: only a command run beside
   * the server (seconds at most, and rare) can hold the lock then, and past the wait it is refused
   * as busy all the same.
   */
  sharedWriters?: boolean;
}

const MIGRATIONS: Record<Dialect, string> = {
  sqlite: join(REPO_ROOT, "server/persistence/db/migrations"),
  postgresql: join(REPO_ROOT, "server/persistence/db/migrations-pg"),
};

/** Opens (creating and migrating) the database. */
export async function openDb(target: DbTarget): Promise<OpenDb> {
  const wanted = dialectOf(target.url);
  // The tables were made for one dialect when the schema loaded; a mismatch would write SQL for the wrong database.
  if (wanted !== dialect)
    throw new Error(
      `DATABASE_URL must name the ${wanted} database before the server starts (the schema was loaded for ${dialect})`,
    );
  return wanted === "postgresql"
    ? openPostgres(target.url!)
    : openSqlite(target.path, target.busyWaitMs, target.sharedWriters ?? false);
}

/** How long SQLite waits for another connection's write lock, by default (busy_timeout, and a group's BEGIN). */
const BUSY_WAIT_MS = 5000;

function openSqlite(path: string, busyWaitMs = BUSY_WAIT_MS, sharedWriters = false): OpenDb {
  if (path !== ":memory:") {
    // Readable by this server's user only: the file, and the -wal and -shm files SQLite makes
    // beside it (SQLite gives those the database file's permissions).
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(path, "a", 0o600));
    for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
  }
  const sqlite = new Database(path);
  // WAL lets readers run beside the writer; synchronous=FULL makes an acknowledged commit
  // survive a power cut, which an applicant's saved answers deserve.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  // A statement outside a transaction that finds another process writing waits in SQLite's busy
  // handler (sleeping on the event loop); with other server processes on the file, a transaction's
  // BEGIN waits off it (`beginWhenFree`).
  sqlite.pragma(`busy_timeout = ${Math.round(busyWaitMs)}`);
  // Deleted and overwritten content is zeroed, not left in free pages: a value sealed since (or
  // a row removed) does not linger in the file in the clear.
  sqlite.pragma("secure_delete = ON");
  const logger = statementLogger();
  const db = drizzleSqlite({ client: sqlite, schema, ...logger });
  if (logger.logger) statementCounters.set(db, logger.logger.counts);
  busyWaits.set(db, busyWaitMs);
  if (sharedWriters) sharedFiles.add(db);
  migrateSqlite(db, { migrationsFolder: MIGRATIONS.sqlite });
  return {
    db,
    dialect: "sqlite",
    close: async () => {
      await drained(db);
      sqlite.close();
    },
  };
}

/**
 * DATABASE_COUNT_STATEMENTS=1 (the capacity bench's BENCH_CAPACITY_STATEMENTS): every statement
 * drizzle sends is counted by its text, through drizzle's own logger, so the round trips of a
 * request are counted, not guessed (docs/performance.md). Off, nothing is counted.
 */
function statementLogger(): { logger?: { logQuery(query: string): void; counts: Map<string, number> } } {
  if (process.env.DATABASE_COUNT_STATEMENTS !== "1") return {};
  const counts = new Map<string, number>();
  return { logger: { counts, logQuery: (query) => void counts.set(query, (counts.get(query) ?? 0) + 1) } };
}
const statementCounters = new WeakMap<Db, Map<string, number>>();

/** The statements sent on `db` so far, by text, with DATABASE_COUNT_STATEMENTS=1; otherwise null. */
export function statementCounts(db: Db): Map<string, number> | null {
  const counts = statementCounters.get(db);
  return counts ? new Map(counts) : null;
}

/** Any number: servers started together take turns at migrating. */
const MIGRATION_LOCK = 7_421_001;

async function openPostgres(url: string): Promise<OpenDb> {
  const pool = new pg.Pool({
    connectionString: url,
    // 20 by default: a checked-out connection also waits for this server's event loop between a
    // transaction's statements, so under load it is held for a few loop turns, not a few round
    // trips. With 10, at 750 applicants in the capacity bench, saves queued for one and the queue
    // fed itself (p95 0.66–2.4 s against 0.09–0.44 s with 20; docs/performance.md, 2026-12-01).
    max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
    // pg's documented pipelining: queries issued together on one connection (a transaction's,
    // e.g. a save's lock and the reads sent with it) go out without waiting for each other's
    // answers, and PostgreSQL runs them in the order sent. Queries awaited one by one run as before.
    pipeline: true,
  });
  const logger = statementLogger();
  const db = drizzlePg({ client: pool, schema, ...logger });
  if (logger.logger) statementCounters.set(db as unknown as Db, logger.logger.counts);
  pgPools.set(db as unknown as Db, { pool, handleOf: connectionHandles(logger) });
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // On the connection holding the lock: with a pool of one, another would never come.
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS.postgresql });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  return { db: db as unknown as Db, dialect: "postgresql", close: () => pool.end() };
}

// Every handle is of the dialect the schema was loaded for (`openDb` refuses another), so the
// constant answers for any handle: drizzle's `is(db, PgDatabase)` walked the handle's prototypes
// on every call, several times per request.
const isPg = (_db: Db) => dialect === "postgresql";

/**
 * How a transaction keeps concurrent writers apart on PostgreSQL (SQLite runs every transaction
 * alone, BEGIN IMMEDIATE, whichever is asked). `serializable`, the default: PostgreSQL checks that
 * the transactions could have run one after another, and one that could not is run again; for
 * transactions whose invariants span rows of several people (portal users, sign-in codes).
 * `lockedRows`: READ COMMITTED, the work locking first the rows it reads and then writes
 * (SELECT … FOR UPDATE, e.g. `applicationStore(…).lockOf`): transactions of different people
 * never wait for or abort each other. SERIALIZABLE's predicate locks cover index pages and whole
 * small tables, so it aborted one applicant's save because others saved at the same moment
 * (docs/performance.md).
 */
export type Isolation = "serializable" | "lockedRows";

/**
 * Runs `work` in one transaction: all of it commits or none of it does, and concurrent writers
 * act as if one after the other (SQLite: BEGIN IMMEDIATE; PostgreSQL: see `Isolation`; a
 * serialization failure or a deadlock runs it again). `work` may be run again, so it does database
 * work only: no mail, no files, nothing that waits on anything but the database.
 */
export async function transaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  { isolation = "serializable" }: { isolation?: Isolation } = {},
): Promise<T> {
  const run = () => (isPg(db) ? pgTransaction(db, work, isolation) : sqliteTransaction(db, work));
  const observe = transactionObservers.get(db);
  if (!observe) return run();
  const started = performance.now();
  try {
    const value = await run();
    observe((performance.now() - started) / 1000, "committed");
    return value;
  } catch (error) {
    observe((performance.now() - started) / 1000, "failed");
    throw error;
  }
}

export type TransactionObserver = (seconds: number, outcome: "committed" | "failed") => void;
const transactionObservers = new WeakMap<Db, TransactionObserver>();

/** Why PostgreSQL aborted a transaction that is then run again. */
export type RetryReason = "serialization" | "deadlock";
const retryObservers = new WeakMap<Db, (reason: RetryReason) => void>();

/**
 * Hears how long each transaction on `db` took as its caller waited, and each time one is run
 * again after PostgreSQL aborted it (the server's metrics).
 */
export function observeTransactions(
  db: Db,
  observer: TransactionObserver,
  onRetry?: (reason: RetryReason) => void,
): void {
  transactionObservers.set(db, observer);
  if (onRetry) retryObservers.set(db, onRetry);
}

/** Concurrent writers kept colliding on the same rows: the caller tells the person to try again (tRPC: 409). */
export class WriteConflict extends Error {
  constructor(message = "the data changed under this transaction too often: try again") {
    super(message);
    this.name = "WriteConflict";
  }
}

/**
 * SQLite: another process held the write lock for longer than the busy wait (BUSY_WAIT_MS). A
 * conflict to try again, as PostgreSQL's (tRPC: 409), never a server fault (500).
 */
export class DatabaseBusy extends WriteConflict {
  constructor() {
    super("another process kept the database busy: try again");
    this.name = "DatabaseBusy";
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, …): another connection holds a lock. */
const isBusy = (error: unknown) => String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");

const SERIALIZATION_FAILURE = "40001";
const DEADLOCK = "40P01";
const ATTEMPTS = 8;

const ISOLATION_LEVELS = { serializable: "serializable", lockedRows: "read committed" } as const;

// drizzle's own transaction (BEGIN, the work, COMMIT or ROLLBACK), as made, on a pooled
// connection lent to it (`onOneConnection`): issue 34 keeps the chosen packages' internals theirs.
// Pipelining BEGIN with the first statement would save a round trip, but only by writing drizzle's
// transaction again (docs/performance.md, PostgreSQL round trips).
async function pgTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, isolation: Isolation): Promise<T> {
  const isolationLevel = ISOLATION_LEVELS[isolation];
  for (let attempt = 1; ; attempt++) {
    try {
      return await onOneConnection(db, (handle) =>
        handle.transaction(
          (tx) => {
            // A nested transaction (a savepoint) runs on its outer transaction's connection.
            transactionConnections.set(tx as unknown as Db, connectionOf(handle as unknown as Db));
            return work(tx as unknown as Db);
          },
          { isolationLevel },
        ),
      );
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (code !== SERIALIZATION_FAILURE && code !== DEADLOCK) throw error;
      if (attempt >= ATTEMPTS) throw new WriteConflict();
      retryObservers.get(db)?.(code === DEADLOCK ? "deadlock" : "serialization");
      // A random, growing pause, so colliding writers do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

type PgHandle = NodePgDatabase<typeof schema>;
/** Each PostgreSQL server handle's pool, and a drizzle handle per pooled connection. */
const pgPools = new WeakMap<Db, { pool: pg.Pool; handleOf: (client: pg.PoolClient) => PgHandle }>();
/** A transaction's handle → the drizzle handle of the pooled connection it runs on. */
const transactionConnections = new WeakMap<Db, Db>();

/** drizzle handles over single pooled connections (as drizzle documents `drizzle({ client })`), one each. */
function connectionHandles(logger: ReturnType<typeof statementLogger>) {
  const handles = new WeakMap<pg.PoolClient, PgHandle>();
  return (client: pg.PoolClient): PgHandle => {
    let handle = handles.get(client);
    if (!handle) handles.set(client, (handle = drizzlePg({ client, schema, ...logger })));
    return handle;
  };
}

/**
 * Runs `use` with a drizzle handle over one connection checked out of the pool (pg's
 * `pool.connect()`), released after: drizzle's own `transaction()` on that handle then runs BEGIN,
 * the work and COMMIT or ROLLBACK there, as it does on a connection it checks out itself. The handle
 * is kept per connection, so the statements prepared in a transaction (./prepared.ts) are built once
 * per connection, not once per transaction. A handle that is not a server's (a transaction's: a
 * nested transaction is a savepoint) is used as it is.
 */
async function onOneConnection<T>(db: Db, use: (handle: PgHandle) => Promise<T>): Promise<T> {
  const server = pgPools.get(db);
  if (!server) return use(db as unknown as PgHandle);
  const client = await server.pool.connect();
  try {
    return await use(server.handleOf(client));
  } finally {
    client.release();
  }
}

/**
 * A PostgreSQL server handle's pool now: connections open, idle, and checkouts waiting for one
 * (pg's `totalCount`, `idleCount`, `waitingCount`); null on SQLite. For the capacity bench's
 * question whether the pool (DATABASE_POOL_SIZE) is what a save waits for.
 */
export function poolState(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pgPools.get(db)?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/**
 * The handle of the one connection a PostgreSQL transaction runs on (the same connection, so its
 * statements are the transaction's), for statements prepared once per connection; otherwise `db`.
 */
export const connectionOf = (db: Db): Db => transactionConnections.get(db) ?? db;

// better-sqlite3 is synchronous and one connection serves every request, so transactions take
// turns here, and the turns are grouped: with synchronous=FULL every COMMIT waits for an fsync of
// the write-ahead log, the larger part of a save's time, so the transactions that queued while
// one ran are run together inside one BEGIN IMMEDIATE … COMMIT (group commit), each in its own
// SAVEPOINT: one that fails rolls back only itself. Every caller is answered only once the shared
// COMMIT has returned, so an answer never goes out before its data is on disk. Each query inside
// resolves at once, so no other request's query runs between them. Other processes on the same
// file (HELOC_PROCESSES) take turns at the write lock; a group waits for it off the event loop.
interface Turn {
  work: (tx: Db) => Promise<unknown>;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
}
/** The transactions waiting for the next group, per database handle. */
const sqliteQueues = new WeakMap<Db, Turn[]>();
const sqliteDrains = new WeakMap<Db, Promise<void>>();
/** Enough to share an fsync among every connection of a busy server, few enough to bound the wait of the first in line. */
const GROUP_LIMIT = 32;
// A transaction started inside another would wait for it for ever: the tests (NODE_ENV=test) say
// so at once instead. Only they: the check needs an AsyncLocalStorage, and on Node 20 a used one
// turns on promise hooks for every promise of the process, a fifth of a trivial API call's CPU
// (docs/performance.md), so a running server goes without it.
const inTransaction = process.env.NODE_ENV === "test" ? new AsyncLocalStorage<Db>() : null;

async function sqliteTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (inTransaction?.getStore() === db)
    throw new Error("a transaction was started inside another: pass the caller's tx instead");
  return new Promise<T>((resolve, reject) => {
    const turn: Turn = {
      work,
      settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
    };
    const queue = sqliteQueues.get(db);
    if (queue) return void queue.push(turn);
    // The first in line waits for the requests already read to queue theirs (setImmediate runs
    // after this turn of the event loop's I/O), then the queue is drained group by group.
    sqliteQueues.set(db, [turn]);
    sqliteDrains.set(db, new Promise<void>((done) => setImmediate(() => void drain(db).finally(done))));
  });
}

/** Once the transactions queued now are answered (closing waits for them). */
const drained = (db: Db): Promise<void> => sqliteDrains.get(db) ?? Promise.resolve();

async function drain(db: Db): Promise<void> {
  const queue = sqliteQueues.get(db)!;
  try {
    while (queue.length)
      await (inTransaction ? inTransaction.run(db, () => runGroup(db, queue)) : runGroup(db, queue));
  } finally {
    sqliteQueues.delete(db);
  }
}

type Outcome = Parameters<Turn["settle"]>[0];

const sqliteOf = (db: Db) => (db as unknown as { $client: Database.Database }).$client;

/** Whether better-sqlite3 (under drizzle's handle) still has a transaction open: SQLite ends one itself on some errors. */
const inSqliteTransaction = (db: Db) => sqliteOf(db).inTransaction;

/** The statements a group runs, prepared once per database (drizzle prepared each anew: four per group). */
const groupStatements = new WeakMap<
  Db,
  Record<"begin" | "savepoint" | "release" | "rollbackTo" | "commit" | "rollback", Database.Statement>
>();
/** Each SQLite handle's busy wait (ms). */
const busyWaits = new WeakMap<Db, number>();
/** The SQLite handles whose file other server processes write too (`DbTarget.sharedWriters`). */
const sharedFiles = new WeakSet<Db>();
function groupStatementsOf(db: Db) {
  let statements = groupStatements.get(db);
  if (!statements) {
    const sqlite = sqliteOf(db);
    statements = {
      begin: sqlite.prepare("BEGIN IMMEDIATE"),
      savepoint: sqlite.prepare("SAVEPOINT grouped"),
      release: sqlite.prepare("RELEASE grouped"),
      rollbackTo: sqlite.prepare("ROLLBACK TO grouped"),
      commit: sqlite.prepare("COMMIT"),
      rollback: sqlite.prepare("ROLLBACK"),
    };
    groupStatements.set(db, statements);
  }
  return statements;
}

/**
 * BEGIN IMMEDIATE, waiting for the write lock without blocking the event loop: when another
 * process (HELOC_PROCESSES > 1, or a command on the same file) is writing, SQLite's own busy
 * handler would sleep on this thread, and no request of this process would be served meanwhile.
 * Instead BEGIN is tried with no busy wait and tried again every millisecond; the transactions
 * that queue meanwhile join the group. Past the busy wait: DatabaseBusy (a 409, never a 500).
 * A server alone on its file (no `sharedWriters`) skips the two PRAGMAs (~6 µs a group, measured
 * under load): BEGIN waits in SQLite's handler, as its other statements do.
 */
async function beginWhenFree(db: Db): Promise<void> {
  const run = groupStatementsOf(db);
  if (!sharedFiles.has(db))
    try {
      return void run.begin.run();
    } catch (error) {
      throw isBusy(error) ? new DatabaseBusy() : error;
    }
  const sqlite = sqliteOf(db);
  const wait = busyWaits.get(db) ?? BUSY_WAIT_MS;
  const deadline = performance.now() + wait;
  for (;;) {
    // Set anew each time, not as a prepared statement: SQLite applies a PRAGMA when it prepares it,
    // so a prepared one's first run after another's does not apply it again.
    sqlite.pragma("busy_timeout = 0");
    try {
      run.begin.run();
      return;
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (performance.now() > deadline) throw new DatabaseBusy();
    } finally {
      sqlite.pragma(`busy_timeout = ${Math.round(wait)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Runs up to GROUP_LIMIT queued transactions in one commit, and answers them after it. */
async function runGroup(db: Db, queue: Turn[]): Promise<void> {
  const run = groupStatementsOf(db);
  try {
    await beginWhenFree(db);
  } catch (error) {
    // Busy past the wait (or the connection closed): this group is refused, unrun; the queue goes on.
    for (const turn of queue.splice(0, GROUP_LIMIT)) turn.settle({ ok: false, error });
    return;
  }
  const group = queue.splice(0, GROUP_LIMIT);
  const outcomes: { turn: Turn; outcome: Outcome }[] = [];
  let next = 0;
  try {
    for (; next < group.length; next++) {
      const turn = group[next]!;
      run.savepoint.run();
      try {
        const value = await turn.work(db);
        run.release.run();
        outcomes.push({ turn, outcome: { ok: true, value } });
      } catch (error) {
        if (!inSqliteTransaction(db)) {
          // SQLite ended the whole transaction itself (a full disk, an I/O error): this one fails,
          // and the ones before it, undone with it, go back to the head of the queue to run again.
          turn.settle({ ok: false, error });
          queue.unshift(...outcomes.map((o) => o.turn), ...group.slice(next + 1));
          return;
        }
        run.rollbackTo.run();
        run.release.run();
        outcomes.push({ turn, outcome: { ok: false, error } });
      }
    }
    run.commit.run();
  } catch (error) {
    // A savepoint or COMMIT failed (or the connection closed): nothing of the group is
    // kept, and everyone in it hears so (a save that failed on its own keeps its own reason).
    try {
      if (inSqliteTransaction(db)) run.rollback.run();
    } catch {}
    for (const { turn, outcome } of outcomes) turn.settle(outcome.ok ? { ok: false, error } : outcome);
    for (const turn of group.slice(next)) turn.settle({ ok: false, error });
    return;
  }
  // Only now, with the group durable, does any caller hear back (a failed one too: what its
  // handler does next sees the database as committed, never another's save in flight).
  for (const { turn, outcome } of outcomes) turn.settle(outcome);
}

/** The two synchronous levels a write without durability switches between, prepared once per database. */
const syncLevels = new WeakMap<Db, { normal: Database.Statement; full: Database.Statement }>();

/**
 * Runs one write whose loss at a power cut is harmless (a rate-limit count, a record that a message
 * went out) without waiting for the disk. At synchronous=FULL every commit waits for an fsync of the
 * write-ahead log, and better-sqlite3 waits on the event loop: a few milliseconds in which no other
 * request is served, and rate limits alone were more commits than applicants' saves (docs/performance.md).
 * At NORMAL the write is committed (atomic, and kept if the process crashes) and reaches the disk
 * with the next synced commit, since the log is written in order. Inside an open transaction the
 * write is part of it and synced with its COMMIT. PostgreSQL commits off the event loop: no change.
 * `query` runs at once (better-sqlite3 is synchronous), so no other statement runs at NORMAL.
 */
export function writeWithoutSync<T>(db: Db, query: PromiseLike<T>): Promise<T> {
  if (isPg(db)) return Promise.resolve(query);
  const sqlite = sqliteOf(db);
  if (sqlite.inTransaction) return Promise.resolve(query);
  let levels = syncLevels.get(db);
  if (!levels) {
    levels = {
      normal: sqlite.prepare("PRAGMA synchronous = NORMAL"),
      full: sqlite.prepare("PRAGMA synchronous = FULL"),
    };
    syncLevels.set(db, levels);
  }
  levels.normal.run();
  try {
    // drizzle runs a better-sqlite3 query inside `then`, synchronously (tested), so it ran at NORMAL.
    return Promise.resolve(query.then((value) => value));
  } finally {
    levels.full.run();
  }
}

/**
 * Locks the rows `query` (a SELECT) finds until the transaction ends, on PostgreSQL: a
 * `lockedRows` transaction's way to read what it will write, so that another transaction of the
 * same rows waits for it and then reads what it committed. On SQLite a transaction already has the
 * whole database to itself (BEGIN IMMEDIATE): nothing to do. Returns the rows locked (none on SQLite).
 */
export async function lockRows<T>(tx: Db, query: SQL): Promise<T[]> {
  return isPg(tx) ? rows<T>(tx, sql`${query} FOR UPDATE`) : [];
}

/**
 * `select` (a drizzle select) with FOR UPDATE on PostgreSQL, as `lockRows` locks a raw query's
 * rows; unchanged on SQLite. For a query prepared once (../db/prepared.ts) that reads the row
 * it locks in the same round trip.
 */
export function forUpdate<Q>(db: Db, select: Q): Q {
  // The handle is typed as SQLite's (./dialect.ts), whose select has no .for(); PostgreSQL's has.
  return isPg(db) ? (select as unknown as { for(strength: "update"): Q }).for("update") : select;
}

/**
 * Makes transactions that name the same `key` take turns until the first ends, on PostgreSQL (a
 * transaction-scoped advisory lock): for rows not made yet, such as a newcomer's double click,
 * whose clicks share an idempotency key. SQLite: nothing to do (one transaction at a time).
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  if (isPg(tx)) await rows(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0)) AS locked`);
}

/**
 * After rewriting stored rows (sealing them on start): SQLite folds its write-ahead log into the
 * database file and empties it, so the old versions of the rows it held are gone from the disk.
 * PostgreSQL manages its own log; nothing to do.
 */
export async function compactDatabase(db: Db): Promise<void> {
  if (!isPg(db)) db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
}

/** Rows of a raw SQL query (portable SQL only: it runs on both databases). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  if (isPg(db)) return (await (db as unknown as NodePgDatabase).execute(query)).rows as T[];
  return db.all<T>(query);
}

/**
 * For readiness (GET /readyz): whether the database answers, and whether every migration this
 * build ships is applied (drizzle records each applied one with its folder's time; the newest
 * recorded must be the newest shipped). Never throws: an unreachable database is `reachable: false`.
 */
export async function databaseState(db: Db): Promise<{ reachable: boolean; migrated: boolean }> {
  const dialectOfDb: Dialect = isPg(db) ? "postgresql" : "sqlite";
  try {
    await rows(db, sql`SELECT 1 AS one`);
  } catch {
    return { reachable: false, migrated: false };
  }
  try {
    const [row] = await rows<{ at: number | string | null }>(
      db,
      dialectOfDb === "postgresql"
        ? sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`
        : sql`SELECT max(created_at) AS at FROM __drizzle_migrations`,
    );
    return { reachable: true, migrated: Number(row?.at ?? 0) >= newestMigration(dialectOfDb) };
  } catch {
    return { reachable: true, migrated: false };
  }
}

const newestMigrations = new Map<Dialect, number>();
/** The folder time of the newest migration this build ships (read once: the files are the build's). */
function newestMigration(d: Dialect): number {
  let newest = newestMigrations.get(d);
  if (newest === undefined) {
    newest = Math.max(
      0,
      ...readMigrationFiles({ migrationsFolder: MIGRATIONS[d] }).map((m) => m.folderMillis),
    );
    newestMigrations.set(d, newest);
  }
  return newest;
}

/** Where a database URL points, for the start banner: host, port and database, never the password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}
