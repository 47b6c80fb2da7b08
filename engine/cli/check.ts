// npm run check: everything a set of definitions must pass before it is served (engine/lending/set-check.ts,
// the function the running server's live gate calls), printed as file:line:column, pointer and a
// plain sentence. --steps, --rules, --schemas, --content and --journeys check another copy.
import { parseArgs } from "node:util";
import { checkLendingSet as checkSet } from "../lending/set-check";
import { formatProblem } from "../lint/lint";
import { mismoSchemaProblems } from "../lint/mismo-schema";

const { values } = parseArgs({
  options: {
    steps: { type: "string" },
    rules: { type: "string" },
    schemas: { type: "string" },
    content: { type: "string" },
    journeys: { type: "string" },
  },
});
const { defs, problems, notes } = checkSet(values);

if (notes.length) {
  console.log(
    `check: the lender profile is sample data; before it is marked production, fix (${notes.length}):`,
  );
  for (const p of notes) console.log(`  ${formatProblem(p)}`);
}

// The MISMO mapping against the MISMO schemas, when a copy is at hand (MISMO_SCHEMA_DIR, or the
// workplace's beside the repository): they are MISMO's and never part of the product.
if (problems.length === 0) {
  const mismo = mismoSchemaProblems(defs, values.rules);
  if (mismo.dir === null)
    console.log(
      "check: no MISMO 3.4 schemas found (MISMO_SCHEMA_DIR): rules/mismo.json not checked against them",
    );
  problems.push(...mismo.problems);
}

for (const p of problems) console.error(formatProblem(p));
const journeys = [...(defs.texts?.keys() ?? [])].filter((f) => f.startsWith("journeys/")).length;
const counts = `${defs.steps.size} steps, ${defs.flows.size} flows, ${defs.ruleSets.size} rule sets, ${defs.cases.reduce((n, c) => n + c.def.cases.length, 0)} worked cases, ${journeys} worked journeys`;
if (problems.length > 0) {
  console.error(`\ncheck: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${counts}`);
  process.exit(1);
}
console.log(`check: definitions clean (${counts})`);
