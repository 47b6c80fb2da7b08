// JSON-logic's operators as the product defines them, in one table for both evaluators: the server's
// (engine/logic/logic.ts, json-logic-engine, compiled) and the browser's (engine/logic/logic-js.ts,
// json-logic-js, JSON-logic's reference). Every custom operator is registered here, once, with a
// plain-English description and a worked example that the tests run through both.
import { addDays, addMonths, addYears, diffDays, firstOfMonth, isIsoDate } from "../base/dates";
import { lendingOperators } from "../lending/operators";
import { formatCurrency, formatDate, formatMonthYear, formatPercent, formatPhone } from "../base/format";

export type Logic = unknown;
export type Data = Record<string, unknown>;

export interface OperatorDoc {
  /** What the operator does, in words a product ops person can read. */
  description: string;
  example: { logic: Logic; data?: Data; result: unknown };
}

export interface CustomOperator extends OperatorDoc {
  fn: (...args: any[]) => unknown;
}

// JSON-logic's iterators (some, all, none, filter, map, reduce) evaluate their body with the
// array item as the only data. Rules often need a value from outside the item (today, a
// threshold), so `root` reads from the data the whole evaluation started with.
const roots: unknown[] = [];

/** Each evaluator brackets an evaluation with these, so that `root` reads its data. */
export const enterRoot = (data: unknown): void => void roots.push(data);
export const leaveRoot = (): void => void roots.pop();

