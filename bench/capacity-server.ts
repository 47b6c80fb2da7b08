// The capacity bench's server (bench/capacity.ts), in a worker thread of its own so the simulated
// applicants do not share its event loop. The bot check answers yes: each save would otherwise need
// a freshly solved proof of work (~120 ms of a client's CPU); verifying one costs the server
// ~0.3 ms (the API bench measures it), which is left out here as there.
// It answers "cpu" with its thread's CPU time (µs), "statements" with the statements sent so far by
// text (BENCH_CAPACITY_STATEMENTS=1, else null), and with BENCH_CAPACITY_PROFILE=<dir> profiles
// itself between "profile-start" and "profile-stop" (V8's CPU profiler, written to <dir>).
// With BENCH_CAPACITY_WAITS=1 it also answers "waits-start" / "waits" with what its saves may wait
// for besides their own CPU: GC pauses, its event loop's delay, and (PostgreSQL) the pool.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Profiler } from "node:inspector";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { testServer } from "../tests/helpers/server";
import { poolState, statementCounts } from "@server/persistence/db/client";
import { threadCpuUs } from "./measure";
import { profiled } from "./profile-summary";

// As scripts/start.mjs runs the server: stack traces name the TypeScript lines.
process.setSourceMapsEnabled(true);

// As production answers: the work after a save (PDFs, mail) goes on after its answer (a test server waits for it).
const server = await testServer({ awaitWorkAfterSave: false });
server.services.botCheck.verify = async () => ({ ok: true });
parentPort!.postMessage({ url: server.url, dataDir: server.dataDir });
/** GC pauses, the event loop's delay and the pool's queue over a level's window (BENCH_CAPACITY_WAITS=1). */
function waits() {
  const gc: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  observer.observe({ entryTypes: ["gc"] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The pool sampled every 5 ms: how often a checkout waited for a connection, and how many did.
  let samples = 0;
  let waitingSamples = 0;
  let waitingSum = 0;
  let busySum = 0;
  const sampler = setInterval(() => {
    const state = poolState(server.services.db);
    if (!state) return;
    samples++;
    busySum += state.total - state.idle;
    waitingSum += state.waiting;
    if (state.waiting > 0) waitingSamples++;
  }, 5);
  return () => {
    observer.disconnect();
    loop.disable();
    clearInterval(sampler);
    const size = poolState(server.services.db)?.total ?? null;
    return {
      gcCount: gc.length,
      gcMs: gc.reduce((sum, ms) => sum + ms, 0),
      gcMaxMs: Math.max(0, ...gc),
      loopP50Ms: loop.percentile(50) / 1e6,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
      pool: samples
        ? {
            size,
            busyMean: busySum / samples,
            waitingMean: waitingSum / samples,
            waitingShare: waitingSamples / samples,
          }
        : null,
    };
  };
}
let stopWaits: ReturnType<typeof waits> | undefined;
let stopProfile: (() => void) | undefined;
let profile: Promise<{ profile: Profiler.Profile }> | undefined;
parentPort!.on("message", (message: string | { profileStop: string }) => {
  if (message === "close") void server.close().then(() => process.exit(0));
  else if (message === "cpu") parentPort!.postMessage({ cpuUs: threadCpuUs() });
  else if (message === "statements")
    parentPort!.postMessage({ statements: statementCounts(server.services.db) });
  else if (message === "waits-start") stopWaits = waits();
  else if (message === "waits") parentPort!.postMessage({ waits: stopWaits?.() ?? null });
  else if (message === "profile-start")
    profile = profiled(() => new Promise<void>((resolve) => (stopProfile = resolve)));
  else if (typeof message === "object" && profile) {
    stopProfile?.();
    void profile.then(({ profile: p }) => {
      mkdirSync(process.env.BENCH_CAPACITY_PROFILE!, { recursive: true });
      const file = join(process.env.BENCH_CAPACITY_PROFILE!, `${message.profileStop}.cpuprofile`);
      writeFileSync(file, JSON.stringify(p));
      parentPort!.postMessage({ profiled: file });
    });
  }
});
