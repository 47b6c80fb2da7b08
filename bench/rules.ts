// Rules bench: the same engine code on the server's evaluator (engine/logic/logic.ts: json-logic-engine,
// logic compiled once) and on the browser's, json-logic-js, JSON-logic's reference (engine/logic/logic-js.ts),
// each in a fresh process so neither warms or pollutes the other's JIT. The product's evaluator
// must pass every worked case and the shared json-logic suite and decide exactly what json-logic-js
// decides. Each side runs twice,
// taking turns with the other, and keeps its better run of each workload: on a shared machine a
// neighbour's burst only ever slows a run down.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { REPO_ROOT } from "@engine/base/paths";
import { fmt, table } from "./measure";
import type { WorkerReport } from "./rules-worker";
import { APPLICATION_CHECK } from "./rules-workload";

/** One side of the bench; `swap` runs the engine on json-logic-js. */
function runWorker(swap: boolean): WorkerReport {
  const args = [
    "--import",
    "tsx",
    ...(swap ? ["--import", pathToFileURL(join(REPO_ROOT, "bench/swap-logic.mjs")).href] : []),
    join(REPO_ROOT, "bench/rules-worker.ts"),
  ];
  const child = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.status !== 0)
    throw new Error(
      `rules worker (${swap ? "json-logic-js" : "json-logic-engine"}) failed:\n${child.stderr}`,
    );
  return JSON.parse(child.stdout) as WorkerReport;
}

export interface RulesSummary {
  reference: WorkerReport;
  candidate: WorkerReport;
  /** Outputs the two evaluators decided differently (case results, workload, every step's logic). */
  differences: string[];
  passes: boolean;
  /** json-logic-js's CPU time per operation over the product's, per workload. */
  speedups: Record<string, number>;
}

export function runRulesBench(log: (line: string) => void = console.log): RulesSummary {
  log(
    "Rules: documents + coverage + next step, two borrowers (the product's json-logic-engine, compiled, and the reference json-logic-js; two runs each, taking turns; the better run of each)...",
  );
  const runs = [true, false, true, false].map(runWorker);
  const best = (a: WorkerReport, b: WorkerReport): WorkerReport => ({
    ...a,
    timings: Object.fromEntries(
      Object.entries(a.timings).map(([name, t]) => [
        name,
        b.timings[name]!.cpuUsPerOp < t.cpuUsPerOp ? b.timings[name]! : t,
      ]),
    ),
    coldMs: Math.min(a.coldMs, b.coldMs),
  });
  const reference = best(runs[0]!, runs[2]!);
  const candidate = best(runs[1]!, runs[3]!);
  const differences = Object.keys(reference.outputs).filter(
    (key) => !isDeepStrictEqual(reference.outputs[key], candidate.outputs[key]),
  );
  const checks = (r: WorkerReport) =>
    r.cases.failed.length + r.suite.failed.length + r.examples.failed.length;
  const passes = checks(reference) === 0 && checks(candidate) === 0 && differences.length === 0;

  const speedups: Record<string, number> = {};
  const rows = [
    ["workload", "json-logic-js µs/op", "(CPU µs)", "product µs/op", "(CPU µs)", "product speed ÷ js"],
  ];
  for (const [name, ref] of Object.entries(reference.timings)) {
    const cand = candidate.timings[name]!;
    speedups[name] = ref.cpuUsPerOp / cand.cpuUsPerOp;
    rows.push([
      name,
      fmt(ref.usPerOp),
      fmt(ref.cpuUsPerOp),
      fmt(cand.usPerOp),
      fmt(cand.cpuUsPerOp),
      `${fmt(speedups[name]!, 2)}×`,
    ]);
  }
  log(table(rows));
  log(
    `First run, cold: json-logic-js ${fmt(reference.coldMs)} ms, product ${fmt(candidate.coldMs)} ms (${candidate.compilations} pieces of logic compiled).`,
  );
  for (const r of [reference, candidate])
    log(
      `${r.evaluator}: worked cases ${r.cases.total - r.cases.failed.length}/${r.cases.total}, shared json-logic suite ${r.suite.total - r.suite.failed.length}/${r.suite.total}, operator examples ${r.examples.total - r.examples.failed.length}/${r.examples.total}` +
        [...r.cases.failed, ...r.suite.failed, ...r.examples.failed].map((f) => `\n  FAILED ${f}`).join(""),
    );
  log(
    `Same decisions on ${Object.keys(reference.outputs).length - differences.length}/${Object.keys(reference.outputs).length} outputs (worked cases, the workload, every step's branches and validator)${differences.map((d) => `\n  DIFFERS ${d}`).join("")}`,
  );
  const whole = candidate.timings["documents + coverage + next step"]!;
  log(
    `The whole workload: ${fmt(whole.cpuUsPerOp)} µs of CPU per evaluation (${fmt(whole.usPerOp)} µs of wall clock; target ≤ 100 µs, issue 34 (issue 24 set 300); load average ${loadavg()[0]!.toFixed(1)}).`,
  );
  const check = candidate.timings[APPLICATION_CHECK]!;
  log(
    `Its application is validated once for every run (one object); a request validates its own once: ${fmt(check.cpuUsPerOp)} µs of CPU more, ${fmt(whole.cpuUsPerOp + check.cpuUsPerOp)} µs per request.`,
  );
  log(
    passes
      ? "The product's evaluator passes every check and decides as json-logic-js does."
      : "The product's evaluator does NOT pass: see FAILED and DIFFERS above.",
  );
  return { reference, candidate, differences, passes, speedups };
}
