// The one JSON-logic evaluator of the product. Every custom operator is registered here, once,
// with a plain-English description and a worked example that the tests run.
//
// json-logic-engine evaluates: on the server each piece of logic is compiled once to a JavaScript
// function; the browser, whose CSP forbids compiling, interprets it (see LogicMode). Several times json-logic-js's
// speed on our rules (docs/performance.md). Its own value operators differ from JSON-logic's reference
// (json-logic-js) in ways our rules notice: null counts as 0 in comparisons and arithmetic (an
// unanswered yes/no read as "no"), and text that is not a number throws. So the operators that
// compute on values are the reference's, word for word, with their two-argument forms inlined into
// the compiled code; json-logic-engine brings the compiler, var, missing, control flow and the
// iterators. The bench checks every decision against json-logic-js (bench/reference-logic.ts).
import { LogicEngine } from "json-logic-engine";
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

function getPath(value: unknown, path: unknown): unknown {
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

// The compiled form of `a OP b`; each operand in parentheses, since the compiler does not wrap its
// own output (`a || 0 < b` would compare 0 alone).
const infix = (op: string) => ["((", `) ${op} (`, "))"] as const;

/** JSON-logic's value operators as json-logic-js defines them; `inline` compiles exactly two arguments. */
const valueOperators: Record<
  string,
  { fn: (...args: any[]) => unknown; inline?: readonly [string, string, string] }
> = {
  "==": { fn: (a, b) => a == b, inline: infix("==") },
  "===": { fn: (a, b) => a === b, inline: infix("===") },
  "!=": { fn: (a, b) => a != b, inline: infix("!=") },
  "!==": { fn: (a, b) => a !== b, inline: infix("!==") },
  ">": { fn: (a, b) => a > b, inline: infix(">") },
  ">=": { fn: (a, b) => a >= b, inline: infix(">=") },
  "<": { fn: (a, b, c) => (c === undefined ? a < b : a < b && b < c), inline: infix("<") },
  "<=": { fn: (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c), inline: infix("<=") },
  "!!": { fn: (a) => truthy(a) },
  "!": { fn: (a) => !truthy(a) },
  "%": { fn: (a, b) => a % b, inline: infix("%") },
  in: { fn: (a, b) => (!b || typeof b.indexOf === "undefined" ? false : b.indexOf(a) !== -1) },
  cat: { fn: (...args) => args.join("") },
  substr: {
    fn: (source, start, end) => {
      if (end < 0) {
        const temp = String(source).substr(start);
        return temp.substr(0, temp.length + end);
      }
      return String(source).substr(start, end);
    },
  },
  "+": {
    fn: (...args) => args.reduce((a, b) => parseFloat(a) + parseFloat(b), 0),
    inline: ["(parseFloat(", ") + parseFloat(", "))"] as const,
  },
  "*": {
    fn: (...args) => args.reduce((a, b) => parseFloat(a) * parseFloat(b)),
    inline: ["(parseFloat(", ") * parseFloat(", "))"] as const,
  },
  "-": { fn: (a, b) => (b === undefined ? -a : a - b), inline: infix("-") },
  "/": { fn: (a, b) => a / b, inline: infix("/") },
  min: { fn: (...args) => Math.min(...args) },
  max: { fn: (...args) => Math.max(...args) },
  merge: { fn: (...args) => args.reduce((a: unknown[], b) => a.concat(b), []) },
};

const engine = new LogicEngine(undefined, {
  // An object whose key is not an operator is a value (an options object, a table), as in JSON-logic.
  permissive: true,
  // json-logic-engine caps strings at 64 KB and lists at 32 K items; JSON-logic has no cap.
  maxStringLength: Number.MAX_SAFE_INTEGER,
  maxArrayLength: Number.MAX_SAFE_INTEGER,
  // Its interpreter's optimizer rewrites some logic into idioms that assume its own operators (a
  // reduce with + becomes a sum, which on no list gives NaN with JSON-logic's +): off, so the
  // interpreter runs the operators registered here, as the compiler does.
  disableInterpretedOptimization: true,
});
// json-logic-engine counts an empty object as false; JSON-logic counts only [] among objects.
engine.truthy = truthy;
// Of json-logic-engine's own operators, those that read data or steer evaluation stay; the rest
// (its value operators, and extras the linter refuses such as `method`) go.
const engineOperators = new Set([
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
]);
for (const name of Object.keys(engine.methods)) if (!engineOperators.has(name)) delete engine.methods[name];

type BuildState = { compile: (strings: readonly string[], ...items: unknown[]) => unknown };
for (const [name, { fn, inline }] of Object.entries(valueOperators))
  engine.addMethod(
    name,
    {
      method: (args: unknown[]) => fn(...args),
      ...(inline
        ? {
            compile: (args: unknown, state: BuildState) =>
              Array.isArray(args) && args.length === 2 ? state.compile(inline, args[0], args[1]) : false,
          }
        : {}),
    } as never,
    { deterministic: true },
  );
for (const [name, op] of Object.entries(customOperators))
  // Every custom operator but `root` is a pure function of its arguments: given constants, the
  // compiler may work it out once.
  engine.addMethod(name, (args: unknown[]) => op.fn(...args), { deterministic: name !== "root" });

export const knownOperators: ReadonlySet<string> = new Set([
  ...builtInOperators,
  ...Object.keys(customOperators),
]);

// Two ways to run the same logic with the same engine and operators. On the server each piece of
// logic is compiled once to a JavaScript function (`new Function`). The browser interprets it:
// the production CSP forbids `new Function`, and a probe would only add a CSP violation report.
// tests/unit/logic-modes.test.ts runs every worked case and the shared JSON-logic suite both ways.
export type LogicMode = "compiled" | "interpreted";

let mode: LogicMode = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node
  ? "compiled"
  : "interpreted";
let prepared = new WeakMap<object, (data: unknown) => unknown>();
let preparations = 0;

/** How logic runs here: compiled on the server, interpreted in the browser. */
export const logicMode = (): LogicMode => mode;

/** Switches how logic runs (the tests run both ways); what was prepared the other way is dropped. */
export function useLogicMode(next: LogicMode): void {
  if (next === mode) return;
  mode = next;
  prepared = new WeakMap();
}

/** How many pieces of logic were compiled so far: a count growing with use means logic built per call (the bench watches it). */
export const preparedCount = () => preparations;

// As in json-logic-js, an object of one key is an operation, wherever it sits: an unknown one
// (`method`, `log`, a typo) is refused, never taken for a value.
function refuseUnknown(node: unknown): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach(refuseUnknown);
  const keys = Object.keys(node);
  if (keys.length !== 1) return;
  if (!Object.hasOwn(engine.methods, keys[0]!)) throw new Error(`Unrecognized operation ${keys[0]}`);
  refuseUnknown((node as Record<string, unknown>)[keys[0]!]);
}

function prepare(logic: object): (data: unknown) => unknown {
  refuseUnknown(logic);
  if (mode === "compiled") return engine.build(logic as never) as (data: unknown) => unknown;
  return (data) => engine.run(logic as never, data);
}

/** Evaluates JSON-logic against data; the only entry point into the evaluator. */
export function evaluate(logic: Logic, data: Data = {}): unknown {
  if (logic === null || typeof logic !== "object") return logic;
  let run = prepared.get(logic);
  if (!run) {
    if (Array.isArray(logic)) return logic.map((item) => evaluate(item, data));
    if (Object.keys(logic).length !== 1) return logic; // not logic: a value, as JSON-logic treats it
    prepared.set(logic, (run = prepare(logic)));
    preparations++;
  }
  roots.push(data);
  try {
    return run(data);
  } finally {
    roots.pop();
  }
}

/** JSON-logic's truthiness (an empty array is false), for conditions. */
export function holds(logic: Logic, data: Data = {}): boolean {
  return truthy(evaluate(logic, data));
}

/** The operator of a JSON-logic node, or null when the node is a literal. */
export function operatorOf(node: unknown): string | null {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  return keys.length === 1 ? keys[0]! : null;
}

export { getPath };
