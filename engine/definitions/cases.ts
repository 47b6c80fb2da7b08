// Worked cases (rules/*.cases.json) compared as the tests compare them: a case names only the
// outputs it is about, so an object matches when it has the keys the case names with matching
// values, and a list when it has as many items, each matching in turn.
import type { Definitions, Problem } from "./definitions";
import { todayIso } from "../base/dates";
import { dayOf, evaluateRuleSet, presentResult } from "../logic/rules";

/** Does `actual` contain `expected` (objects: the keys named; arrays: same length, item by item)? */
export function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(actual[i], e))
    );
  if (expected !== null && typeof expected === "object")
    return (
      actual !== null &&
      typeof actual === "object" &&
      !Array.isArray(actual) &&
      Object.entries(expected).every(
        ([k, e]) => Object.hasOwn(actual, k) && matches((actual as Record<string, unknown>)[k], e),
      )
    );
  return Object.is(actual, expected);
}

/** The part of `actual` that `expected` looks at. */
export function projection(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected) && Array.isArray(actual))
    return actual.map((a, i) => (i < expected.length ? projection(a, expected[i]) : a));
  if (
    expected !== null &&
    typeof expected === "object" &&
    !Array.isArray(expected) &&
    actual !== null &&
    typeof actual === "object" &&
    !Array.isArray(actual)
  )
    return Object.fromEntries(
      Object.keys(expected).map((k) => [
        k,
        Object.hasOwn(actual, k)
          ? projection((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k])
          : undefined,
      ]),
    );
  return actual;
}

/** Where a result first differs from what a case expects: the path (a JSON pointer), what it is and what was expected. */
export function firstDifference(
  actual: unknown,
  expected: unknown,
  path = "",
): { path: string; actual: unknown; expected: unknown } | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { path, actual, expected };
    if (actual.length !== expected.length)
      return { path: `${path}/length`, actual: actual.length, expected: expected.length };
    for (const [i, e] of expected.entries()) {
      const found = firstDifference(actual[i], e, `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual))
      return { path, actual, expected };
    for (const [k, e] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, k)) return { path: `${path}/${k}`, actual: undefined, expected: e };
      const found = firstDifference((actual as Record<string, unknown>)[k], e, `${path}/${k}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : { path, actual, expected };
}

const shown = (value: unknown) => (value === undefined ? "missing" : JSON.stringify(value).slice(0, 120));

/** Every worked case of the set run as the tests run it: each failing one is a problem at the case. */
export function checkCases(defs: Definitions): Problem[] {
  const problems: Problem[] = [];
  for (const { file, def } of defs.cases) {
    if (!defs.ruleSets.has(def.ruleSet)) continue; // named by the linter
    def.cases.forEach((c, i) => {
      const at = `/cases/${i}`;
      // A worked case keeps its own day; one it spells wrong is a problem, never run on the date now.
      const own = (c.input as { today?: unknown } | null)?.today;
      if (own !== undefined && dayOf(c.input, "") !== own) {
        problems.push({
          file,
          pointer: `${at}/input/today`,
          message: `worked case "${c.description}": today ${shown(own)} is not a date in yyyy-MM-dd form`,
        });
        return;
      }
      try {
        const today = dayOf(c.input, todayIso());
        const result = presentResult(
          defs,
          def.ruleSet,
          evaluateRuleSet(defs, def.ruleSet, c.input, { today }),
        );
        const found = firstDifference(result, c.expect);
        if (found)
          problems.push({
            file,
            pointer: `${at}/expect${found.path}`,
            message: `worked case "${c.description}" fails: ${found.path.slice(1).replace(/\//g, ".") || "the result"} is ${shown(found.actual)}, not ${shown(found.expected)}`,
          });
      } catch (error) {
        problems.push({
          file,
          pointer: `${at}/input`,
          message: `worked case "${c.description}" fails: ${(error as Error).message}`,
        });
      }
    });
  }
  return problems;
}
