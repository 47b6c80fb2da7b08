// Business days for the right of rescission. Regulation Z, 12 CFR 1026.2(a)(6): for rescission
// (1026.15, 1026.23) a business day is every calendar day except Sundays and the legal public
// holidays of 5 U.S.C. 6103(a). A holiday counts on its statutory date only: when July 4 is a
// Saturday, the Friday that offices observe is still a business day (official interpretation
// 2(a)(6)-2). Which weekdays and holidays are excluded is data (rules/disbursement.json
// params.disbursement.calendar); this module only counts. Pure: dates are yyyy-MM-dd strings (UTC).
import { addDays, isIsoDate, parseIsoDate, type IsoDate } from "../base/dates";

export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A holiday: on a fixed date (`month` and `day`), or on the nth given weekday of a month
 * (`weekday` and `nth`; nth -1 is the last one, as for Memorial Day).
 */
export interface HolidayRule {
  name: string;
  month: number;
  day?: number;
  weekday?: Weekday;
  nth?: number;
}

export interface BusinessDayCalendar {
  /** Weekdays that are never business days (for rescission: Sunday). */
  nonBusinessWeekdays: Weekday[];
  holidays: HolidayRule[];
}

export interface SkippedDay {
  date: IsoDate;
  /** "Sunday", or the holiday's name. */
  reason: string;
}

const capitalized = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

export function weekdayOf(date: IsoDate): Weekday {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`not a yyyy-MM-dd date: ${JSON.stringify(date)}`);
  return WEEKDAYS[parsed.getUTCDay()]!;
}

/** The date a holiday rule gives in a year, or null when the rule names no real date (nth 5 of a short month). */
export function holidayDate(rule: HolidayRule, year: number): IsoDate | null {
  const mm = String(rule.month).padStart(2, "0");
  if (rule.day !== undefined) {
    const date = `${String(year).padStart(4, "0")}-${mm}-${String(rule.day).padStart(2, "0")}`;
    return isIsoDate(date) ? date : null;
  }
  if (rule.weekday === undefined || rule.nth === undefined || rule.nth === 0) return null;
  const target = WEEKDAYS.indexOf(rule.weekday);
  if (target < 0) return null;
  const daysInMonth = new Date(Date.UTC(year, rule.month, 0)).getUTCDate();
  const matches: number[] = [];
  for (let day = 1; day <= daysInMonth; day++)
    if (new Date(Date.UTC(year, rule.month - 1, day)).getUTCDay() === target) matches.push(day);
  const day = rule.nth > 0 ? matches[rule.nth - 1] : matches[matches.length + rule.nth];
  return day === undefined ? null : `${String(year).padStart(4, "0")}-${mm}-${String(day).padStart(2, "0")}`;
}

/** A calendar's holidays per year, worked out once: a period of business days asks for them day by day. */
const holidaysByYear = new WeakMap<BusinessDayCalendar, Map<number, readonly SkippedDay[]>>();

/** Every holiday of a year with its name, in date order. */
export const holidaysOf = (year: number, calendar: BusinessDayCalendar): SkippedDay[] =>
  yearHolidays(year, calendar).map((day) => ({ ...day }));

function yearHolidays(year: number, calendar: BusinessDayCalendar): readonly SkippedDay[] {
  let years = holidaysByYear.get(calendar);
  if (!years) holidaysByYear.set(calendar, (years = new Map()));
  let days = years.get(year);
  if (!days) {
    days = calendar.holidays
      .flatMap((rule) => {
        const date = holidayDate(rule, year);
        return date ? [{ date, reason: rule.name }] : [];
      })
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    years.set(year, days);
  }
  return days;
}

/** Why a date is not a business day ("Sunday", a holiday's name), or null when it is one. */
export function nonBusinessReason(date: IsoDate, calendar: BusinessDayCalendar): string | null {
  const weekday = weekdayOf(date);
  if (calendar.nonBusinessWeekdays.includes(weekday)) return capitalized(weekday);
  const holiday = yearHolidays(Number(date.slice(0, 4)), calendar).find((h) => h.date === date);
  return holiday ? holiday.reason : null;
}

