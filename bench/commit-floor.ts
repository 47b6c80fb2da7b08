// The disk's floor for durable saves (issue 34): how many durable commits a second SQLite makes on
// this disk, and what each costs, with nothing of the server around them. A table shaped like
// `applications` (one row holds a whole application's JSON, BENCH_COMMIT_KB, 20 kB), WAL,
// synchronous=FULL, busy_timeout and secure_delete as the server sets them; each commit is
// BEGIN IMMEDIATE, one UPDATE of one row, COMMIT, as fast as possible for BENCH_COMMIT_SECONDS
// (10), from one process and then from two at once; and, for context, from one at synchronous=NORMAL
// (no fsync at each COMMIT), which says what the fsync costs. SQLite commits one at a time (a writer holds
// the WAL's write lock until its COMMIT's fsync returns): two processes share the one disk's
// rate, or (a disk that overlaps fsyncs) add to it. The server groups the saves that queued
// during a commit into it (server/persistence/db/client.ts), so its saves/s can exceed this;
// between processes there is no grouping.
//
// `npm run bench -- commit-floor`, or alone: `npx tsx bench/commit-floor.ts`. BENCH_COMMIT_DIR
// puts the file on another disk (default: a temporary folder under the repository's data/).
import { fork } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { REPO_ROOT } from "@engine/base/paths";
import { fmt, table } from "./measure";

const SECONDS = Number(process.env.BENCH_COMMIT_SECONDS ?? 10);
const ROW_KB = Number(process.env.BENCH_COMMIT_KB ?? 20);
/** Rows each process updates in turn (different applicants' applications). */
const ROWS = 200;
/** 1,000 applicants in flight, 2–5 s think time: ~285 saves a second (docs/performance.md). */
const NEEDED_PER_SECOND = 285;

