// Before a definitions change goes live: what it does to every application in flight, judged as
// each owner's next visit would judge it (server/features/steps/recheck.ts) against the
// candidate set, with nothing saved. Per application:
// - stranded: standing on a step the set no longer has (and no rules/retired.json alias), or on a
//   step no longer on their path; where they will land;
// - a step gained before their current one (the path now asks something new first);
// - sent back: saved answers a step now refuses (the first such step is where they land);
// - lost answers: a field or a value the set no longer has, not declared in rules/retired.json;
// - the offer's figures changing (line amount, APR, eligibility).
// A removed step with applicants on it, or a lost field or value with saved answers, is refused
// unless the change declares where they go: `refusals` is what the live gate refuses the set for.
import { asc, gt } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import type { Definitions, Problem } from "@engine/definitions/definitions";
import { isFinalStatus } from "@engine/funnel/journey";
import { lostAnswers } from "@engine/funnel/lost-answers";
import { invalidSteps } from "@engine/funnel/recheck";
import { currentStep, retiredOf, RETIRED_RULE_SET } from "@engine/definitions/retired";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { doneSteps } from "@engine/funnel/journey";
import { applications } from "@server/persistence/db/schema";
import { definitionFacts, type Services } from "@server/services";
import { ownerCompleted, ownerJourney } from "@server/features/steps/journey";
import { applicationStore } from "@server/persistence/store/applications";

/** What the report keeps per application (no answers: pointers, step ids and figures only). */
export interface ImpactEntry {
  applicationId: string;
  partnerId: string;
  loanOfficerId: string | null;
  /** Their status as saved (a retired step's id included). */
  status: string;
  kind: "stranded" | "offPath" | "gained" | "sentBack" | "lostAnswers" | "offerChanged";
  /** The step they land on with the candidate set; null when none (the path ends or leaves the funnel). */
  landsOn: string | null;
  detail: string;
}

export interface ImpactCounts {
  /** Applications in flight saved under other definitions (not submitted, not final). */
  checked: number;
  sentBack: number;
  stranded: number;
  offPath: number;
  gained: number;
  lostAnswers: number;
  offersChanged: number;
}

export interface Impact {
  /** The version of the definitions judged. */
  version: string;
  /** Applications in flight saved under other definitions (not submitted, not final). */
  checked: number;
  /** Of those, the ones a step now refuses: sent back to it. */
  sentBack: number;
  /** Every figure of the report, each counting applications. */
  counts: ImpactCounts;
  /** Per step, how many are sent back to it first (the step their path leads to next), most first. */
  byStep: { stepId: string; label: string; route: string; count: number; fields: string[] }[];
  /** Per saved status that is gone or off the path: how many stand there, and where they land. */
  stranded: { status: string; count: number; landsOn: string | null; reason: "removed" | "offPath" }[];
  /** Steps that now come before where applicants stand: how many meet each first. */
  gained: { stepId: string; label: string; count: number }[];
  /** Saved answers whose field or value the set no longer has (undeclared in rules/retired.json). */
  lost: { field: string; kind: "field" | "value"; value?: string | number | boolean; count: number }[];
  /** Offers whose figures change: how many, and how (line up or down, eligibility gained or lost). */
  offers: { changed: number; raised: number; lowered: number; nowIneligible: number; nowEligible: number };
  /** Why the live gate refuses this set; empty when it may go live. */
  refusals: Problem[];
  /** One row per application and finding (at most MAX_ENTRIES; the counts are whole). */
  entries: ImpactEntry[];
}

/** Rows a report keeps; the counts count every application. */
export const MAX_ENTRIES = 10_000;
/** Rows read per query: the report never holds the whole table. */
const PAGE = 500;

const quoteOf = (defs: Definitions, doc: unknown, today: string) => {
  try {
    return presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", doc, { today })).quote as
      { eligible?: boolean; lineAmount?: number; apr?: number } | undefined;
  } catch {
    return undefined;
  }
};

/**
 * The impact of `defs` on the stored applications (`scope`, when given, keeps only those it
 * accepts: a portal user's own). `running`: the set serving now, for the offers' figures before.
 * `pause` is awaited between pages, so a caller on a busy thread lets others run.
 */