export const isBusinessDay = (date: IsoDate, calendar: BusinessDayCalendar) =>
  nonBusinessReason(date, calendar) === null;

/**
 * The `count`th business day after `date` (the date itself is not counted: a period "within three
 * business days after" an event starts the next day), and the days passed over on the way.
 */
export function addBusinessDays(
  date: IsoDate,
  count: number,
  calendar: BusinessDayCalendar,
): { date: IsoDate; skipped: SkippedDay[] } {
  if (!isIsoDate(date)) throw new RangeError(`not a yyyy-MM-dd date: ${JSON.stringify(date)}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`not a whole number of days: ${count}`);
  if (calendar.nonBusinessWeekdays.length >= 7)
    throw new RangeError("a calendar needs at least one business weekday");
  const skipped: SkippedDay[] = [];
  let current = date;
  let counted = 0;
  while (counted < count) {
    current = addDays(current, 1);
    const reason = nonBusinessReason(current, calendar);
    if (reason === null) counted += 1;
    else skipped.push({ date: current, reason });
  }
  return { date: current, skipped };
}

export interface RescissionPeriod {
  /** The day of the event the period follows (not itself counted). */
  startDate: IsoDate;
  /** The last day to cancel (until midnight). */
  endDate: IsoDate;
  /** The day after the period ends: the earliest day funds may go out. */
  earliestDisbursementDate: IsoDate;
  /** Days inside the period that were not counted, with the reason. */
  skipped: SkippedDay[];
}

/**
 * The right to cancel of 12 CFR 1026.15(a)(3): until midnight of the `businessDays`th business day
 * after `startDate`; money may go out from the next calendar day (1026.15(c)).
 */
export function rescissionPeriod(
  startDate: IsoDate,
  businessDays: number,
  calendar: BusinessDayCalendar,
): RescissionPeriod {
  const { date: endDate, skipped } = addBusinessDays(startDate, businessDays, calendar);
  return { startDate, endDate, earliestDisbursementDate: addDays(endDate, 1), skipped };
}

/**
 * A calendar read from data (rules/disbursement.json params.disbursement.calendar), checked:
 * throws naming what is wrong, so a typo in the holiday list fails loudly instead of counting a
 * holiday as a business day.
 */
export function calendarOf(value: unknown): BusinessDayCalendar {
  const fail = (what: string): never => {
    throw new TypeError(`business-day calendar: ${what}`);
  };
  if (value === null || typeof value !== "object")
    fail("must be an object with nonBusinessWeekdays and holidays");
  const { nonBusinessWeekdays, holidays } = value as Record<string, unknown>;
  if (
    !Array.isArray(nonBusinessWeekdays) ||
    !nonBusinessWeekdays.every((d) => WEEKDAYS.includes(d as Weekday))
  )
    fail(`nonBusinessWeekdays must list weekday names (${WEEKDAYS.join(", ")})`);
  if (!Array.isArray(holidays)) fail("holidays must be a list");
  (holidays as unknown[]).forEach((h, i) => {
    const rule = h as Record<string, unknown>;
    const ok =
      rule !== null &&
      typeof rule === "object" &&
      typeof rule.name === "string" &&
      Number.isInteger(rule.month) &&
      (rule.month as number) >= 1 &&
      (rule.month as number) <= 12 &&
      ((Number.isInteger(rule.day) &&
        (rule.day as number) >= 1 &&
        (rule.day as number) <= 31 &&
        rule.weekday === undefined) ||
        (rule.day === undefined &&
          WEEKDAYS.includes(rule.weekday as Weekday) &&
          Number.isInteger(rule.nth) &&
          rule.nth !== 0 &&
          Math.abs(rule.nth as number) <= 5));
    if (!ok) fail(`holidays/${i} must be {name, month, day} or {name, month, weekday, nth}`);
  });
  return { nonBusinessWeekdays: nonBusinessWeekdays as Weekday[], holidays: holidays as HolidayRule[] };
}
