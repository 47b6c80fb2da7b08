// Display formatters and input parsers (spec §5 "Validation rules", DESIGN.md "Data").
// Shared by the browser widgets and the server's summaries, so: pure, no DOM, no time zone.
// Every function is total: bad input never throws. Formatters given a value they cannot read
// return "" for null/undefined and the input unchanged otherwise (except maskSsn, which never
// echoes what it cannot mask); parsers return null.
//
// Storage conventions (DESIGN.md "Data"): money in whole US dollars, dates `yyyy-MM-dd` read as
// UTC, phone as 10 digits, SSN as 9 digits.

import { isIsoDate, parseIsoDate, type IsoDate } from "./dates.ts";

type Maybe<T> = T | null | undefined;

// ---------------------------------------------------------------------------------------------
// Money

// The language numbers are shown in (Intl's tag): the browser sets it once per page load
// (web/src/app/locale.ts); the server formats in US English. Both US tags read "$1,234.50".
let displayLocale = "en-US";
const formatters = new Map<string, Intl.NumberFormat>();
const numberFormat = (key: string, options: Intl.NumberFormatOptions, tag = displayLocale) => {
  const id = `${tag} ${key}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(tag, options);
    } catch {
      formatter = new Intl.NumberFormat("en-US", options);
    }
    formatters.set(id, formatter);
  }
  return formatter;
};

/** Shows numbers, money and long dates as `tag` reads them (`es-US`); an unknown tag keeps US English. */
export function setDisplayLocale(tag: string): void {
  try {
    // Checks the tag only: a page's first Intl formatter loads the locale's data (15–50 ms in
    // Chromium, four times that under Lighthouse's slowdown), which a page that shows no number
    // should not pay while it renders. A malformed tag throws here as it would in a formatter.
    Intl.getCanonicalLocales(tag);
    displayLocale = tag;
  } catch {
    displayLocale = "en-US";
  }
}
export const currentDisplayLocale = () => displayLocale;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/** A moment (an ISO timestamp) as the page's language writes it with `options`; text that is no moment as given. */
export function formatMoment(iso: string, options: Intl.DateTimeFormatOptions): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const id = `${displayLocale} ${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(id);
  if (!formatter) dateFormatters.set(id, (formatter = new Intl.DateTimeFormat(displayLocale, options)));
  return formatter.format(when);
}

/** A number as the page's language groups it: 1234567 → "1,234,567" (en-US). */
export const formatNumber = (value: number): string => numberFormat("plain", {}).format(value);

const MONEY = { style: "currency", currency: "USD", signDisplay: "negative" } as const;
const WHOLE_DOLLARS = (tag?: string) =>
  numberFormat("whole", { ...MONEY, minimumFractionDigits: 0, maximumFractionDigits: 0 }, tag);
const DOLLARS_AND_CENTS = (tag?: string) =>
  numberFormat("cents", { ...MONEY, minimumFractionDigits: 2, maximumFractionDigits: 2 }, tag);

/**
 * US dollars, whole by default: formatCurrency(1234.4) === "$1,234"; formatCurrency(-1234.5, { cents: true }) === "-$1,234.50".
 * `locale`: an Intl tag other than the page's (the server writing a mail in its reader's language).
 */
export function formatCurrency(
  value: Maybe<number>,
  opts: { cents?: boolean; locale?: string } = {},
): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  return (opts.cents ? DOLLARS_AND_CENTS : WHOLE_DOLLARS)(opts.locale).format(value);
}

// Optional sign, optional "$", then either plain digits or correctly grouped thousands, then at
// most two decimals (cents). "1,23" is refused rather than guessed at.
const CURRENCY_INPUT = /^(-)?\$?(-)?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/** Reads typed money: parseCurrency(" $1,234.00 ") === 1234; parseCurrency("12a") === null. */
export function parseCurrency(text: Maybe<string>): number | null {
  if (typeof text !== "string") return null;
  const m = CURRENCY_INPUT.exec(text.trim());
  if (!m) return null;
  const [, sign1, sign2, whole, cents] = m;
  if (sign1 && sign2) return null;
  if (whole === undefined && !cents) return null; // "", "$", "." and "-" carry no number
  const value = Number(`${whole ?? "0"}.${cents ?? ""}0`.replace(/,/g, ""));
  if (!Number.isFinite(value)) return null;
  return sign1 || sign2 ? -value || 0 : value;
}

// ---------------------------------------------------------------------------------------------
// Percent

const percentFormatter = (decimals: number): Intl.NumberFormat =>
  numberFormat(`percent ${decimals}`, {
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
    signDisplay: "negative",
  });

