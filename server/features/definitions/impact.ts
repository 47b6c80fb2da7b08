// Before a definitions change goes live: how many applications in flight it would send back, and
// to which step. Each stored application is re-checked as its owner's next visit would re-check it
// (server/features/steps/recheck.ts), against the definitions given, and nothing is saved.
import type { SQL } from "drizzle-orm";
import type { Definitions } from "@engine/definitions/definitions";
import { applications } from "@server/persistence/db/schema";
import { definitionFacts, type Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { recheckFindings } from "../steps/recheck";

export interface Impact {
  /** The version of the definitions judged. */
  version: string;
  /** Applications the re-check would look at: saved under another version, not final, not submitted. */
  checked: number;
  /** Of those, the ones sent back. */
  sentBack: number;
  /** Per step, how many are sent back to it first (the step their path leads to next), most first. */
  byStep: { stepId: string; label: string; route: string; count: number; fields: string[] }[];
}

/** The impact of `defs` on the stored applications (those `where` selects, when given: a portal user's own). */
export async function definitionsImpact(services: Services, defs: Definitions, where?: SQL): Promise<Impact> {
  const judged: Services = { ...services, ...definitionFacts(defs) };
  const store = applicationStore(judged);
  const byStep = new Map<string, { count: number; fields: Set<string> }>();
  let checked = 0;
  let sentBack = 0;
  const rows = where
    ? await services.db.select().from(applications).where(where)
    : await services.db.select().from(applications);
  for (const row of rows) {
    const invalid = recheckFindings(judged, store.fromRow(row));
    if (!invalid) continue;
    checked++;
    const [first] = invalid;
    if (!first) continue;
    sentBack++;
    const entry = byStep.get(first.stepId) ?? { count: 0, fields: new Set<string>() };
    entry.count++;
    for (const pointer of first.pointers) entry.fields.add(pointer);
    byStep.set(first.stepId, entry);
  }
  return {
    version: judged.definitionsVersion,
    checked,
    sentBack,
    byStep: [...byStep]
      .map(([stepId, { count, fields }]) => {
        const step = defs.steps.get(stepId)!.def;
        return { stepId, label: step.label, route: step.route, count, fields: [...fields].sort() };
      })
      .sort((a, b) => b.count - a.count || a.stepId.localeCompare(b.stepId)),
  };
}
