// `npm run bench`: rules, API and web figures in one run, no network needed. `npm run bench -- api`
// (or rules, web, capacity, commit-floor, ...) runs only the parts named. The figures also go to dist/bench/results.json.
// Exits with status 1 when the home page's JavaScript is over its budget.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { runA11yBench } from "./a11y";
import { runApiBench } from "./api";
import { runGateBench } from "./gate";
import { runCapacityBench } from "./capacity";
import { runCommitFloorBench } from "./commit-floor";
import { runRulesBench } from "./rules";
import { runScaleBench } from "./scale";
import { runWebBench } from "./web";

const parts = {
  rules: runRulesBench,
  api: runApiBench,
  capacity: runCapacityBench,
  "commit-floor": runCommitFloorBench,
  scale: runScaleBench,
  gate: runGateBench,
  web: runWebBench,
  a11y: runA11yBench,
} as const;
type Part = keyof typeof parts;

const asked = process.argv.slice(2).filter((a) => a !== "--");
const unknown = asked.filter((a) => !(a in parts));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(", ")}. Parts: ${Object.keys(parts).join(", ")}.`);
  process.exit(2);
}
const chosen = (asked.length ? asked : Object.keys(parts)) as Part[];

// Figures mean little without the machine they came from.
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
console.log(`Machine: ${machine}\n`);

const results: Record<string, unknown> = { at: new Date().toISOString(), machine };
for (const part of chosen) {
  const started = performance.now();
  results[part] = await parts[part]((line) => console.log(line));
  console.log(`(${part}: ${Math.round((performance.now() - started) / 1000)} s)\n`);
}

const out = join(REPO_ROOT, "dist/bench");
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, "results.json"),
  JSON.stringify(results, (key, value) => (key === "outputs" ? undefined : value), 2),
);
console.log(`Figures written to dist/bench/results.json.`);

const web = results.web as { homeWithinBudget: boolean } | undefined;
if (web && !web.homeWithinBudget) process.exitCode = 1;
