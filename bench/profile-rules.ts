// Where the rules workload's time goes: `npx tsx bench/profile-rules.ts [part] [seconds]` runs the
// bench's workload (bench/rules-workload.ts: all of it, or one part: documents, coverage, "next
// step") in a loop under the V8 CPU profiler, writes dist/bench/rules.cpuprofile (open it in
// Chrome's DevTools) and prints the functions that take the most time, per evaluation.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadDefinitions } from "@engine/definitions/load";
import { REPO_ROOT } from "@engine/base/paths";
import { fmt } from "./measure";
import { profiled, summarize } from "./profile-summary";
import { rulesWorkload } from "./rules-workload";

const args = process.argv.slice(2).filter((a) => a !== "--");
const [part = "all", seconds = "5"] = args;
const { defs } = loadDefinitions();
const workload = rulesWorkload(defs);
const op = part === "all" ? workload.all : workload.parts[part as keyof typeof workload.parts];
if (!op) throw new Error(`profile all, ${Object.keys(workload.parts).join(", ")}; not ${part}`);

const loop = (ms: number) => {
  let count = 0;
  const cpu = process.cpuUsage();
  for (const end = performance.now() + ms; performance.now() < end; count++) op();
  const spent = process.cpuUsage(cpu);
  return { count, cpuUs: (spent.user + spent.system) / count };
};
loop(1000); // warm: logic compiled, code optimized
const { result, profile } = await profiled(() => loop(Number(seconds) * 1000));

const out = join(REPO_ROOT, "dist/bench");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "rules.cpuprofile"), JSON.stringify(profile));
const { busyUs, text } = summarize(profile, result.count, "eval", { self: 40, total: 60 });
console.log(
  `rules workload (${part}): ${result.count} evaluations, ${fmt(result.cpuUs)} µs of CPU each, ${fmt(busyUs / result.count)} µs busy in the profile (profiler on).\n`,
);
console.log(text);
console.log(`\nProfile: ${relative(process.cwd(), join(out, "rules.cpuprofile"))}`);
