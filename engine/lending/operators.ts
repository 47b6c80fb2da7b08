// The JSON-logic operators of the lending domain, in the one operator table
// (engine/logic/operators.ts) beside the generic ones: employment history coverage (spec §4), business
// days for the right to cancel, and the ABA routing-number checksum. Each has a description and a
// worked example that the tests run, like every operator (LENDING_OPERATOR_DOCS below).
import { dateInZone, isIsoDate } from "../base/dates";
import type { OperatorDoc, OperatorFunction } from "../logic/operators";
import { addBusinessDays, calendarOf } from "./business-days";
import { employmentCoverage } from "./employment-coverage";

/** The day an instant falls on in a time zone; null for either unreadable. */
function localDate(instant: unknown, timeZone: unknown): string | null {
  if (typeof instant !== "string" || typeof timeZone !== "string") return null;
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return null;
  try {
    return dateInZone(at, timeZone);
  } catch {
    return null;
  }
}

export const lendingOperatorFunctions = {
  employment_coverage: (employments: unknown, today: unknown, options: unknown) =>
    employmentCoverage(employments, today, options),
  add_business_days: (date: unknown, count: unknown, calendar: unknown) => {
    try {
      return isIsoDate(date) && typeof count === "number"
        ? addBusinessDays(date, count, calendarOf(calendar)).date
        : null;
    } catch {
      return null;
    }
  },
  local_date: (instant: unknown, timeZone: unknown) => localDate(instant, timeZone),
  aba_checksum: (routing: unknown) => {
    if (typeof routing !== "string" || !/^\d{9}$/.test(routing)) return false;
    const d = [...routing].map(Number);
    const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
    return sum % 10 === 0;
  },
} satisfies Record<string, OperatorFunction>;

/** What each does, in words, and its worked example (engine/logic/operator-docs.ts joins them to the generic ones'): an export of its own, so the browser's build, which never reads it, leaves it out. */
export const LENDING_OPERATOR_DOCS: Record<keyof typeof lendingOperatorFunctions, OperatorDoc> = {
  employment_coverage: {
    description:
      "Measures an employment history against the coverage window: gives {complete, missingPeriods: [{start, end, days, kind}], nextStartDate}. Options: windowYears (years back from the first of the current month) and gapDays (longest gap allowed).",
    example: {
      logic: { employment_coverage: [{ var: "jobs" }, "2026-11-22", { windowYears: 2, gapDays: 31 }] },
      data: { jobs: [{ startDate: "2020-01-15", endDate: null }] },
      result: {
        complete: true,
        missingPeriods: [],
        nextStartDate: "2026-10-01",
        windowStart: "2024-11-01",
        windowEnd: "2026-11-01",
      },
    },
  },
  add_business_days: {
    description:
      "The nth business day after a yyyy-MM-dd date (the date itself not counted) on a calendar of non-business weekdays and holidays (engine/lending/business-days.ts): the last day of the right to cancel (12 CFR 1026.15(a)(3)). Null for a date or calendar it cannot read.",
    example: {
      logic: {
        add_business_days: [
          "2026-10-09",
          3,
          {
            nonBusinessWeekdays: ["sunday"],
            holidays: [{ name: "Columbus Day", month: 10, weekday: "monday", nth: 2 }],
          },
        ],
      },
      result: "2026-10-14",
    },
  },
  local_date: {
    description:
      "The calendar day (yyyy-MM-dd) an instant (an ISO date-time) falls on in an IANA time zone: the account opening day and today as the home's clock reads them, so the right to cancel ends at midnight where the home is (12 CFR 1026.15(a)(3)). Null for an instant or a time zone it cannot read.",
    example: { logic: { local_date: ["2026-11-04T05:30:00Z", "America/Los_Angeles"] }, result: "2026-11-03" },
  },
  aba_checksum: {
    description:
      "True when a 9-digit ABA routing number passes its checksum: 3×(d1+d4+d7) + 7×(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.",
    example: { logic: { aba_checksum: ["021000021"] }, result: true },
  },
};
