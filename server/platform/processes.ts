// One server as N processes (HELOC_PROCESSES): node:cluster, a primary that forks N workers which
// share the listening port (the primary hands out connections in turn) and each open their own
// database connection (SQLite's WAL file, or a PostgreSQL pool). Processes rather than worker
// threads: a worker thread cannot take connections from a shared port in Node 20, a process can,
// and a process that dies takes nothing of the others with it (the primary forks another).
//
// What must happen once (migrations, sealing at rest, demo data, the first administrator, the
// published set's record, the sweeps, the definitions watcher) happens in worker 1, the leader:
// it starts first, alone, and the others start once it serves. Everything shared between requests
// is already in the database (sessions, rate limits, spent bot-check tokens, sign-in codes); what
// each process keeps in memory is a cache of its own or work it started itself (docs/deploy.md).
// Signals go to the primary: SIGTERM/SIGINT stop every worker gracefully, SIGHUP reloads the
// definitions in the leader, which tells the others once its reload is served. /metrics, in any
// worker, answers the sum of all workers' series (prom-client's AggregatorRegistry, in the primary).
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

export interface ProcessRole {
  /** 1 … N; 1 is the leader. */
  index: number;
  /** How many processes serve together. */
  of: number;
  /** Runs what must run once (see above). */
  leader: boolean;
}

/** What a worker's start gives the primary to say, and the hooks the primary calls. */
export interface StartedWorker {
  url: string;
  notes: string[];
  reloadDefinitions(publishedBy: string): Promise<{ swapped: boolean }>;
  close(): Promise<void>;
}

type Message =
  | { type: "heloc:ready"; url: string; notes: string[] }
  | { type: "heloc:reloaded" }
  | { type: "heloc:reload"; publishedBy: string }
  | { type: "heloc:metrics"; id: number; text?: string; error?: string }
  | { type: "heloc:stop" };

const ROLE_ENV = "HELOC_PROCESS_INDEX";

/** This process's part: alone (no cluster), or a worker of N. */
export function processRole(processes: number): ProcessRole {
  if (processes <= 1 || !cluster.isWorker) return { index: 1, of: 1, leader: true };
  const index = Number(process.env[ROLE_ENV] ?? 1);
  return { index, of: processes, leader: index === 1 };
}

/**
 * Runs the server in `processes` processes, or in this one when 1. In the primary: forks the
 * leader, then the others once it serves, says `ready` with the leader's address and notes, and
 * stays until a signal stops them all. In a worker (and alone): starts with `start(role)`.
 */
export async function serveInProcesses(
  processes: number,
  start: (role: ProcessRole) => Promise<StartedWorker>,
  ready: (url: string, notes: string[]) => void,
  /**
   * The module the workers run (the caller's own file): without it a worker would run the
   * process's first script again (`npm start`'s scripts/start.mjs, with its install and build checks).
   */
  entry?: string,
): Promise<void> {
  if (processes <= 1) return runAlone(start, ready);
  if (cluster.isWorker) return runWorker(processes, start);
  if (entry) cluster.setupPrimary({ exec: entry });
  return runPrimary(processes, ready);
}

async function runAlone(
  start: (role: ProcessRole) => Promise<StartedWorker>,
  ready: (url: string, notes: string[]) => void,
) {
  const running = await start({ index: 1, of: 1, leader: true });
  ready(running.url, running.notes);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Production reloads the definitions when told: kill -HUP <pid> (a set that fails check is refused).
  process.on("SIGHUP", () => void running.reloadDefinitions("SIGHUP"));
}

async function runWorker(processes: number, start: (role: ProcessRole) => Promise<StartedWorker>) {
  const role = processRole(processes);
  const send = (message: Message) => process.send?.(message);
  const running = await start(role);
  // The primary stops workers by message (a signal to the group would reach them all at once, and
  // the primary's own handling would then run twice).
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => undefined);
  process.on("SIGHUP", () => undefined);
  process.on("message", (message: Message) => {
    if (message.type === "heloc:stop") void running.close().then(() => process.exit(0));
    else if (message.type === "heloc:reload")
      void running.reloadDefinitions(message.publishedBy).then((done) => {
        // The leader's swap is what the others follow (theirs are the same files, already judged).
        if (role.leader && done.swapped) send({ type: "heloc:reloaded" });
      });
  });
  send({ type: "heloc:ready", url: running.url, notes: running.notes });
}

/** In a worker: /metrics's text, every worker's series summed (asked of the primary). */
export function clusterScrape(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  new AggregatorRegistry(); // answers the primary's requests for this worker's series
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  process.on("message", (message: Message) => {
    if (message.type !== "heloc:metrics") return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.text ?? "");
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      process.send?.({ type: "heloc:metrics", id } satisfies Message);
    });
}

async function runPrimary(processes: number, ready: (url: string, notes: string[]) => void) {
  const aggregator = new AggregatorRegistry();
  const workers = new Map<number, Worker>();
  let stopping = false;

  const fork = (index: number) =>
    new Promise<{ url: string; notes: string[] }>((resolve, reject) => {
      const worker = cluster.fork({ [ROLE_ENV]: String(index) });
      workers.set(index, worker);
      let started = false;
      worker.on("message", (message: Message) => {
        if (message.type === "heloc:ready") {
          started = true;
          resolve(message);
        } else if (message.type === "heloc:reloaded")
          for (const [i, other] of workers)
            if (i !== 1) other.send({ type: "heloc:reload", publishedBy: "leader" } satisfies Message);
        if (message.type === "heloc:metrics" && message.text === undefined && message.error === undefined)
          void aggregator.clusterMetrics().then(
            (text) => worker.send({ type: "heloc:metrics", id: message.id, text } satisfies Message),
            (error: Error) =>
              worker.send({ type: "heloc:metrics", id: message.id, error: error.message } satisfies Message),
          );
      });
      worker.on("exit", (code, signal) => {
        if (workers.get(index) === worker) workers.delete(index);
        if (!started)
          return reject(new Error(`server process ${index} stopped while starting (${signal ?? code})`));
        if (stopping) return;
        // A worker that died is replaced, in the same part (the leader's jobs go on in the new one).
        console.error(`Server process ${index} stopped (${signal ?? `exit ${code}`}); starting another`);
        void fork(index).catch((error: Error) => console.error(error.message));
      });
    });

  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      [...workers.values()].map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once("exit", () => resolve());
            worker.send({ type: "heloc:stop" } satisfies Message);
          }),
      ),
    );
    process.exit(0);
  };
  process.on("SIGINT", () => void stopAll());
  process.on("SIGTERM", () => void stopAll());
  process.on("SIGHUP", () =>
    workers.get(1)?.send({ type: "heloc:reload", publishedBy: "SIGHUP" } satisfies Message),
  );

  try {
    // The leader first, alone: it migrates and seeds before anyone else opens the database.
    const leader = await fork(1);
    await Promise.all(Array.from({ length: processes - 1 }, (_, i) => fork(i + 2)));
    ready(leader.url, [
      ...leader.notes,
      `Processes: ${processes} (process 1 runs the sweeps and start-up jobs)`,
    ]);
  } catch (error) {
    stopping = true;
    for (const worker of workers.values()) worker.kill();
    throw error;
  }
}
