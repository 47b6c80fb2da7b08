// npm run definitions:impact: before a change to steps/, rules/ or schemas/ goes live, how many
// applications in flight in the database (DATABASE_URL, or the SQLite file of DATA_DIR, as
// npm start uses) it would send back, and to which step. Reads the working tree's definitions
// (refused, with the check's messages, when they fail check) and saves nothing.
// --steps and --rules judge another copy of the definitions; --json prints the figures as JSON.
import { parseArgs } from "node:util";
import { definitionsImpact } from "@server/features/definitions/impact";
import { openServices } from "@server/start";

const { values } = parseArgs({
  options: { steps: { type: "string" }, rules: { type: "string" }, json: { type: "boolean" } },
});

try {
  const { services, closeDb } = await openServices({
    quiet: true,
    definitions: { steps: values.steps, rules: values.rules },
  });
  const impact = await definitionsImpact(services, services.defs);
  await closeDb();
  if (values.json) console.log(JSON.stringify(impact, null, 2));
  else {
    console.log(
      `Definitions ${impact.version}: ${impact.checked} application(s) in flight saved under other definitions; ${impact.sentBack} would be sent back.`,
    );
    for (const s of impact.byStep)
      console.log(
        `  ${String(s.count).padStart(5)} to ${s.label} (${s.stepId}, ${s.route}): ${s.fields.join(", ")}`,
      );
  }
} catch (error) {
  console.error(`definitions:impact: ${(error as Error).message}`);
  process.exit(1);
}
