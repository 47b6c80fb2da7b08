// JSON-logic's operators as the product defines them, in one table for both evaluators: the server's
// (engine/logic/logic.ts, json-logic-engine, compiled) and the browser's (engine/logic/logic-js.ts,
// json-logic-js, JSON-logic's reference). Every custom operator is registered here, once; its
// plain-English description and the worked example the tests run through both are in
// ./operator-docs.ts under the same name (its type requires one for each operator, and no other),
// so the browser, which evaluates but never explains, carries no docs.
import { addDays, addMonths, addYears, diffDays, firstOfMonth, isIsoDate } from "../base/dates";
import { lendingOperatorFunctions } from "../lending/operators";
import { formatCurrency, formatDate, formatMonthYear, formatPercent, formatPhone } from "../base/format";

export type Logic = unknown;
export type Data = Record<string, unknown>;

export interface OperatorDoc {
  /** What the operator does, in words a product ops person can read. */
  description: string;
  example: { logic: Logic; data?: Data; result: unknown };
}

/** A custom operator's function: its arguments as the logic gives them, evaluated. */
export type OperatorFunction = (...args: any[]) => unknown;

/** A custom operator with its docs (./operator-docs.ts customOperators). */
export interface CustomOperator extends OperatorDoc {
  fn: OperatorFunction;
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

export const operatorFunctions = {
  // The lending domain's operators (employment coverage, business days, routing numbers).
  ...lendingOperatorFunctions,
  root: (path: unknown) => getPath(roots[roots.length - 1], path),
  get: (object: unknown, path: unknown) => getPath(object, path) ?? null,
  lookup: (table: unknown, key: unknown, fallback: unknown = null) =>
    table !== null && typeof table === "object" && typeof key === "string" && Object.hasOwn(table, key)
      ? (table as Record<string, unknown>)[key]
      : fallback,
  count: (list: unknown) => asArray(list).length,
  sum: (list: unknown, field?: unknown) =>
    asArray(list).reduce<number>(
      (total, item) => total + asNumber(field === undefined ? item : getPath(item, field)),
      0,
    ),
  pluck: (list: unknown, field: unknown) =>
    asArray(list)
      .map((item) => getPath(item, field))
      .filter((value) => value !== undefined && value !== null),
  flatten: (list: unknown) => asArray(list).flatMap((item) => (Array.isArray(item) ? item : [item])),
  lower: (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text),
  starts_with_any: (text: unknown, prefixes: unknown) =>
    typeof text === "string" && asArray(prefixes).some((p) => typeof p === "string" && text.startsWith(p)),
  text_matches_any: (text: unknown, names: unknown) => {
    const haystack = normalizeName(text);
    return (
      haystack !== "" &&
      asArray(names).some((n) => normalizeName(n) !== "" && haystack.includes(normalizeName(n)))
    );
  },
  date_add: (date: unknown, amount: unknown, unit: unknown = "days") => {
    const add = dateUnits[unit as keyof typeof dateUnits];
    return isIsoDate(date) && typeof amount === "number" && Number.isInteger(amount) && add
      ? add(date, amount)
      : null;
  },
  date_diff_days: (from: unknown, to: unknown) =>
    isIsoDate(from) && isIsoDate(to) ? diffDays(from, to) : null,
  first_of_month: (date: unknown) => (isIsoDate(date) ? firstOfMonth(date) : null),
  is_current: (date: unknown, today: unknown) =>
    isIsoDate(date) && isIsoDate(today) && date >= firstOfMonth(today),
  format: (kind: unknown, value: unknown) => {
    const formatter = formatters[String(kind)];
    return formatter && value !== null && value !== undefined ? formatter(value as never) : "";
  },
  object: (...pairs: unknown[]) => {
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
  join: (list: unknown, separator: unknown) =>
    asArray(list)
      .map(String)
      .join(typeof separator === "string" ? separator : ", "),
} satisfies Record<string, OperatorFunction>;

/** The custom operators' names. */
export type OperatorName = keyof typeof operatorFunctions;

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
  ...Object.keys(operatorFunctions),
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
