// How each text-like widget turns a stored value into the text it shows, and typed text back into
// the value it stores. Pure (no React, no DOM): unit-tested in node (tests/unit/react-widgets.test.ts).
// Formatting and parsing live in engine/base/format.ts; this file only chooses which to use.
//
// Text that cannot be read (a currency "12a", a date "13/45/2024", 7 digits of a phone) is stored as
// typed, so the step validator, not the widget, says what is wrong with it, in the same words the
// server would use.
import type { JsonSchema } from "../definitions/bundle";
import { isIsoDate } from "../base/dates";
import {
  formatCurrency,
  formatDate,
  formatDateTyping,
  formatFractionPercent,
  formatMonthYear,
  formatMonthYearTyping,
  formatPhone,
  formatPhoneTyping,
  formatSsnTyping,
  maskSsn,
  parseCurrency,
  parseDateInput,
  parseMonthYearInput,
  parsePercentInput,
  type TwoDigitYear,
} from "../base/format";

export type CodecName =
  "text" | "number" | "currency" | "percent" | "phone" | "ssn" | "date" | "pastDate" | "monthYear";

export interface Codec {
  /** The text shown while the field does not have focus. */
  display(value: unknown, schema: JsonSchema): string;
  /** The text put in the input when it gains focus. */
  edit(value: unknown, schema: JsonSchema): string;
  /** Reshapes text as it is typed (adds the punctuation of a phone number, say). */
  typing(text: string): string;
  /** The value to store for the typed text; undefined when there is nothing. */
  parse(text: string, schema: JsonSchema): unknown;
  /** Characters the codec ignores when counting where the caret was (punctuation it adds itself). */
  reshapes: boolean;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
}

const str = (v: unknown): string => (v === undefined || v === null ? "" : String(v));
const identity = (t: string) => t;

const text: Codec = {
  display: str,
  edit: str,
  typing: identity,
  parse: (t) => (t.trim() === "" ? undefined : t.trim()),
  reshapes: false,
};

const NUMBER_INPUT = /^-?(\d+(\.\d*)?|\.\d+)$/;

const number: Codec = {
  display: str,
  edit: str,
  typing: identity,
  parse: (t) => {
    const s = t.trim().replace(/,/g, "");
    if (s === "") return undefined;
    return NUMBER_INPUT.test(s) ? Number(s) : t.trim();
  },
  reshapes: false,
  inputMode: "decimal",
};

/** Whole dollars: shows $1,234, stores 1234. */
const currency: Codec = {
  display: (v) => (typeof v === "number" ? formatCurrency(v) : str(v)),
  edit: (v) => (typeof v === "number" ? formatCurrency(v) : str(v)),
  typing: identity,
  parse: (t) => {
    if (t.trim() === "") return undefined;
    const value = parseCurrency(t);
    return value === null ? t.trim() : value;
  },
  reshapes: false,
  inputMode: "decimal",
};

/** A schema whose values stop at 1 holds fractions (0.25 = 25%); any other holds percent units. */
export function isFractionSchema(schema: JsonSchema): boolean {
  const max =
    typeof schema.maximum === "number"
      ? schema.maximum
      : typeof schema.exclusiveMaximum === "number"
        ? schema.exclusiveMaximum
        : undefined;
  return max !== undefined && max <= 1;
}

const percent: Codec = {
  display: (v, schema) => {
    if (typeof v !== "number") return str(v);
    return formatFractionPercent(isFractionSchema(schema) ? v : v / 100);
  },
  edit: (v, schema) => percent.display(v, schema),
  typing: identity,
  parse: (t, schema) => {
    if (t.trim() === "") return undefined;
    const value = parsePercentInput(t);
    if (value === null) return t.trim();
    return isFractionSchema(schema) ? Math.round((value / 100) * 1e10) / 1e10 : value;
  },
  reshapes: false,
  inputMode: "decimal",
};

const digits = (t: string) => t.replace(/\D/g, "");

/** Shows (XXX) XXX-XXXX, stores the 10 digits. */
const phone: Codec = {
  display: (v) =>
    typeof v === "string" && /^\d+$/.test(v)
      ? v.length === 10
        ? formatPhone(v)
        : formatPhoneTyping(v)
      : str(v),
  edit: (v) => phone.display(v, {}),
  typing: formatPhoneTyping,
  parse: (t) => {
    let d = digits(t);
    if (d.length === 11 && d.startsWith("1")) d = d.slice(1);
    return d === "" ? undefined : d;
  },
  reshapes: true,
  inputMode: "tel",
};