export function getPath(value: unknown, path: unknown): unknown {
  if (typeof path !== "string" && typeof path !== "number") return undefined;
  if (path === "") return value;
  let current = value;
  for (const key of keysOf(String(path))) {
    // Own keys only: never Object.prototype's (`constructor`, `toString`).
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

// A path's keys, split once: getPath runs for every item of an iteration that reads `root` and for
// every path a decision quotes. Paths come from logic, so there are few; a computed path (`get`
// with a path from data) may be anything, so the memory is bounded.
const splitPaths = new Map<string, string[]>();

function keysOf(path: string): string[] {
  let keys = splitPaths.get(path);
  if (!keys) {
    if (splitPaths.size >= 10_000) splitPaths.clear();
    splitPaths.set(path, (keys = path.split(".")));
  }
  return keys;
}

const formatters: Record<string, (value: never) => string> = {
  date: formatDate,
  monthYear: formatMonthYear,
  currency: formatCurrency,
  percent: formatPercent,
  phone: formatPhone,
};

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asNumber = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;
const normalizeName = (value: unknown): string =>
  typeof value === "string" ? value.toLowerCase().replace(/[^a-z0-9]/g, "") : "";

const dateUnits = { days: addDays, months: addMonths, years: addYears } as const;

export const customOperators: Record<string, CustomOperator> = {
  // The lending domain's operators (employment coverage, business days, routing numbers).
  ...lendingOperators,
  root: {
    description:
      "Reads a value by dotted path from the whole input, even inside some/all/filter/map where `var` only sees the current item.",
    example: {
      logic: { some: [{ var: "jobs" }, { ">": [{ var: "base" }, { root: "threshold" }] }] },
      data: { threshold: 100, jobs: [{ base: 50 }, { base: 150 }] },
      result: true,
    },
    fn: (path: unknown) => getPath(roots[roots.length - 1], path),
  },
  get: {
    description: "Reads a value by dotted path from an object computed by another operator.",
    example: {
      logic: { get: [{ var: "person" }, "address.state"] },
      data: { person: { address: { state: "FL" } } },
      result: "FL",
    },
    fn: (object: unknown, path: unknown) => getPath(object, path) ?? null,
  },
  lookup: {
    description: "Looks a key up in a table; gives the default when the table has no such key.",
    example: {
      logic: { lookup: [{ var: "routes" }, "application5", "/fallback"] },
      data: { routes: { application5: "/app/application/4" } },
      result: "/app/application/4",
    },
    fn: (table: unknown, key: unknown, fallback: unknown = null) =>
      table !== null && typeof table === "object" && typeof key === "string" && Object.hasOwn(table, key)
        ? (table as Record<string, unknown>)[key]
        : fallback,
  },
  count: {
    description: "The number of items in a list (0 when there is no list).",
    example: { logic: { count: [{ var: "mortgages" }] }, data: { mortgages: [{}, {}] }, result: 2 },
    fn: (list: unknown) => asArray(list).length,
  },
  sum: {
    description:
      "Adds up a list of numbers, or one numeric field of every item in a list; missing values count as 0.",
    example: {
      logic: { sum: [{ var: "debts" }, "balance"] },
      data: { debts: [{ balance: 100 }, { balance: 250 }, {}] },
      result: 350,
    },
    fn: (list: unknown, field?: unknown) =>
      asArray(list).reduce<number>(
        (total, item) => total + asNumber(field === undefined ? item : getPath(item, field)),
        0,
      ),
  },
  pluck: {
    description: "Takes one field from every item of a list, skipping items that do not have it.",
    example: {
      logic: { pluck: [{ var: "mortgages" }, "id"] },
      data: { mortgages: [{ id: "m1" }, {}, { id: "m2" }] },
      result: ["m1", "m2"],
    },
    fn: (list: unknown, field: unknown) =>
      asArray(list)
        .map((item) => getPath(item, field))
        .filter((value) => value !== undefined && value !== null),
  },
  flatten: {
    description: "Joins a list of lists into one list.",
    example: { logic: { flatten: [[[1, 2], [3], 4]] }, result: [1, 2, 3, 4] },
    fn: (list: unknown) => asArray(list).flatMap((item) => (Array.isArray(item) ? item : [item])),
  },
  lower: {
    description:
      "The text in lower case (a value that is not text stays as it is): compares email addresses, which ignore case.",
    example: { logic: { lower: ["Sam@Example.com"] }, result: "sam@example.com" },
    fn: (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text),
  },
  starts_with_any: {
    description: "True when the text starts with any of the given prefixes.",
    example: { logic: { starts_with_any: ["/insights/rates", ["/portal", "/insights"]] }, result: true },
    fn: (text: unknown, prefixes: unknown) =>
      typeof text === "string" && asArray(prefixes).some((p) => typeof p === "string" && text.startsWith(p)),
  },
  text_matches_any: {
    description:
      'True when the text names any of the given names, ignoring case, spaces and punctuation ("GoodLeap, LLC" names "goodleap").',
    example: { logic: { text_matches_any: ["GOODLEAP, LLC", ["GoodLeap", "Sunrun"]] }, result: true },
    fn: (text: unknown, names: unknown) => {
      const haystack = normalizeName(text);
      return (
        haystack !== "" &&
        asArray(names).some((n) => normalizeName(n) !== "" && haystack.includes(normalizeName(n)))
      );
    },
  },
  date_add: {
    description:
      "Adds days, months or years to a yyyy-MM-dd date (month ends are clamped: 2024-01-31 + 1 month = 2024-02-29); null when the date is not valid.",
    example: { logic: { date_add: ["2024-02-29", 1, "years"] }, result: "2025-02-28" },
    fn: (date: unknown, amount: unknown, unit: unknown = "days") => {
      const add = dateUnits[unit as keyof typeof dateUnits];
      return isIsoDate(date) && typeof amount === "number" && Number.isInteger(amount) && add
        ? add(date, amount)
        : null;
    },
  },
  date_diff_days: {
    description:
      "Whole days from the first date to the second (negative when the second is earlier); null when either is not a valid date.",
    example: { logic: { date_diff_days: ["2024-02-28", "2024-03-01"] }, result: 2 },
    fn: (from: unknown, to: unknown) => (isIsoDate(from) && isIsoDate(to) ? diffDays(from, to) : null),
  },
  first_of_month: {
    description: "The first day of the month of a yyyy-MM-dd date.",
    example: { logic: { first_of_month: ["2026-11-22"] }, result: "2026-11-01" },
    fn: (date: unknown) => (isIsoDate(date) ? firstOfMonth(date) : null),
  },
  is_current: {
    description:
      "True when a date is on or after the first of the current month (spec §4: such a date counts as current).",
    example: { logic: { is_current: ["2026-11-01", "2026-11-22"] }, result: true },
    fn: (date: unknown, today: unknown) => isIsoDate(date) && isIsoDate(today) && date >= firstOfMonth(today),
  },
  format: {
    description:
      "A value as the applicant reads it: date (MM/DD/YYYY), monthYear (MM/YYYY), currency ($1,234), percent, phone ((XXX) XXX-XXXX). For messages that quote answers or computed dates.",
    example: { logic: { format: ["date", "2025-03-01"] }, result: "03/01/2025" },
    fn: (kind: unknown, value: unknown) => {
      const formatter = formatters[String(kind)];
      return formatter && value !== null && value !== undefined ? formatter(value as never) : "";
    },
  },
  object: {
    description:
      "An object from key, value pairs (keys are texts; a null value leaves its key out): a list item built from another answer, as a prefill of a list.",
    example: {
      logic: { object: ["type", "rental", "otherValue", { var: "rent" }] },
      data: { rent: 64800 },
      result: { type: "rental", otherValue: 64800 },
    },
    fn: (...pairs: unknown[]) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const key = pairs[i];
        // Own keys only, never a prototype's: the object is data.
        if (typeof key !== "string" || key === "__proto__" || key === "constructor" || key === "prototype")
          continue;
        if (pairs[i + 1] !== null && pairs[i + 1] !== undefined) out[key] = pairs[i + 1];
      }
      return out;
    },
  },
  join: {
    description: 'The items of a list as one text, separated by the given separator (default ", ").',
    example: { logic: { join: [["a", "b"], " and "] }, result: "a and b" },
    fn: (list: unknown, separator: unknown) =>
      asArray(list)
        .map(String)
        .join(typeof separator === "string" ? separator : ", "),
  },
};

