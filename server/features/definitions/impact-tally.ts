// The findings of a definitions change on the applications in flight (./impact.ts), tallied one
// application at a time, and the report they make, with what the live gate refuses the set for.
import type { Definitions, Problem } from "@engine/definitions/definitions";
import { currentStep, retiredOf, RETIRED_RULE_SET } from "@engine/definitions/retired";
import type { Journey } from "@engine/funnel/journey";
import type { LostAnswer } from "@engine/funnel/lost-answers";
import type { InvalidStep } from "@engine/funnel/recheck";
import type { Impact, ImpactCounts, ImpactEntry } from "./impact";

/** Rows a report keeps; the counts count every application. */
export const MAX_ENTRIES = 10_000;

/** One application in flight as the candidate set sees it. */
export interface Judged {
  base: Pick<ImpactEntry, "applicationId" | "partnerId" | "loanOfficerId" | "status">;
  /** The step or status they stand on, as read (a retired step's successor). */
  standsOn: string;
  isStep: boolean;
  isStatus: boolean;
  journey: Journey | null;
  findings: InvalidStep[];
  landsOn: string | null;
}

export type Quote = { eligible?: boolean; lineAmount?: number; apr?: number };
type Stranded = { count: number; landsOn: string | null; reason: "removed" | "offPath" };

export interface Tally {
  counts: ImpactCounts;
  byStep: Map<string, { count: number; fields: Set<string> }>;
  stranded: Map<string, Stranded>;
  gained: Map<string, number>;
  lost: Map<string, Impact["lost"][number]>;
  offers: Impact["offers"];
  entries: ImpactEntry[];
}

export const newTally = (): Tally => ({
  counts: { checked: 0, sentBack: 0, stranded: 0, offPath: 0, gained: 0, lostAnswers: 0, offersChanged: 0 },
  byStep: new Map(),
  stranded: new Map(),
  gained: new Map(),
  lost: new Map(),
  offers: { changed: 0, raised: 0, lowered: 0, nowIneligible: 0, nowEligible: 0 },
  entries: [],
});

const note = (tally: Tally, entry: ImpactEntry) =>
  void (tally.entries.length < MAX_ENTRIES && tally.entries.push(entry));

/** Standing on a step the set no longer has, or one off their path, or behind a step gained before it. */
export function tallyPlace(
  tally: Tally,
  { base, standsOn, isStep, isStatus, journey, findings, landsOn }: Judged,
) {
  if (!isStatus) {
    tally.counts.stranded++;
    const entry = tally.stranded.get(base.status) ?? { count: 0, landsOn, reason: "removed" as const };
    entry.count++;
    tally.stranded.set(base.status, entry);
    note(tally, {
      ...base,
      kind: "stranded",
      landsOn,
      detail: `stands on "${base.status}", which this set no longer has`,
    });
  } else if (isStep && journey && !journey.path.includes(standsOn) && landsOn !== standsOn) {
    tally.counts.offPath++;
    const entry = tally.stranded.get(standsOn) ?? { count: 0, landsOn, reason: "offPath" as const };
    entry.count++;
    tally.stranded.set(standsOn, entry);
    note(tally, { ...base, kind: "offPath", landsOn, detail: `"${standsOn}" is no longer on their path` });
  } else if (journey?.due && journey.due !== standsOn && !findings.length && isStep) {
    tally.counts.gained++;
    tally.gained.set(journey.due, (tally.gained.get(journey.due) ?? 0) + 1);
    note(tally, {
      ...base,
      kind: "gained",
      landsOn: journey.due,
      detail: `"${journey.due}" now comes before "${standsOn}"`,
    });
  }
}

/** Saved answers a step now refuses: sent back to the first such step. */
export function tallySentBack(tally: Tally, { base, findings, landsOn }: Judged) {
  const [first] = findings;
  if (!first) return;
  tally.counts.sentBack++;
  const entry = tally.byStep.get(first.stepId) ?? { count: 0, fields: new Set<string>() };
  entry.count++;
  for (const pointer of first.pointers) entry.fields.add(pointer);
  tally.byStep.set(first.stepId, entry);
  note(tally, { ...base, kind: "sentBack", landsOn, detail: first.pointers.join(", ") });
}

