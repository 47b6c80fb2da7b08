// npm run compliance:matrix [-- --out DIR] [--report vitest.json] [--steps DIR --rules DIR]
// Writes compliance-matrix.md (by default to dist/docs/): every paragraph of law the data cites →
// what meets it → the worked cases (run now) and tests (from a vitest JSON report when given, else
// listed as not run) that prove it. Exits 1 when a cited rule has no passing evidence, or evidence
// failed (the matrix is still written).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { todayIso } from "../base/dates";
import { loadDefinitions, REPO_ROOT } from "../definitions/load";
import { formatProblem } from "../lint/lint";
import {
  buildMatrix,
  matrixFailures,
  normalCite,
  renderMatrix,
  testsFromVitestReport,
  testsInSource,
  type Claim,
  type Evidence,
} from "../explain/traceability";
import { definitionClaims, workedCaseEvidence } from "../explain/traceability-data";
import { writeDocs } from "./docs-output";

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    report: { type: "string" },
    steps: { type: "string" },
    rules: { type: "string" },
    content: { type: "string" },
  },
});
const rel = (file: string) => relative(REPO_ROOT, file).split("\\").join("/");

/** What the texts claim: a Markdown text's front matter `cites: "a; b"`, a JSON text's `cites` list. */
function textClaims(dir: string): Claim[] {
  const claims: Claim[] = [];
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(".md")) {
        const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(full, "utf8"))?.[1] ?? "";
        const line = /^cites:\s*"?(.*?)"?\s*$/m.exec(front)?.[1];
        for (const cite of line?.split(";") ?? [])
          if (cite.trim())
            claims.push({ cite: normalCite(cite), kind: "text", id: rel(full), file: rel(full) });
      } else if (e.name.endsWith(".json")) {
        const json = JSON.parse(readFileSync(full, "utf8")) as { cites?: unknown };
        if (Array.isArray(json.cites))
          for (const cite of json.cites)
            claims.push({ cite: normalCite(String(cite)), kind: "text", id: rel(full), file: rel(full) });
      }
    }
  };
  walk(dir);
  return claims;
}

/** The test files' tests, as declared, for a matrix made without a report. */
function declaredTests(dir: string): Evidence[] {
  const out: Evidence[] = [];
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(e.name))
        out.push(...testsInSource(readFileSync(full, "utf8"), rel(full)));
    }
  };
  walk(dir);
  return out;
}

const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error("\ncompliance:matrix: the definitions have problems; run npm run check");
  process.exit(1);
}
const claims = [...definitionClaims(defs), ...textClaims(values.content ?? join(REPO_ROOT, "content"))];
const tests = values.report
  ? testsFromVitestReport(JSON.parse(readFileSync(values.report, "utf8")), REPO_ROOT)
  : declaredTests(join(REPO_ROOT, "tests"));
const rows = buildMatrix(claims, [...workedCaseEvidence(defs), ...tests]);
writeDocs(values.out ?? join(REPO_ROOT, "dist/docs"), [
  ["compliance-matrix.md", renderMatrix(rows, { date: todayIso(), report: values.report ?? null })],
]);
const failing = matrixFailures(rows);
console.log(
  `compliance:matrix: ${rows.length} citations, ${claims.length} claims, ${rows.filter((r) => r.status === "proved").length} proved`,
);
if (failing.length) {
  for (const r of failing)
    console.error(
      `compliance:matrix: ${r.cite} (${r.claims.map((c) => `${c.kind} ${c.id}`).join(", ") || "evidence only"}): ${r.status}`,
    );
  process.exit(1);
}