export interface CommitRun {
  processes: number;
  commits: number;
  commitsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU per commit in the committing processes (µs): what a commit costs besides waiting. */
  cpuUsPerCommit: number;
  /** synchronous=FULL (each COMMIT waits for an fsync) or NORMAL (context: the same without it). */
  synchronous: "FULL" | "NORMAL";
  /**
   * With two processes, the share of commits that came right after the other process's: near 0.5
   * they interleave commit by commit, near 0 one process kept the lock for runs of commits.
   */
  alternation: number;
  /** Each process's share of the commits (one writer can keep the lock while the other sleeps in its busy wait). */
  shares: number[];
}
export interface CommitFloor {
  rowKb: number;
  runs: CommitRun[];
  needed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** A JSON text of about `bytes`, shaped like a stored application (answers, nested, some sealed). */
function applicationJson(bytes: number, seed: number): string {
  const answers: Record<string, unknown> = {};
  for (let i = 0; JSON.stringify(answers).length < bytes; i++)
    answers[`field${i}`] = {
      value: `answer ${seed}-${i} ${"x".repeat(20 + (i % 40))}`,
      sealed: Buffer.from(`${seed}:${i}:${Math.random()}`).toString("base64"),
      at: i,
    };
  return JSON.stringify({ user: { answers }, revision: 0 });
}

function prepare(path: string, rows: number): void {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(
    "CREATE TABLE applications (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, status TEXT NOT NULL, document TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 0)",
  );
  const insert = db.prepare("INSERT INTO applications (id, owner_id, status, document) VALUES (?, ?, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < rows; i++)
      insert.run(`app-${i}`, `user-${i}`, "name", applicationJson(ROW_KB * 1024, i));
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

interface Timed {
  starts: number[];
  ends: number[];
  cpuMs: number;
}

async function run(
  path: string,
  processes: number,
  synchronous: CommitRun["synchronous"],
): Promise<CommitRun> {
  const startAt = Date.now() + 1500; // every process opened and ready by then
  const worker = fileURLToPath(new URL("./commit-floor-worker.mjs", import.meta.url));
  const results = await Promise.all(
    Array.from(
      { length: processes },
      (_, p) =>
        new Promise<Timed>((resolve, reject) => {
          const child = fork(
            worker,
            [
              JSON.stringify({
                path,
                rows: ROWS / processes,
                firstRow: p * (ROWS / processes),
                seconds: SECONDS,
                startAt,
                synchronous,
              }),
            ],
            { execArgv: [] },
          );
          child.once("message", (m) => resolve(m as Timed));
          child.once("error", reject);
          child.once("exit", (code) => code && reject(new Error(`commit-floor process exited with ${code}`)));
        }),
    ),
  );
  const times = results.flatMap((r) => r.ends.map((end, i) => end - r.starts[i]!)).sort((a, b) => a - b);
  const first = Math.min(...results.map((r) => r.starts[0]!));
  const last = Math.max(...results.map((r) => r.ends.at(-1)!));
  return {
    processes,
    commits: times.length,
    commitsPerSecond: (times.length * 1000) / (last - first),
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    cpuUsPerCommit: (results.reduce((sum, r) => sum + r.cpuMs, 0) * 1000) / times.length,
    synchronous,
    alternation: alternation(results),
    shares: results.map((r) => r.ends.length / times.length),
  };
}

/** The share of commits, in the order they ended, that ended after another process's. */
function alternation(results: Timed[]): number {
  const order = results.flatMap((r, p) => r.ends.map((end) => ({ end, p }))).sort((a, b) => a.end - b.end);
  let switches = 0;
  for (let i = 1; i < order.length; i++) if (order[i]!.p !== order[i - 1]!.p) switches++;
  return order.length > 1 ? switches / (order.length - 1) : 0;
}

export async function runCommitFloorBench(log: (line: string) => void = console.log): Promise<CommitFloor> {
  const base = process.env.BENCH_COMMIT_DIR ?? join(REPO_ROOT, "data");
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, "commit-floor-"));
  log(
    `Durable commits on this disk (${dir}): one ${ROW_KB} kB application row per commit, WAL, synchronous=FULL, ${SECONDS} s each...`,
  );
  const runs: CommitRun[] = [];
  try {
    for (const [processes, synchronous] of [
      [1, "FULL"],
      [2, "FULL"],
      [1, "NORMAL"],
    ] as const) {
      const path = join(dir, `floor-${processes}-${synchronous}.sqlite`);
      prepare(path, ROWS);
      const r = await run(path, processes, synchronous);
      runs.push(r);
      log(
        `  ${processes} process${processes > 1 ? "es" : ""}, synchronous=${synchronous}: ${fmt(r.commitsPerSecond)} commits/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ${fmt(r.cpuUsPerCommit)} µs CPU a commit${processes > 1 ? `, shares ${r.shares.map((x) => `${fmt(x * 100)}%`).join(" / ")}, ${fmt(r.alternation * 100)}% of commits right after the other process's` : ""}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log("");
  log(
    table([
      [
        "processes",
        "synchronous",
        "commits/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "CPU µs/commit",
        `vs ${NEEDED_PER_SECOND} saves/s`,
      ],
      ...runs.map((r) => [
        String(r.processes),
        r.synchronous,
        fmt(r.commitsPerSecond),
        fmt(r.p50),
        fmt(r.p95),
        fmt(r.p99),
        fmt(r.cpuUsPerCommit),
        `${fmt(r.commitsPerSecond / NEEDED_PER_SECOND)}×`,
      ]),
    ]),
  );
  const [one, two, normal] = runs;
  if (one && two && normal)
    log(
      `Two processes together: ${fmt(two.commitsPerSecond / one.commitsPerSecond)}× one process's durable commits/s (shares ${two.shares.map((x) => `${fmt(x * 100)}%`).join(" / ")}; ${fmt(two.alternation * 100)}% of commits right after the other process's: SQLite has one writer at a time, and a waiting process sleeps in its busy handler while the other commits again). The fsync is ~${fmt(Math.max(0, 1000 / one.commitsPerSecond - 1000 / normal.commitsPerSecond))} ms of a durable commit on average (FULL against NORMAL). 1,000 applicants need ${NEEDED_PER_SECOND} saves/s, before the server groups them into fewer commits.`,
    );
  return { rowKb: ROW_KB, runs, needed: NEEDED_PER_SECOND };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runCommitFloorBench();