/** Saved answers whose field or value the set no longer has. */
export function tallyLost(tally: Tally, { base, landsOn }: Judged, gone: LostAnswer[]) {
  if (!gone.length) return;
  tally.counts.lostAnswers++;
  for (const g of gone) {
    const key = `${g.kind} ${g.field} ${String(g.value)}`;
    const entry = tally.lost.get(key) ?? { ...g, count: 0 };
    entry.count++;
    tally.lost.set(key, entry);
  }
  note(tally, {
    ...base,
    kind: "lostAnswers",
    landsOn,
    detail: gone
      .map((g) => (g.kind === "field" ? g.field : `${g.field} = ${JSON.stringify(g.value)}`))
      .join(", "),
  });
}

/** An offer whose line, APR or eligibility the set changes. */
export function tallyOffer(tally: Tally, { base, landsOn }: Judged, before?: Quote, now?: Quote) {
  if (
    !before ||
    !now ||
    (before.eligible === now.eligible && before.lineAmount === now.lineAmount && before.apr === now.apr)
  )
    return;
  const { counts, offers } = tally;
  counts.offersChanged++;
  offers.changed++;
  if (before.eligible && !now.eligible) offers.nowIneligible++;
  else if (!before.eligible && now.eligible) offers.nowEligible++;
  else if ((now.lineAmount ?? 0) > (before.lineAmount ?? 0)) offers.raised++;
  else if ((now.lineAmount ?? 0) < (before.lineAmount ?? 0)) offers.lowered++;
  note(tally, {
    ...base,
    kind: "offerChanged",
    landsOn,
    detail: `line ${before.lineAmount ?? "none"} → ${now.lineAmount ?? "none"}, APR ${before.apr ?? "none"} → ${now.apr ?? "none"}${before.eligible !== now.eligible ? `, ${now.eligible ? "now eligible" : "no longer eligible"}` : ""}`,
  });
}

/** A removed step with applicants on it, or a lost field or value, that rules/retired.json does not declare. */
function refusalsOf(defs: Definitions, { stranded, lost }: Tally): Problem[] {
  const retired = retiredOf(defs);
  const retiredFile = defs.ruleSets.get(RETIRED_RULE_SET)?.file ?? "rules/retired.json";
  const refusals: Problem[] = [];
  for (const [status, { count, reason }] of stranded)
    if (reason === "removed" && currentStep(retired, status) === status)
      refusals.push({
        file: retiredFile,
        pointer: "/params/steps",
        message: `step "${status}" is gone, and ${count} application(s) in flight stand on it: declare where they go in ${retiredFile} params.steps ({"${status}": "<a step>"}), or keep the step`,
      });
  for (const { field, kind, value, count } of lost.values())
    refusals.push({
      file: retiredFile,
      pointer: kind === "field" ? "/params/fields" : "/params/values",
      message:
        kind === "field"
          ? `field "${field}" is gone, and ${count} application(s) in flight hold an answer there (every save of theirs would be refused): declare in ${retiredFile} params.fields where it goes ({"${field}": null} lets it go)`
          : `the value ${JSON.stringify(value)} of "${field}" is gone, and ${count} application(s) in flight hold it: declare in ${retiredFile} params.values what it is read as ({"${field}": {${JSON.stringify(value)}: "<a value>"}})`,
    });
  return refusals;
}

export function reportOf(defs: Definitions, version: string, tally: Tally): Impact {
  const { counts, byStep, stranded, gained, lost, offers, entries } = tally;
  return {
    version,
    checked: counts.checked,
    sentBack: counts.sentBack,
    counts,
    byStep: [...byStep]
      .map(([stepId, { count, fields }]) => {
        const step = defs.steps.get(stepId)!.def;
        return { stepId, label: step.label, route: step.route, count, fields: [...fields].sort() };
      })
      .sort((a, b) => b.count - a.count || a.stepId.localeCompare(b.stepId)),
    stranded: [...stranded]
      .map(([status, s]) => ({ status, ...s }))
      .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    gained: [...gained]
      .map(([stepId, count]) => ({ stepId, label: defs.steps.get(stepId)?.def.label ?? stepId, count }))
      .sort((a, b) => b.count - a.count || a.stepId.localeCompare(b.stepId)),
    lost: [...lost.values()].sort((a, b) => b.count - a.count || a.field.localeCompare(b.field)),
    offers,
    refusals: refusalsOf(defs, tally),
    entries,
  };
}
