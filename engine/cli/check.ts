// npm run check: lints every definition file and checks their layout (npm run format).
import { parseArgs } from "node:util";
import { loadDefinitions, uncompilableSchemas, unformattedFiles } from "../definitions/load";
import { lenderReport } from "../lending/lender-file";
import { formatProblem } from "../lint/lint";
import { mismoSchemaProblems } from "../lint/mismo-schema";

// --steps and --rules check another copy of the definitions (the schemas stay the repository's);
// --content, another copy of the texts, for the placeholders left in them.
const { values } = parseArgs({
  options: { steps: { type: "string" }, rules: { type: "string" }, content: { type: "string" } },
});
const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
problems.push(...unformattedFiles({ steps: values.steps, rules: values.rules }));
if (problems.length === 0) problems.push(...uncompilableSchemas(defs));

// The lender profile and placeholders: refused when the profile is marked production (or cannot
// be read), listed as notes while it is sample data.
// With the pricing rules: a disclosed figure they lack, or one that contradicts the profile.
const lender = lenderReport(
  undefined,
  { steps: values.steps, rules: values.rules, content: values.content },
  (defs.params.pricing ?? {}) as Record<string, unknown>,
);
if (!lender.profile || lender.profile.status === "production") problems.push(...lender.findings);
else if (lender.findings.length) {
  console.log(
    `check: the lender profile is sample data; before it is marked production, fix (${lender.findings.length}):`,
  );
  for (const p of lender.findings) console.log(`  ${formatProblem(p)}`);
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
const counts = `${defs.steps.size} steps, ${defs.flows.size} flows, ${defs.ruleSets.size} rule sets, ${defs.cases.reduce((n, c) => n + c.def.cases.length, 0)} worked cases`;
if (problems.length > 0) {
  console.error(`\ncheck: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${counts}`);
  process.exit(1);
}
console.log(`check: definitions clean (${counts})`);
