// What a change retires, and where what was saved under it goes (rules/retired.json, params):
//   steps:  a step removed or renamed → the step its applicants now stand on ("hasFbm": "recentIssues");
//   values: an enumeration value removed or renamed → the value saved answers are read as
//           ({"/setup/propertyUsage": {"secondHome": "vacationHome"}}; `*` for every item of a list);
//   fields: a field removed → where its saved answers move, or null to let them go
//           ({"/property/county": null}).
// A stored application is read through them (server/persistence/store/applications.ts), so an
// applicant on a retired step lands on the declared one and a saved answer never blocks a save
// with a field or value the application no longer has. The live gate refuses a change that
// strands saved answers or applicants without such a declaration (server/features/definitions/impact.ts).
import type { Definitions } from "./definitions";
import { expand as expandPointer, getAt, setAt, splitPointer, withoutAt } from "../base/pointer";

export const RETIRED_RULE_SET = "retired";

export interface Retired {
  steps: Record<string, string>;
  values: Record<string, Record<string, unknown>>;
  fields: Record<string, string | null>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const kept = new WeakMap<Definitions, Retired>();

/** The declarations of a set (empty when it has no rules/retired.json); well-formed entries only, the linter names the others. */
export function retiredOf(defs: Definitions): Retired {
  const known = kept.get(defs);
  if (known) return known;
  const params = (defs.params[RETIRED_RULE_SET] ?? {}) as Record<string, unknown>;
  const steps: Record<string, string> = {};
  for (const [from, to] of Object.entries(isObject(params.steps) ? params.steps : {}))
    if (typeof to === "string") steps[from] = to;
  const values: Record<string, Record<string, unknown>> = {};
  for (const [pointer, map] of Object.entries(isObject(params.values) ? params.values : {}))
    if (isObject(map)) values[pointer] = map;
  const fields: Record<string, string | null> = {};
  for (const [from, to] of Object.entries(isObject(params.fields) ? params.fields : {}))
    if (to === null || typeof to === "string") fields[from] = to;
  const retired = { steps, values, fields };
  kept.set(defs, retired);
  return retired;
}

export const declaresNothing = (r: Retired) =>
  !Object.keys(r.steps).length && !Object.keys(r.values).length && !Object.keys(r.fields).length;

/** The step a saved step id stands for now: itself, or where its retirement sends it (followed through renames of renames). */
export function currentStep(retired: Retired, stepId: string): string {
  let at = stepId;
  for (let hops = 0; hops < 20 && Object.hasOwn(retired.steps, at); hops++) at = retired.steps[at]!;
  return at;
}

/** A saved list of steps, each read as the step it stands for now (once each, in order). */
export function currentSteps(retired: Retired, ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => currentStep(retired, id)))];
}

/**
 * A stored document read through the declarations: answers of a retired field moved (or dropped),
 * retired values read as their successors. A new document when anything changed; `doc` itself
 * otherwise (the common case costs a few look-ups).
 */
export function readRetired(doc: unknown, retired: Retired): unknown {
  if (declaresNothing(retired)) return doc;
  // setAt and withoutAt copy only along their path: `doc` is never changed.
  let out = doc;
  for (const [from, to] of Object.entries(retired.fields)) {
    for (const { pointer } of expandPointer(out, from)) {
      const value = getAt(out, pointer);
      if (value === undefined) continue;
      if (to !== null && !to.includes("*") && getAt(out, to) === undefined) out = setAt(out, to, value);
      out = withoutAt(out, pointer);
    }
  }
  for (const [pattern, map] of Object.entries(retired.values)) {
    if (!splitPointer(pattern).length) continue;
    for (const { pointer } of expandPointer(out, pattern)) {
      const value = getAt(out, pointer);
      if (Array.isArray(value)) {
        if (!value.some((v) => typeof v === "string" && Object.hasOwn(map, v))) continue;
        out = setAt(
          out,
          pointer,
          value.map((v) => (typeof v === "string" && Object.hasOwn(map, v) ? map[v] : v)),
        );
      } else if (typeof value === "string" && Object.hasOwn(map, value)) {
        out = setAt(out, pointer, map[value]);
      }
    }
  }
  return out;
}
