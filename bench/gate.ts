// Live gate bench (`npm run bench -- gate`): what checking a change and judging its impact cost,
// and what they cost the thread that answers requests. A server over a copy of the definitions
// with BENCH_GATE_APPLICATIONS applications in flight (10,000 unless told); a change on disk (the
// home value capped); then each step timed on the wall clock, with the main thread's CPU time,
// the most of it spent between two ticks 5 ms apart (what the server's own work held the loop),
// and the longest its event loop waited: the worker's check, the served set built from it (what
// a reload swaps in), the worker's impact report over every application, and
// portal.definitionsImpact as an administrator calls it (the first call, until the report is
// ready, and reads of the kept report). The main thread's CPU includes the 5 ms ticks' own reads.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { servedSet } from "@server/features/definitions/gate";
import { impactRequestOf } from "@server/features/definitions/live";
import { makePortalUser, signInPortal } from "../tests/helpers/accounts";
import { capPropertyValue, copyDefinitions } from "../tests/helpers/definitions";
import { browser, testServer } from "../tests/helpers/server";
import { fmt, median, table } from "./measure";
import { threadCpuUs, type TargetCheck } from "./api";
import { seed } from "./scale";

const APPLICATIONS = Number(process.env.BENCH_GATE_APPLICATIONS ?? 10_000);
/** Issue 40: no request may hold the event loop this long, in any mode. */
const HOLD_TARGET_MS = 100;

export interface GateRun {
  name: string;
  wallMs: number;
  /** The main thread's on-CPU time meanwhile (Linux), the worker's excluded. */
  mainCpuMs: number | null;
  /** The most CPU the main thread spent between two ticks 5 ms apart (Linux): the longest its own work held it. */
  heldMs: number | null;
  /** The longest the main thread's event loop waited meanwhile (its own work and waiting for a core). */
  loopMaxMs: number;
}

export interface GateSummary {
  applications: number;
  runs: GateRun[];
  cachedCallMs: { median: number; max: number; calls: number };
  targets: TargetCheck[];
}

async function timed<T>(name: string, runs: GateRun[], work: () => Promise<T>): Promise<T> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // The main thread's CPU time between two ticks 5 ms apart: the longest its own work held the
  // loop, whatever other processes of a shared machine make it wait for a core.
  let last = threadCpuUs();
  let held = 0;
  const ticks = setInterval(() => {
    const now = threadCpuUs();
    if (now !== null && last !== null) held = Math.max(held, (now - last) / 1000);
    last = now;
  }, 5);
  const cpu = threadCpuUs();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const cpuAfter = threadCpuUs();
  clearInterval(ticks);
  loop.disable();
  runs.push({
    name,
    wallMs,
    mainCpuMs: cpu !== null && cpuAfter !== null ? (cpuAfter - cpu) / 1000 : null,
    heldMs: cpu === null ? null : held,
    loopMaxMs: loop.max / 1e6,
  });
  return value;
}

export async function runGateBench(log: (line: string) => void = console.log): Promise<GateSummary> {
  log(`Live gate: a change judged against ${APPLICATIONS.toLocaleString("en-US")} applications in flight...`);
  const copy = copyDefinitions();
  const server = await testServer({ definitions: copy.dirs });
  try {
    await seed(server, log, APPLICATIONS);
    const admin = browser(server.url);
    await signInPortal(server, admin, await makePortalUser(server.services, { role: "admin" }));
    capPropertyValue(copy);
    const { services } = server;
    const gate = services.definitionsGate;
    const runs: GateRun[] = [];

    const checked = await timed("check in the worker (npm run check's function)", runs, () =>
      gate.check(copy.dirs),
    );
    if (checked.problems.length)
      throw new Error(`the changed copy has problems: ${checked.problems[0]!.message}`);
    await timed("served set built from it (a reload's swap)", runs, () => servedSet(checked));
    const impact = await timed(
      `impact in the worker, ${APPLICATIONS.toLocaleString("en-US")} applications`,
      runs,
      () => gate.impact(impactRequestOf(services, copy.dirs, checked.version)),
    );
    log(`  The report: ${impact.checked} checked, ${impact.sentBack} sent back.`);

    // The portal's call: the first one starts the report (check, then impact, in the worker) and
    // answers at once; the administrator's page asks again until it is ready.
    const ask = () => admin.trpc.portal.definitionsImpact.query({ page: 1 });
    const first = await timed("portal.definitionsImpact, first call", runs, ask);
    await timed("portal.definitionsImpact, until ready (asked every second)", runs, async () => {
      for (let state = first.state; state !== "ready"; state = (await ask()).state) {
        if (state === "failed" || state === "problems") throw new Error(`the report is ${state}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    });
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    const cachedCallMs = { median: median(times), max: Math.max(...times), calls: times.length };

    log(
      table([
        ["step", "wall ms", "main thread CPU ms", "most CPU between ticks ms", "longest loop wait ms"],
        ...runs.map((r) => [
          r.name,
          fmt(r.wallMs, 0),
          r.mainCpuMs === null ? "n/a" : fmt(r.mainCpuMs, 0),
          r.heldMs === null ? "n/a" : fmt(r.heldMs, 1),
          fmt(r.loopMaxMs, 1),
        ]),
        [
          `portal.definitionsImpact, the kept report (${times.length} calls)`,
          `${fmt(cachedCallMs.median, 1)} median, ${fmt(cachedCallMs.max, 1)} max`,
          "",
          "",
          "",
        ],
      ]),
    );
    // The server's own work is held to the target; the wait beside it is logged (on a shared
    // machine, mostly other processes' load).
    const held = Math.max(...runs.map((r) => r.heldMs ?? r.loopMaxMs));
    const targets: TargetCheck[] = [
      {
        name: "most main-thread CPU between two ticks while the gate works (ms)",
        figure: held,
        target: `< ${HOLD_TARGET_MS}`,
        holds: held < HOLD_TARGET_MS,
      },
    ];
    return { applications: APPLICATIONS, runs, cachedCallMs, targets };
  } finally {
    await server.close();
  }
}
