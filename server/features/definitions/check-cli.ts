// npm run check: everything a set must pass before a server serves it. First what the files say
// on their own (engine/lending/set-check.ts, as engine/cli/check.ts prints it: meta-schemas, the
// linter's semantic checks, layout, content tokens, worked journeys); then, when this machine has
// the server's database (DATABASE_URL, or the SQLite file of DATA_DIR that npm start uses), what
// the live gate would refuse against the applications stored there: a step removed while
// applicants stand on it, a field or value removed while answers hold it, with no declaration in
// rules/retired.json. Each problem is file:line:column, pointer and a plain sentence.
// --steps, --rules, --schemas, --content, --journeys check another copy; --no-database skips the
// stored applications.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { withPositions } from "@engine/definitions/load";
import { checkLendingSet as checkSet } from "@engine/lending/set-check";
import { formatProblem } from "@engine/lint/lint";
import { translationReport } from "@engine/lint/translations";
import { experimentsOf, localesOf } from "@engine/funnel/experiments";
import { mismoSchemaProblems } from "@engine/lint/mismo-schema";
import { readConfig } from "@server/config";
import { openDb } from "@server/persistence/db/client";
import { definitionsImpact } from "@server/features/definitions/impact";
import { loadKey } from "@server/platform/crypto/encryption";
import { judgingServices, publishedSet } from "./judge";
import { SET_OPTIONS, setDirs } from "./set-args";

const { values } = parseArgs({
  options: {
    ...SET_OPTIONS,
    "no-database": { type: "boolean" },
  },
});
const dirs = setDirs(values);
const { defs, problems, notes } = checkSet(dirs);

// Translations out of date are said, never refused: those strings show in English (engine/lint/translations.ts).
for (const report of translationReport(defs)) {
  console.log(
    `check: translations (${report.locale}): ${report.translated} current, ${report.stale.length} stale, ${report.missing.length} missing (the page shows those in English)`,
  );
  for (const p of withPositions(report.stale, defs.texts as Map<string, string>))
    console.log(`  ${formatProblem(p)}`);
}

// The wording experiments and when each runs (rules/experiments.json): said, so a window or a demoOnly mark is seen.
for (const e of experimentsOf(defs))
  console.log(
    `check: experiment ${e.id} on ${e.step}: ${e.arms.map((a) => `${a.id} ${a.weight}%`).join(", ")}, ${localesOf(e).join("/")} readers, ${e.start} until ${e.end}${e.demoOnly ? ", on demo servers only (demoOnly)" : ""}`,
  );

if (notes.length) {
  console.log(
    `check: not ready for production (a sample profile, or figures out of date: a production server refuses to start on them); fix (${notes.length}):`,
  );
  for (const p of notes) console.log(`  ${formatProblem(p)}`);
}

// The MISMO mapping against the MISMO schemas, when a copy is at hand (MISMO_SCHEMA_DIR, or the
// workplace's beside the repository): they are MISMO's and never part of the product.
if (!problems.length) {
  const mismo = mismoSchemaProblems(defs, values.rules);
  if (mismo.dir === null)
    console.log(
      "check: no MISMO 3.4 schemas found (MISMO_SCHEMA_DIR): rules/mismo.json not checked against them",
    );
  problems.push(...mismo.problems);
}

let judged = "";
const config = readConfig();
if (!problems.length && !values["no-database"] && (config.databaseUrl || existsSync(config.databasePath))) {
  const { db, close } = await openDb({ url: config.databaseUrl, path: config.databasePath });
  try {
    const { key } = loadKey(config.encryptionKey, config.dataDir, { required: !config.dev });
    const running = await publishedSet(db);
    const impact = await definitionsImpact(
      judgingServices(db, key, running ?? defs, () => new Date()),
      defs,
      running ? { running } : {},
    );
    problems.push(...withPositions(impact.refusals, defs.texts as Map<string, string>));
    judged = `, judged against ${impact.checked} application(s) in flight in ${config.databaseUrl ? "the database" : config.databasePath}`;
  } finally {
    await close();
  }
}

for (const p of problems) console.error(formatProblem(p));
const journeys = [...(defs.texts?.keys() ?? [])].filter((f) => f.startsWith("journeys/")).length;
const counts = `${defs.steps.size} steps, ${defs.flows.size} flows, ${defs.ruleSets.size} rule sets, ${defs.cases.reduce((n, c) => n + c.def.cases.length, 0)} worked cases, ${journeys} worked journeys${judged}`;
if (problems.length > 0) {
  console.error(`\ncheck: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${counts}`);
  process.exit(1);
}
console.log(`check: definitions clean (${counts})`);
process.exit(0);
