// npm run check: lints every definition file, checks their layout (npm run format) and that the
// generated types are current.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadDefinitions, unformattedFiles } from "../load";
import { formatProblem } from "../lint";
import { GENERATED_TYPES, generateTypes } from "./gen-types";

// --steps and --rules check another copy of the definitions (the schemas stay the repository's).
const { values } = parseArgs({ options: { steps: { type: "string" }, rules: { type: "string" } } });
const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
problems.push(...unformattedFiles({ steps: values.steps, rules: values.rules }));
const current = readFileSync(GENERATED_TYPES, "utf8");
if (current !== (await generateTypes()))
  problems.push({ file: "engine/generated/schema-types.ts", pointer: "", message: "is out of date with schemas/: run npm run gen:types" });

for (const p of problems) console.error(formatProblem(p));
const counts = `${defs.steps.size} steps, ${defs.flows.size} flows, ${defs.ruleSets.size} rule sets, ${defs.cases.reduce((n, c) => n + c.def.cases.length, 0)} worked cases`;
if (problems.length > 0) {
  console.error(`\ncheck: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${counts}`);
  process.exit(1);
}
console.log(`check: definitions clean (${counts})`);
