// Rules bench: the same engine code on json-logic-js (the product's evaluator) and on
// json-logic-engine compiled (bench/compiled-logic.ts), each in a fresh process so neither warms
// or pollutes the other's JIT. The candidate counts only if it passes every worked case and the
// shared json-logic suite and decides exactly what json-logic-js decides. Each side runs twice,
// taking turns with the other, and keeps its better run of each workload: on a shared machine a
// neighbour's burst only ever slows a run down.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { REPO_ROOT } from "../engine/paths";
import { fmt, table } from "./measure";
import type { WorkerReport } from "./rules-worker";

function runWorker(swap: boolean): WorkerReport {
  const args = ["--import", "tsx", ...(swap ? ["--import", pathToFileURL(join(REPO_ROOT, "bench/swap-logic.mjs")).href] : []), join(REPO_ROOT, "bench/rules-worker.ts")];
  const child = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`rules worker (${swap ? "compiled" : "json-logic-js"}) failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as WorkerReport;
}

export interface RulesSummary {
  reference: WorkerReport;
  candidate: WorkerReport;
  /** Outputs the two evaluators decided differently (case results, workload, every step's logic). */
  differences: string[];
  passes: boolean;
  /** Candidate ops/s over json-logic-js ops/s, per workload. */
  speedups: Record<string, number>;
}

export function runRulesBench(log: (line: string) => void = console.log): RulesSummary {
  log("Rules: documents + coverage + next step, two borrowers (json-logic-js and json-logic-engine compiled, two runs each, taking turns; the better run of each)...");
  const runs = [false, true, false, true].map(runWorker);
  const best = (a: WorkerReport, b: WorkerReport): WorkerReport => ({
    ...a,
    timings: Object.fromEntries(Object.entries(a.timings).map(([name, t]) => [name, b.timings[name]!.opsPerSec > t.opsPerSec ? b.timings[name]! : t])),
    coldMs: Math.min(a.coldMs, b.coldMs),
  });
  const reference = best(runs[0]!, runs[2]!);
  const candidate = best(runs[1]!, runs[3]!);
  const differences = Object.keys(reference.outputs).filter((key) => !isDeepStrictEqual(reference.outputs[key], candidate.outputs[key]));
  const checks = (r: WorkerReport) => r.cases.failed.length + r.suite.failed.length + r.examples.failed.length;
  const passes = checks(reference) === 0 && checks(candidate) === 0 && differences.length === 0;

  const speedups: Record<string, number> = {};
  const rows = [["workload", "json-logic-js ops/s", "µs/op", "compiled ops/s", "µs/op", "compiled ÷ js"]];
  for (const [name, ref] of Object.entries(reference.timings)) {
    const cand = candidate.timings[name]!;
    speedups[name] = cand.opsPerSec / ref.opsPerSec;
    rows.push([name, fmt(ref.opsPerSec), fmt(ref.usPerOp), fmt(cand.opsPerSec), fmt(cand.usPerOp), `${fmt(speedups[name]!, 2)}×`]);
  }
  log(table(rows));
  log(`First run, cold: json-logic-js ${fmt(reference.coldMs)} ms, compiled ${fmt(candidate.coldMs)} ms (${candidate.compilations} pieces of logic compiled).`);
  for (const r of [reference, candidate])
    log(
      `${r.evaluator}: worked cases ${r.cases.total - r.cases.failed.length}/${r.cases.total}, shared json-logic suite ${r.suite.total - r.suite.failed.length}/${r.suite.total}, operator examples ${r.examples.total - r.examples.failed.length}/${r.examples.total}` +
        [...r.cases.failed, ...r.suite.failed, ...r.examples.failed].map((f) => `\n  FAILED ${f}`).join(""),
    );
  log(`Same decisions on ${Object.keys(reference.outputs).length - differences.length}/${Object.keys(reference.outputs).length} outputs (worked cases, the workload, every step's branches and validator)${differences.map((d) => `\n  DIFFERS ${d}`).join("")}`);
  log(passes ? "The compiled evaluator passes every check." : "The compiled evaluator does NOT pass: keep json-logic-js.");
  return { reference, candidate, differences, passes, speedups };
}
