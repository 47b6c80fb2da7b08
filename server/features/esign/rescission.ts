// The right to cancel (rescission) as the applicant sees it before closing, on the
// loan-disbursement page and in the disclosures: whether the funnel's answers suggest it applies
// (rules/disbursement.json, output rescissionApplies), and the dates it would give with the
// calendar of params.disbursement (engine/lending/business-days.ts) if the line opened today.
//
// The period itself starts only when the account opens, at closing (the loan file's openAccount
// move; ./right-to-cancel.ts): the latest of the account opening, the delivery of the material
// disclosures and the delivery of the notice of the right to cancel (12 CFR 1026.15(a)(3)). Signing
// the early disclosures opens nothing, so these dates are an estimate counted from today, in the
// lender's time zone (params.disbursement.rescission.timeZone).
import { dateInZone } from "@engine/base/dates";
import { calendarOf, rescissionPeriod, type SkippedDay } from "@engine/lending/business-days";
import type { Definitions } from "@engine/definitions/definitions";
import { evaluateRuleSet } from "@engine/logic/rules";

export interface Rescission {
  applies: boolean;
  /** The business days of the period (3). */
  businessDays: number;
  /** What the estimate is counted from: today (the line opens at closing, not before). */
  countedFrom: "today";
  startDate: string;
  endDate: string;
  earliestDisbursementDate: string;
  /** Days in the period that do not count (Sundays, holidays), with the reason. */
  skipped: SkippedDay[];
  timeZone: string;
}

interface RescissionParams {
  businessDays: number;
  timeZone: string;
}

function timeZoneOf(rescission: Record<string, unknown>): string {
  return typeof rescission.timeZone === "string" ? rescission.timeZone : "UTC";
}

function paramsOf(defs: Definitions): {
  rescission: RescissionParams;
  calendar: ReturnType<typeof calendarOf>;
} {
  const params = (defs.params.disbursement ?? {}) as Record<string, unknown>;
  const rescission = (params.rescission ?? {}) as Record<string, unknown>;
  const businessDays = rescission.businessDays;
  if (!Number.isInteger(businessDays) || (businessDays as number) < 1)
    throw new TypeError(
      "rules/disbursement.json params.rescission.businessDays must be a whole number of days",
    );
  const timeZone = timeZoneOf(rescission);
  return {
    rescission: { businessDays: businessDays as number, timeZone },
    calendar: calendarOf(params.calendar),
  };
}

/** The calendar date (yyyy-MM-dd) of an instant in a time zone. */
export const dateIn = dateInZone;

/**
 * The day the dates are counted from: `now`'s date in the lender's time zone, all that
 * `rescissionFor` reads of `now` (a memo of what it gives is keyed by this day, not by the instant).
 */
export function rescissionDay(defs: Definitions, now: Date): string {
  const params = (defs.params.disbursement ?? {}) as Record<string, unknown>;
  return dateIn(now, timeZoneOf((params.rescission ?? {}) as Record<string, unknown>));
}

/** Whether the right to cancel applies to this application, by rules/disbursement.json. */
export function rescissionApplies(defs: Definitions, doc: unknown, today: string): boolean {
  try {
    return evaluateRuleSet(defs, "disbursement", doc, { today }).outputs.rescissionApplies === true;
  } catch {
    return false; // answers the rule set cannot read yet decide nothing
  }
}

/** The dates the right to cancel would give if the line opened today (an estimate: it opens at closing). */
export function rescissionFor(defs: Definitions, doc: unknown, { now }: { now: Date }): Rescission {
  const { rescission, calendar } = paramsOf(defs);
  const today = dateIn(now, rescission.timeZone);
  const period = rescissionPeriod(today, rescission.businessDays, calendar);
  return {
    applies: rescissionApplies(defs, doc, today),
    businessDays: rescission.businessDays,
    countedFrom: "today",
    ...period,
    timeZone: rescission.timeZone,
  };
}
