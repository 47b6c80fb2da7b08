// What each custom operator (./operators.ts) does, in words, and its worked example, by name: the
// tests run every example through both evaluators (tests/unit/logic-evaluators.test.ts). Apart from
// the functions so the browser, which evaluates but never explains, never loads them; the type
// requires a doc for every operator and none for a name the table does not have.
import { LENDING_OPERATOR_DOCS, type lendingOperatorFunctions } from "../lending/operators";
import { operatorFunctions, type CustomOperator, type OperatorDoc, type OperatorName } from "./operators";

const GENERIC_DOCS: Record<Exclude<OperatorName, keyof typeof lendingOperatorFunctions>, OperatorDoc> = {
  root: {
    description:
      "Reads a value by dotted path from the whole input, even inside some/all/filter/map where `var` only sees the current item.",
    example: {
      logic: { some: [{ var: "jobs" }, { ">": [{ var: "base" }, { root: "threshold" }] }] },
      data: { threshold: 100, jobs: [{ base: 50 }, { base: 150 }] },
      result: true,
    },
  },
  get: {
    description: "Reads a value by dotted path from an object computed by another operator.",
    example: {
      logic: { get: [{ var: "person" }, "address.state"] },
      data: { person: { address: { state: "FL" } } },
      result: "FL",
    },
  },
  lookup: {
    description: "Looks a key up in a table; gives the default when the table has no such key.",
    example: {
      logic: { lookup: [{ var: "routes" }, "application5", "/fallback"] },
      data: { routes: { application5: "/app/application/4" } },
      result: "/app/application/4",
    },
  },
  count: {
    description: "The number of items in a list (0 when there is no list).",
    example: { logic: { count: [{ var: "mortgages" }] }, data: { mortgages: [{}, {}] }, result: 2 },
  },
  sum: {
    description:
      "Adds up a list of numbers, or one numeric field of every item in a list; missing values count as 0.",
    example: {
      logic: { sum: [{ var: "debts" }, "balance"] },
      data: { debts: [{ balance: 100 }, { balance: 250 }, {}] },
      result: 350,
    },
  },
  pluck: {
    description: "Takes one field from every item of a list, skipping items that do not have it.",
    example: {
      logic: { pluck: [{ var: "mortgages" }, "id"] },
      data: { mortgages: [{ id: "m1" }, {}, { id: "m2" }] },
      result: ["m1", "m2"],
    },
  },
  flatten: {
    description: "Joins a list of lists into one list.",
    example: { logic: { flatten: [[[1, 2], [3], 4]] }, result: [1, 2, 3, 4] },
  },
  lower: {
    description:
      "The text in lower case (a value that is not text stays as it is): compares email addresses, which ignore case.",
    example: { logic: { lower: ["Sam@Example.com"] }, result: "sam@example.com" },
  },
  starts_with_any: {
    description: "True when the text starts with any of the given prefixes.",
    example: { logic: { starts_with_any: ["/insights/rates", ["/portal", "/insights"]] }, result: true },
  },
  text_matches_any: {
    description:
      'True when the text names any of the given names, ignoring case, spaces and punctuation ("GoodLeap, LLC" names "goodleap").',
    example: { logic: { text_matches_any: ["GOODLEAP, LLC", ["GoodLeap", "Sunrun"]] }, result: true },
  },
  date_add: {
    description:
      "Adds days, months or years to a yyyy-MM-dd date (month ends are clamped: 2024-01-31 + 1 month = 2024-02-29); null when the date is not valid.",
    example: { logic: { date_add: ["2024-02-29", 1, "years"] }, result: "2025-02-28" },
  },
  date_diff_days: {
    description:
      "Whole days from the first date to the second (negative when the second is earlier); null when either is not a valid date.",
    example: { logic: { date_diff_days: ["2024-02-28", "2024-03-01"] }, result: 2 },
  },
  first_of_month: {
    description: "The first day of the month of a yyyy-MM-dd date.",
    example: { logic: { first_of_month: ["2026-11-22"] }, result: "2026-11-01" },
  },
  is_current: {
    description:
      "True when a date is on or after the first of the current month (spec §4: such a date counts as current).",
    example: { logic: { is_current: ["2026-11-01", "2026-11-22"] }, result: true },
  },
  format: {
    description:
      "A value as the applicant reads it: date (MM/DD/YYYY), monthYear (MM/YYYY), currency ($1,234), percent, phone ((XXX) XXX-XXXX). For messages that quote answers or computed dates.",
    example: { logic: { format: ["date", "2025-03-01"] }, result: "03/01/2025" },
  },
  object: {
    description:
      "An object from key, value pairs (keys are texts; a null value leaves its key out): a list item built from another answer, as a prefill of a list.",
    example: {
      logic: { object: ["type", "rental", "otherValue", { var: "rent" }] },
      data: { rent: 64800 },
      result: { type: "rental", otherValue: 64800 },
    },
  },
  join: {
    description: 'The items of a list as one text, separated by the given separator (default ", ").',
    example: { logic: { join: [["a", "b"], " and "] }, result: "a and b" },
  },
};

const DOCS: Record<OperatorName, OperatorDoc> = { ...LENDING_OPERATOR_DOCS, ...GENERIC_DOCS };

/** Every custom operator with its docs: its function, description and worked example. */
export const customOperators: Record<OperatorName, CustomOperator> = Object.fromEntries(
  Object.entries(operatorFunctions).map(([name, fn]) => [name, { ...DOCS[name as OperatorName], fn }]),
) as Record<OperatorName, CustomOperator>;
