// npm run check: lints every definition file and checks their layout (npm run format).
import { parseArgs } from "node:util";
import { loadDefinitions, uncompilableSchemas, unformattedFiles } from "../definitions/load";
import { lenderReport } from "../lending/lender-file";
import { missingTemplates } from "../lending/templates";
import { formatProblem } from "../lint/lint";

// --steps and --rules check another copy of the definitions (the schemas stay the repository's);
// --content, another copy of the texts, for the placeholders left in them.
const { values } = parseArgs({
  options: { steps: { type: "string" }, rules: { type: "string" }, content: { type: "string" } },
});
const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
problems.push(...unformattedFiles({ steps: values.steps, rules: values.rules }));
if (problems.length === 0) problems.push(...uncompilableSchemas(defs));
// The notices, closing documents and mails the loan's rule files name must exist in content/.
problems.push(...missingTemplates(defs, { rules: values.rules, content: values.content }));

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

for (const p of problems) console.error(formatProblem(p));
const counts = `${defs.steps.size} steps, ${defs.flows.size} flows, ${defs.ruleSets.size} rule sets, ${defs.cases.reduce((n, c) => n + c.def.cases.length, 0)} worked cases`;
if (problems.length > 0) {
  console.error(`\ncheck: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${counts}`);
  process.exit(1);
}
console.log(`check: definitions clean (${counts})`);