export async function definitionsImpact(
  services: Services,
  defs: Definitions,
  options: {
    running?: Definitions;
    scope?: (row: { partnerId: string; loanOfficerId: string | null }) => boolean;
    pause?: () => Promise<void>;
  } = {},
): Promise<Impact> {
  const judged: Services = { ...services, ...definitionFacts(defs) };
  const running = options.running ?? services.defs;
  const store = applicationStore(judged);
  const retired = retiredOf(defs);
  const today = todayIso(services.now());
  const counts: ImpactCounts = {
    checked: 0,
    sentBack: 0,
    stranded: 0,
    offPath: 0,
    gained: 0,
    lostAnswers: 0,
    offersChanged: 0,
  };
  const byStep = new Map<string, { count: number; fields: Set<string> }>();
  const stranded = new Map<
    string,
    { count: number; landsOn: string | null; reason: "removed" | "offPath" }
  >();
  const gained = new Map<string, number>();
  const lost = new Map<
    string,
    { field: string; kind: "field" | "value"; value?: string | number | boolean; count: number }
  >();
  const offers = { changed: 0, raised: 0, lowered: 0, nowIneligible: 0, nowEligible: 0 };
  const entries: ImpactEntry[] = [];
  const note = (entry: ImpactEntry) => void (entries.length < MAX_ENTRIES && entries.push(entry));

  let after = "";
  for (;;) {
    const rows = await services.db
      .select()
      .from(applications)
      .where(gt(applications.id, after))
      .orderBy(asc(applications.id))
      .limit(PAGE);
    if (!rows.length) break;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      if (options.scope && !options.scope(row)) continue;
      if (row.definitionsVersion === judged.definitionsVersion) continue;
      const app = store.fromRow(row);
      // A retired step's applicants stand on its declared successor (fromRow read them so).
      if (isFinalStatus(defs, app.status)) continue;
      const base = {
        applicationId: row.id,
        partnerId: row.partnerId,
        loanOfficerId: row.loanOfficerId,
        status: row.status,
      };
      const isStep = defs.steps.has(app.status);
      const isStatus = isStep || Object.hasOwn(defs.funnel.ranks, app.status);
      let journey;
      try {
        journey = ownerJourney(judged, app, app.doc, ownerCompleted(judged, app));
      } catch {
        journey = null;
      }
      if (journey?.submitted) continue;
      counts.checked++;
      const findings = journey
        ? invalidSteps(defs, { application: app.doc, steps: doneSteps(journey), today })
        : [];
      const landsOn = findings[0]?.stepId ?? journey?.due ?? null;

      if (!isStatus) {
        counts.stranded++;
        const entry = stranded.get(row.status) ?? { count: 0, landsOn, reason: "removed" as const };
        entry.count++;
        stranded.set(row.status, entry);
        note({
          ...base,
          kind: "stranded",
          landsOn,
          detail: `stands on "${row.status}", which this set no longer has`,
        });
      } else if (isStep && journey && !journey.path.includes(app.status) && landsOn !== app.status) {
        counts.offPath++;
        const entry = stranded.get(app.status) ?? { count: 0, landsOn, reason: "offPath" as const };
        entry.count++;
        stranded.set(app.status, entry);
        note({ ...base, kind: "offPath", landsOn, detail: `"${app.status}" is no longer on their path` });
      } else if (journey?.due && journey.due !== app.status && !findings.length && isStep) {
        counts.gained++;
        gained.set(journey.due, (gained.get(journey.due) ?? 0) + 1);
        note({
          ...base,
          kind: "gained",
          landsOn: journey.due,
          detail: `"${journey.due}" now comes before "${app.status}"`,
        });
      }
      if (findings.length) {
        counts.sentBack++;
        const [first] = findings;
        const entry = byStep.get(first!.stepId) ?? { count: 0, fields: new Set<string>() };
        entry.count++;
        for (const pointer of first!.pointers) entry.fields.add(pointer);
        byStep.set(first!.stepId, entry);
        note({ ...base, kind: "sentBack", landsOn, detail: first!.pointers.join(", ") });
      }
      const gone = lostAnswers(defs, app.doc);
      if (gone.length) {
        counts.lostAnswers++;
        for (const g of gone) {
          const key = `${g.kind} ${g.field} ${String(g.value)}`;
          const entry = lost.get(key) ?? { ...g, count: 0 };
          entry.count++;
          lost.set(key, entry);
        }
        note({
          ...base,
          kind: "lostAnswers",
          landsOn,
          detail: gone
            .map((g) => (g.kind === "field" ? g.field : `${g.field} = ${JSON.stringify(g.value)}`))
            .join(", "),
        });
      }
      if (running !== defs) {
        const before = quoteOf(running, app.doc, today);
        const now = quoteOf(defs, app.doc, today);
        if (
          before &&
          now &&
          (before.eligible !== now.eligible || before.lineAmount !== now.lineAmount || before.apr !== now.apr)
        ) {
          counts.offersChanged++;
          offers.changed++;
          if (before.eligible && !now.eligible) offers.nowIneligible++;
          else if (!before.eligible && now.eligible) offers.nowEligible++;
          else if ((now.lineAmount ?? 0) > (before.lineAmount ?? 0)) offers.raised++;
          else if ((now.lineAmount ?? 0) < (before.lineAmount ?? 0)) offers.lowered++;
          note({
            ...base,
            kind: "offerChanged",
            landsOn,
            detail: `line ${before.lineAmount ?? "none"} → ${now.lineAmount ?? "none"}, APR ${before.apr ?? "none"} → ${now.apr ?? "none"}${before.eligible !== now.eligible ? `, ${now.eligible ? "now eligible" : "no longer eligible"}` : ""}`,
          });
        }
      }
    }
    await options.pause?.();
  }

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

  return {
    version: judged.definitionsVersion,
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
    refusals,
    entries,
  };
}
