// Calendar dates as `yyyy-MM-dd` strings read as UTC (DESIGN.md "Data"). Working on strings
// keeps time zones out of every rule: a date never shifts because of where the server runs.

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Milliseconds in a calendar day (UTC has no daylight saving). */
export const DAY_MS = 86_400_000;

/** UTC midnight of a `yyyy-MM-dd` string, or null when it is not a real calendar date (2023-02-29). */
export function parseIsoDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

// Rules ask the same few dates the same questions many times per evaluation (today's month, a
// job's dates): answers are kept per text, a bounded table since texts come from applicants.
function remembered<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      if (known.size >= 4096) known.clear();
      known.set(key, (value = compute(key)));
    }
    return value as T;
  };
}

const validDate = remembered((text) => parseIsoDate(text) !== null);

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && validDate(value);
}

// toISOString is a whole formatting pass; a request asks today's date several times, and most
// dates asked are one of a few days: the last day's text is kept, by its day number.
let lastDay = Number.NaN;
let lastDayText = "";

export function toIsoDate(date: Date): IsoDate {
  const time = date.getTime();
  const day = Math.floor(time / DAY_MS);
  if (day === lastDay) return lastDayText;
  const text = date.toISOString().slice(0, 10); // throws on an invalid date, as it always did
  [lastDay, lastDayText] = [day, text];
  return text;
}

function mustParse(value: IsoDate): Date {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`not a yyyy-MM-dd date: ${JSON.stringify(value)}`);
  return date;
}

export function addDays(value: IsoDate, days: number): IsoDate {
  return toIsoDate(new Date(mustParse(value).getTime() + days * DAY_MS));
}

/** Adds calendar months; the day is clamped to the target month's end (2024-01-31 + 1 month = 2024-02-29). */
export function addMonths(value: IsoDate, months: number): IsoDate {
  return monthsLater(`${months}|${value}`);
}

// The key is the number of months, then the date text, whatever that text holds.
const monthsLater = remembered((key) => {
  const bar = key.indexOf("|");
  return computeAddMonths(key.slice(bar + 1), Number(key.slice(0, bar)));
});

function computeAddMonths(value: IsoDate, months: number): IsoDate {
  const date = mustParse(value);
  const target = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(target / 12);
  const month = target - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay))));
}

/** Adds calendar years; 29 February becomes 28 February in a common year. */
export function addYears(value: IsoDate, years: number): IsoDate {
  return addMonths(value, years * 12);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return Math.round((mustParse(to).getTime() - mustParse(from).getTime()) / DAY_MS);
}

const monthStart = remembered((value) => `${mustParse(value).toISOString().slice(0, 7)}-01`);

export function firstOfMonth(value: IsoDate): IsoDate {
  return monthStart(value);
}

/** Today's date in UTC. */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const LONG_DATE_OPTIONS = {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
} as const;
const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * "2026-10-14" → "Wednesday, October 14, 2026", as notices and pages write a day; in another
 * language's Intl tag (`es-US`: "miércoles, 14 de octubre de 2026") as a mail to its reader writes
 * it. Other text as given; an unknown tag writes US English.
 */
export function longDate(iso: string, tag = "en-US"): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  let format = longDates.get(tag);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, LONG_DATE_OPTIONS);
    } catch {
      format = new Intl.DateTimeFormat("en-US", LONG_DATE_OPTIONS);
    }
    longDates.set(tag, format);
  }
  return format.format(date);
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (yyyy-MM-dd) an instant falls on in a time zone; throws a RangeError for an unknown zone. */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as yyyy-MM-dd.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
