// A server-shaped entry for the worker-bundle test (tests/definitions/worker-bundle.test.ts): it
// is bundled to plain JavaScript as the server is, asks the definitions gate to check the
// repository's set, builds the served set from the answer (validators linked from the worker's
// code), judges one step's answers with it, asks the impact of the set on an empty database (the
// worker opens it and applies the migrations) and prints what it got as JSON.
// Usage: node main.js <stepId> <answers as JSON> <SQLite file>
import { todayIso } from "@engine/base/dates";
import { randomBytes } from "node:crypto";
import { createStepValidator } from "@engine/validation/validate";
import { createDefinitionsGate, servedSet } from "@server/features/definitions/gate";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const [stepId, answers, dbPath] = process.argv.slice(2) as [string, string, string];
const gate = createDefinitionsGate(randomBytes(32));
const checked = await gate.check({});
const defs = await servedSet(checked);
const judged = createStepValidator(defs, stepId)(JSON.parse(answers), { application: {}, today: TODAY });
const running = { version: checked.version, texts: checked.texts, files: checked.files };
const impact = await gate.impact({ dirs: {}, version: checked.version, running, db: { path: dbPath } });
console.log(
  JSON.stringify({
    version: checked.version,
    problems: checked.problems.length,
    linked: Object.values(checked.parts).filter(Boolean).length,
    errors: judged.errors,
    impact: { version: impact.version, checked: impact.checked, refusals: impact.refusals.length },
  }),
);
await gate.close();