// Built-ins we allow. `method` (calls any JavaScript method) and `log` (writes data, which may
// be personal, to the console) are refused by the linter and removed from the evaluator.
export const builtInOperators = [
  "==",
  "===",
  "!=",
  "!==",
  ">",
  ">=",
  "<",
  "<=",
  "!!",
  "!",
  "%",
  "in",
  "cat",
  "substr",
  "+",
  "*",
  "-",
  "/",
  "min",
  "max",
  "merge",
  "var",
  "missing",
  "missing_some",
  "if",
  "?:",
  "and",
  "or",
  "filter",
  "map",
  "reduce",
  "all",
  "none",
  "some",
] as const;

/** Operators whose second argument is evaluated once per item, with the item as data. */
export const iteratingOperators = new Set(["filter", "map", "reduce", "all", "none", "some"]);

/** JSON-logic's truthiness: an empty list is false, every other object true (an empty one too). */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0 ? false : !!value;
}

export const knownOperators: ReadonlySet<string> = new Set([
  ...builtInOperators,
  ...Object.keys(customOperators),
]);

/**
 * As in json-logic-js, an object of one key is an operation, wherever it sits: an unknown one
 * (`method`, `log`, a typo) is refused before anything runs, never taken for a value.
 */
export function refuseUnknown(node: unknown): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach(refuseUnknown);
  const keys = Object.keys(node);
  if (keys.length !== 1) return;
  if (!knownOperators.has(keys[0]!)) throw new Error(`Unrecognized operation ${keys[0]}`);
  refuseUnknown((node as Record<string, unknown>)[keys[0]!]);
}

/** The operator of a JSON-logic node, or null when the node is a literal. */
export function operatorOf(node: unknown): string | null {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  return keys.length === 1 ? keys[0]! : null;
}
