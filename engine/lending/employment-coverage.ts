// Employment history coverage (spec §4). The window and the gap allowed are options that come
// from rules/coverage.json; this module only does the calendar arithmetic.
import { addMonths, addYears, diffDays, firstOfMonth, isIsoDate, type IsoDate } from "../base/dates";

export type MissingPeriodKind = "noEmployment" | "beforeFirstJob" | "betweenJobs" | "afterLastJob";

export interface MissingPeriod {
  start: IsoDate;
  end: IsoDate;
  days: number;
  kind: MissingPeriodKind;
}

export interface Coverage {
  complete: boolean;
  missingPeriods: MissingPeriod[];
  nextStartDate: IsoDate;
  windowStart: IsoDate;
  windowEnd: IsoDate;
}

interface Job {
  startDate: IsoDate;
  endDate: IsoDate | null;
}

function readOptions(options: unknown): { windowYears: number; gapDays: number } {
  const o = (options ?? {}) as Record<string, unknown>;
  const windowYears = o.windowYears;
  const gapDays = o.gapDays;
  if (typeof windowYears !== "number" || !Number.isInteger(windowYears) || windowYears < 0)
    throw new TypeError("employment_coverage: options.windowYears must be a whole number of years");
  if (typeof gapDays !== "number" || !Number.isInteger(gapDays) || gapDays < 0)
    throw new TypeError("employment_coverage: options.gapDays must be a whole number of days");
  return { windowYears, gapDays };
}

/** Jobs with a valid start and (if any) an end on or after it; anything else is for the validator to report. */
function readJobs(employments: unknown): Job[] {
  if (!Array.isArray(employments)) return [];
  const jobs: Job[] = [];
  for (const e of employments) {
    const { startDate, endDate } = (e ?? {}) as Record<string, unknown>;
    if (!isIsoDate(startDate)) continue;
    if (endDate === null || endDate === undefined) jobs.push({ startDate, endDate: null });
    else if (isIsoDate(endDate) && endDate >= startDate) jobs.push({ startDate, endDate });
  }
  return jobs;
}

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

export function employmentCoverage(employments: unknown, today: unknown, options: unknown): Coverage {
  if (!isIsoDate(today)) throw new TypeError("employment_coverage: today must be a yyyy-MM-dd date");
  const { windowYears, gapDays } = readOptions(options);
  const windowEnd = firstOfMonth(today);
  const windowStart = addYears(windowEnd, -windowYears);
  const jobs = readJobs(employments);

  // Each job clipped to the window; an open-ended or current job runs to the window's end.
  const spans = jobs
    .map((job) => ({
      start: later(job.startDate, windowStart),
      end: earlier(job.endDate ?? windowEnd, windowEnd),
    }))
    .filter((span) => span.start <= span.end)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));

  const missingPeriods: MissingPeriod[] = [];
  const report = (start: IsoDate, end: IsoDate, kind: MissingPeriodKind) => {
    const days = diffDays(start, end);
    if (days > gapDays) missingPeriods.push({ start, end, days, kind });
  };

  let cursor = windowStart;
  spans.forEach((span, i) => {
    if (span.start > cursor) report(cursor, span.start, i === 0 ? "beforeFirstJob" : "betweenJobs");
    cursor = later(cursor, span.end);
  });
  if (cursor < windowEnd) report(cursor, windowEnd, spans.length === 0 ? "noEmployment" : "afterLastJob");

  return {
    complete: missingPeriods.length === 0,
    missingPeriods,
    nextStartDate: nextStartDate(jobs, windowStart, windowEnd),
    windowStart,
    windowEnd,
  };
}

/** Spec §4: the latest entry's end date; the first of the previous month if that entry is open-ended; two years back with no entries. */
function nextStartDate(jobs: Job[], windowStart: IsoDate, windowEnd: IsoDate): IsoDate {
  // "Latest" is the entry that started last; among equal starts, the one entered last.
  let latest: Job | undefined;
  for (const job of jobs) if (!latest || job.startDate >= latest.startDate) latest = job;
  if (!latest) return windowStart;
  return latest.endDate ?? addMonths(windowEnd, -1);
}
