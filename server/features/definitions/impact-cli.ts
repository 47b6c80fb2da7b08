// npm run definitions:impact: before a change to the definition folders goes live, what it does to
// the applications in flight in the database (DATABASE_URL, or the SQLite file of DATA_DIR, as
// npm start uses): who is sent back and to which step, who stands on a step that is gone or off
// their path and where they land, who meets a new step first, which saved answers lose their
// field or value, whose offer changes, and what the live gate would refuse. Reads the working
// tree's folders (refused, with the check's messages, when they fail check) and saves nothing;
// exits 1 when the gate would refuse the change. --steps, --rules, --schemas, --content, --journeys
// judge another copy; --json prints the report as JSON.
import { parseArgs } from "node:util";
import { formatProblem } from "@engine/lint/lint";
import { definitionsImpact } from "@server/features/definitions/impact";
import { openServices } from "@server/start";
import { publishedSet } from "./judge";
import { SET_OPTIONS, setDirs } from "./set-args";

const { values } = parseArgs({
  options: {
    ...SET_OPTIONS,
    json: { type: "boolean" },
  },
});

try {
  const { services, closeDb } = await openServices({
    quiet: true,
    definitions: setDirs(values),
  });
  const running = (await publishedSet(services.db)) ?? undefined;
  const impact = await definitionsImpact(services, services.defs, running ? { running } : {});
  await closeDb();
  if (values.json) console.log(JSON.stringify(impact, null, 2));
  else {
    const c = impact.counts;
    console.log(
      `Definitions ${impact.version}: ${c.checked} application(s) in flight saved under other definitions; ${c.sentBack} would be sent back, ${c.stranded} stand on a step that is gone, ${c.offPath} on a step off their path, ${c.gained} meet a new step first, ${c.lostAnswers} hold answers whose field or value is gone, ${c.offersChanged} offer(s) change.`,
    );
    for (const s of impact.byStep)
      console.log(
        `  ${String(s.count).padStart(5)} sent back to ${s.label} (${s.stepId}, ${s.route}): ${s.fields.join(", ")}`,
      );
    for (const s of impact.stranded)
      console.log(
        `  ${String(s.count).padStart(5)} on "${s.status}" (${s.reason === "removed" ? "gone" : "off their path"}) land on ${s.landsOn ?? "no step"}`,
      );
    for (const g of impact.gained)
      console.log(`  ${String(g.count).padStart(5)} meet "${g.stepId}" (${g.label}) first`);
    for (const l of impact.lost)
      console.log(
        `  ${String(l.count).padStart(5)} hold ${l.kind === "field" ? `an answer at ${l.field}, a field that is gone` : `${JSON.stringify(l.value)} at ${l.field}, a value that is gone`}`,
      );
    if (impact.offers.changed)
      console.log(
        `  ${String(impact.offers.changed).padStart(5)} offer(s) change: ${impact.offers.raised} line(s) up, ${impact.offers.lowered} down, ${impact.offers.nowIneligible} no longer eligible, ${impact.offers.nowEligible} newly eligible`,
      );
    if (impact.refusals.length) {
      console.log(`\nThe live gate would refuse this change (${impact.refusals.length}):`);
      for (const p of impact.refusals) console.log(`  ${formatProblem(p)}`);
    }
  }
  process.exit(impact.refusals.length ? 1 : 0);
} catch (error) {
  console.error(`definitions:impact: ${(error as Error).message}`);
  process.exit(1);
}
