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
import { doneSteps, isFinalStatus } from "@engine/funnel/journey";
import { lostAnswers } from "@engine/funnel/lost-answers";
import { invalidSteps } from "@engine/funnel/recheck";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { applications } from "@server/persistence/db/schema";
import { definitionFacts, type Services } from "@server/services";
import { ownerCompleted, ownerJourney } from "@server/features/steps/journey";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import {
  newTally,
  reportOf,
  tallyLost,
  tallyOffer,
  tallyPlace,
  tallySentBack,
  type Judged,
  type Quote,
} from "./impact-tally";

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

/** Rows read per query: the report never holds the whole table. */
const PAGE = 500;

type Row = typeof applications.$inferSelect;

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
  const today = todayIso(services.now());
  const tally = newTally();
  for await (const row of storedApplications(services, options.pause)) {
    if (options.scope && !options.scope(row)) continue;
    if (row.definitionsVersion === judged.definitionsVersion) continue;
    const app = store.fromRow(row);
    // A retired step's applicants stand on its declared successor (fromRow read them so).
    if (isFinalStatus(defs, app.status)) continue;
    const found = judge(judged, defs, row, app, today);
    if (!found) continue; // submitted
    tally.counts.checked++;
    tallyPlace(tally, found);
    tallySentBack(tally, found);
    tallyLost(tally, found, lostAnswers(defs, app.doc));
    if (running !== defs)
      tallyOffer(tally, found, quoteOf(running, app.doc, today), quoteOf(defs, app.doc, today));
  }
  return reportOf(defs, judged.definitionsVersion, tally);
}

/** Every stored application, a page at a time, awaiting `pause` between pages. */
async function* storedApplications(services: Services, pause?: () => Promise<void>) {
  let after = "";
  for (;;) {
    const rows = await services.db
      .select()
      .from(applications)
      .where(gt(applications.id, after))
      .orderBy(asc(applications.id))
      .limit(PAGE);
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    yield* rows;
    await pause?.();
  }
}

/** Where an application in flight stands and lands under the candidate set; null once submitted. */
function judge(
  judged: Services,
  defs: Definitions,
  row: Row,
  app: StoredApplication,
  today: string,
): Judged | null {
  const isStep = defs.steps.has(app.status);
  const isStatus = isStep || Object.hasOwn(defs.funnel.ranks, app.status);
  let journey;
  try {
    journey = ownerJourney(judged, app, app.doc, ownerCompleted(judged, app));
  } catch {
    journey = null;
  }
  if (journey?.submitted) return null;
  const findings = journey
    ? invalidSteps(defs, { application: app.doc, steps: doneSteps(journey), today })
    : [];
  return {
    base: {
      applicationId: row.id,
      partnerId: row.partnerId,
      loanOfficerId: row.loanOfficerId,
      status: row.status,
    },
    standsOn: app.status,
    isStep,
    isStatus,
    journey,
    findings,
    landsOn: findings[0]?.stepId ?? journey?.due ?? null,
  };
}

const quoteOf = (defs: Definitions, doc: unknown, today: string) => {
  try {
    return presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", doc, { today })).quote as
      Quote | undefined;
  } catch {
    return undefined;
  }
};