/**
 * A percentage, with up to `decimals` (default 3) decimals and no trailing zeros:
 * formatPercent(0.25) === "25%", formatPercent(25) === "25%", formatPercent(0.125) === "12.5%".
 *
 * Spec quirk, kept on purpose (§5: "the percent formatter multiplies values below 1 by 100"):
 * values below 1 are read as fractions and values of 1 or more as percentages already, so
 * formatPercent(1) === "1%" (not "100%") while formatPercent(0.999) === "99.9%". "Below 1" is
 * taken literally, negatives included: formatPercent(-0.5) === "-50%". Callers holding a
 * fraction that may equal 1 (100% ownership) should multiply by 100 themselves.
 */
export function formatPercent(value: Maybe<number>, opts: { decimals?: number } = {}): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  const wanted = opts.decimals ?? 3;
  const decimals = Number.isFinite(wanted) ? Math.min(20, Math.max(0, Math.trunc(wanted))) : 3;
  const percent = value < 1 ? value * 100 : value;
  return `${percentFormatter(decimals).format(percent)}%`;
}

// ---------------------------------------------------------------------------------------------
// Phone

// Phone input may carry the usual punctuation and a +1 / 1 country code, nothing else.
const PHONE_INPUT = /^[\d\s().+-]+$/;

/** The 10 stored digits of a US phone number, or null: normalizePhone("+1 (555) 123-4567") === "5551234567". */
export function normalizePhone(text: Maybe<string>): string | null {
  if (typeof text !== "string" || !PHONE_INPUT.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return null;
}

/** Shows a phone as (XXX) XXX-XXXX: formatPhone("5551234567") === "(555) 123-4567"; other input comes back unchanged. */
export function formatPhone(digits: Maybe<string>): string {
  if (typeof digits !== "string") return "";
  const phone = normalizePhone(digits);
  if (phone === null) return digits;
  return `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
}

// ---------------------------------------------------------------------------------------------
// SSN

const SSN_INPUT = /^[\d\s-]+$/;

/** The 9 stored digits of an SSN, or null: normalizeSsn("123-45-6789") === "123456789". Shape only; see isSsnDigits. */
export function normalizeSsn(text: Maybe<string>): string | null {
  if (typeof text !== "string" || !SSN_INPUT.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  return digits.length === 9 ? digits : null;
}

/** Shows an SSN as XXX-XX-XXXX: formatSsn("123456789") === "123-45-6789"; other input comes back unchanged. */
export function formatSsn(digits: Maybe<string>): string {
  if (typeof digits !== "string") return "";
  const ssn = normalizeSsn(digits);
  if (ssn === null) return digits;
  return `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;
}

/** The spec's exact mask (spaces around the dashes). */
const SSN_MASK = /^\*\*\* - \*\* - \d{4}$/;

/**
 * Masks an SSN as the spec writes it: maskSsn("123456789") === "*** - ** - 6789".
 * An already-masked value comes back as is; anything else gives "" (never echo digits we cannot mask).
 */
export function maskSsn(digits: Maybe<string>): string {
  if (typeof digits !== "string") return "";
  if (SSN_MASK.test(digits)) return digits;
  const ssn = normalizeSsn(digits);
  return ssn === null ? "" : `*** - ** - ${ssn.slice(5)}`;
}

// ---------------------------------------------------------------------------------------------
// Dates (`yyyy-MM-dd` strings, UTC; see dates.ts)

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * How a two-digit year is read, per field (the UI schema's `ui:twoDigitYear`): "future", the
 * default, is 20YY (spec §5: "1/1/85" is 2085); "past" is the latest such year not after this
 * year, for dates that cannot be in the future (a birth date: "3/14/85" is 1985, "3/14/05" 2005).
 */
export type TwoDigitYear = "future" | "past";

export interface DateInputOptions {
  twoDigitYear?: TwoDigitYear;
  /** The date "this year" is taken from (tests fix it); defaults to now. */
  now?: Date;
}

function expandYear(
  text: string,
  { twoDigitYear = "future", now = new Date() }: DateInputOptions = {},
): number {
  if (text.length !== 2) return Number(text);
  if (twoDigitYear !== "past") return 2000 + Number(text);
  const thisYear = now.getUTCFullYear();
  const year = thisYear - (thisYear % 100) + Number(text);
  return year > thisYear ? year - 100 : year;
}

/** Shows a `yyyy-MM-dd` date as MM/DD/YYYY: formatDate("2024-02-29") === "02/29/2024"; other input comes back unchanged. */
export function formatDate(iso: Maybe<string>): string {
  if (typeof iso !== "string") return "";
  if (!isIsoDate(iso)) return iso;
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

const DATE_INPUT = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * Reads a typed date (MM/DD/YYYY or M/D/YY; a `yyyy-MM-dd` string is also accepted as is) into
 * `yyyy-MM-dd`, or null for anything that is not a real calendar date:
 * parseDateInput("2/29/24") === "2024-02-29"; parseDateInput("02/29/2023") === null.
 */
export function parseDateInput(text: Maybe<string>, options: DateInputOptions = {}): IsoDate | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const m = DATE_INPUT.exec(trimmed);
  if (!m) return null;
  const [, month, day, year] = m as unknown as [string, string, string, string];
  const iso = `${String(expandYear(year, options)).padStart(4, "0")}-${pad2(Number(month))}-${pad2(Number(day))}`;
  return parseIsoDate(iso) ? iso : null;
}

/** Shows the month of a `yyyy-MM-dd` date as MM/YYYY: formatMonthYear("2024-03-15") === "03/2024"; other input comes back unchanged. */
export function formatMonthYear(iso: Maybe<string>): string {
  if (typeof iso !== "string") return "";
  if (!isIsoDate(iso)) return iso;
  return `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

const MONTH_YEAR_INPUT = /^(\d{1,2})\/(\d{2}|\d{4})$/;

/** Reads a typed month (MM/YYYY or MM/YY) into the first of that month: parseMonthYearInput("03/24") === "2024-03-01". */
export function parseMonthYearInput(text: Maybe<string>): IsoDate | null {
  if (typeof text !== "string") return null;
  const m = MONTH_YEAR_INPUT.exec(text.trim());
  if (!m) return null;
  const [, month, year] = m as unknown as [string, string, string];
  const iso = `${String(expandYear(year)).padStart(4, "0")}-${pad2(Number(month))}-01`;
  return parseIsoDate(iso) ? iso : null;
}

// ---------------------------------------------------------------------------------------------
// As-you-type display (the form's inputs). Each takes whatever the applicant has typed so far and
// returns the text to show; the stored value comes from the parsers above.

const digitsOf = (text: string, max: number) => text.replace(/\D/g, "").slice(0, max);

/** A phone number being typed, shaped as (XXX) XXX-XXXX so far: formatPhoneTyping("5551234") === "(555) 123-4". */
export function formatPhoneTyping(text: Maybe<string>): string {
  if (typeof text !== "string") return "";
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1); // a +1 country code
  digits = digits.slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** An SSN being typed, shaped as XXX-XX-XXXX so far: formatSsnTyping("12345") === "123-45". */
export function formatSsnTyping(text: Maybe<string>): string {
  if (typeof text !== "string") return "";
  const digits = digitsOf(text, 9);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/**
 * Text shaped only by the mask so far: digits, and slashes only where the mask puts them (after 2
 * and 4 digits). Typing on goes on masking it; text the applicant punctuated another way ("1/5/24")
 * is theirs.
 */
const DATE_MASKED = /^\d*$|^\d{2}\/\d*$|^\d{2}\/\d{2}\/?\d*$/;

/**
 * A date being typed as digits gets both its slashes, keystroke by keystroke:
 * formatDateTyping("12252024") === "12/25/2024", and "01/152" (the mask's "01/15" and one more
 * digit) becomes "01/15/2". Text the applicant punctuated ("1/5/24") is left as typed;
 * parseDateInput reads both.
 */
export function formatDateTyping(text: Maybe<string>): string {
  if (typeof text !== "string") return "";
  if (!DATE_MASKED.test(text)) return text;
  const digits = text.replace(/\//g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** A month being typed as digits only gets its slash: formatMonthYearTyping("032024") === "03/2024"; punctuated text is left as typed. */
export function formatMonthYearTyping(text: Maybe<string>): string {
  if (typeof text !== "string") return "";
  if (!/^\d*$|^\d{2}\/\d*$/.test(text)) return text;
  const digits = text.replace("/", "").slice(0, 6);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * A fraction shown as a percentage, whatever its size: formatFractionPercent(0.25) === "25%",
 * formatFractionPercent(1) === "100%", formatFractionPercent(0.005) === "0.5%". (formatPercent
 * reads values of 1 or more as percentages already, per spec §5; a stored fraction needs this one.)
 */
export function formatFractionPercent(fraction: Maybe<number>, opts: { decimals?: number } = {}): string {
  if (typeof fraction !== "number" || !Number.isFinite(fraction)) return "";
  const percent = Math.round(fraction * 100 * 1e9) / 1e9; // 0.07 * 100 is 7.000000000000001
  const decimals = Math.min(20, Math.max(0, Math.trunc(opts.decimals ?? 3)));
  return `${percentFormatter(decimals).format(percent)}%`;
}

const PERCENT_INPUT = /^(-)?(\d+(?:\.\d*)?|\.\d+)\s*%?$/;

/** Reads a typed percentage in percent units: parsePercentInput("12.5%") === 12.5; parsePercentInput("abc") === null. */
export function parsePercentInput(text: Maybe<string>): number | null {
  if (typeof text !== "string") return null;
  const m = PERCENT_INPUT.exec(text.trim().replace(/,/g, ""));
  if (!m) return null;
  const value = Number(m[2]);
  if (!Number.isFinite(value)) return null;
  return m[1] ? -value || 0 : value;
}
