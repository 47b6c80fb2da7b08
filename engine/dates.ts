// Calendar dates as `yyyy-MM-dd` strings read as UTC (DESIGN.md "Data"). Working on strings
// keeps time zones out of every rule: a date never shifts because of where the server runs.

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

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

export function isIsoDate(value: unknown): value is IsoDate {
  return parseIsoDate(value) !== null;
}

export function toIsoDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
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

export function firstOfMonth(value: IsoDate): IsoDate {
  return `${mustParse(value).toISOString().slice(0, 7)}-01`;
}

/** Today's date in UTC. */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