const SSN_MASK = /^\*\*\* - \*\* - \d{4}$/;

/** An SSN as the server sends it back, masked (*** - ** - 1234). */
export const isMaskedSsn = (v: unknown): v is string => typeof v === "string" && SSN_MASK.test(v);

/**
 * Shows XXX-XX-XXXX while typed, *** - ** - 1234 once the field loses focus; stores the 9 digits.
 * A masked value from the server cannot be edited digit by digit: focusing it empties the input,
 * and leaving it empty keeps the saved number.
 */
const ssn: Codec = {
  display: (v) => {
    if (isMaskedSsn(v)) return v;
    if (typeof v === "string" && /^\d{9}$/.test(v)) return maskSsn(v);
    return typeof v === "string" ? formatSsnTyping(v) : "";
  },
  edit: (v) => (isMaskedSsn(v) ? "" : typeof v === "string" ? formatSsnTyping(v) : ""),
  typing: formatSsnTyping,
  parse: (t) => {
    const d = digits(t);
    return d === "" ? undefined : d;
  },
  reshapes: true,
  inputMode: "numeric",
};

/** Shows MM/DD/YYYY, stores yyyy-MM-dd; two-digit years are read as `twoDigitYear` says (20YY by default). */
function dateCodec(twoDigitYear: TwoDigitYear): Codec {
  const codec: Codec = {
    display: (v) => (isIsoDate(v) ? formatDate(v) : str(v)),
    edit: (v) => codec.display(v, {}),
    typing: formatDateTyping,
    parse: (t) => {
      if (t.trim() === "") return undefined;
      return parseDateInput(t, { twoDigitYear }) ?? t.trim();
    },
    reshapes: true,
    // Digits only: the mask adds both slashes, so a phone's numeric keypad (which has no "/") is enough.
    inputMode: "numeric",
  };
  return codec;
}

const date = dateCodec("future");
/** A date that cannot be in the future (a birth date): "3/14/85" is 1985 (the UI schema's `ui:twoDigitYear: "past"`). */
const pastDate = dateCodec("past");

/** A schema asking for yyyy-MM (a pattern that accepts "2024-03") stores the month so; otherwise the first of the month. */
export function storesYearMonth(schema: JsonSchema): boolean {
  if (schema.format === "date" || typeof schema.pattern !== "string") return false;
  try {
    return new RegExp(schema.pattern, "u").test("2024-03");
  } catch {
    return false;
  }
}

/** Shows MM/YYYY, stores yyyy-MM-01 (or yyyy-MM when the schema says so). */
const monthYear: Codec = {
  display: (v) => {
    if (typeof v === "string" && /^\d{4}-\d{2}$/.test(v)) return `${v.slice(5, 7)}/${v.slice(0, 4)}`;
    return isIsoDate(v) ? formatMonthYear(v) : str(v);
  },
  edit: (v) => monthYear.display(v, {}),
  typing: formatMonthYearTyping,
  parse: (t, schema) => {
    if (t.trim() === "") return undefined;
    const iso = parseMonthYearInput(t);
    if (iso === null) return t.trim();
    return storesYearMonth(schema) ? iso.slice(0, 7) : iso;
  },
  reshapes: true,
  inputMode: "numeric",
};

export const codecs: Record<CodecName, Codec> = {
  text,
  number,
  currency,
  percent,
  phone,
  ssn,
  date,
  pastDate,
  monthYear,
};

/**
 * Where the caret goes after typed text was reshaped: after as many digits as preceded it before.
 * caretAfterReshape("555123", 6, "(555) 123") === 9.
 */
export function caretAfterReshape(before: string, caret: number, after: string): number {
  const wanted = digits(before.slice(0, caret)).length;
  if (wanted === 0)
    return after.search(/\d/) === -1 ? after.length : Math.min(after.search(/\d/), after.length);
  let seen = 0;
  for (let i = 0; i < after.length; i++) {
    if (/\d/.test(after[i]!)) seen++;
    if (seen === wanted) return i + 1;
  }
  return after.length;
}
