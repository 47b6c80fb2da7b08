// Values a new list item starts with (a step's `newItems`): logic over the answers so far, e.g. the
// start date proposed for the next job of an employment history. The same in browser and tests.
import { stepById, type Definitions } from "../definitions/definitions";
import { evaluate, type Data } from "./logic";
import { mergeDocs } from "../base/pointer";
import { stepLogicData } from "./step-data";

/** Does a list pointer such as /user/employments match a `newItems` key (where * is any one segment)? */
const matches = (pattern: string, pointer: string) => {
  const a = pattern.split("/");
  const b = pointer.split("/");
  return a.length === b.length && a.every((segment, i) => segment === "*" || segment === b[i]);
};

/** The starting values of a new item of the list at `listPointer`: field → value (empty values left out). */
export function newItemValues(
  defs: Definitions,
  stepId: string,
  listPointer: string,
  answers: unknown,
  context: { application?: unknown; today: string },
): Record<string, unknown> {
  const entry = Object.entries(stepById(defs, stepId).newItems ?? {}).find(([pattern]) =>
    matches(pattern, listPointer),
  );
  if (!entry) return {};
  const data: Data = stepLogicData(defs, mergeDocs(context.application ?? {}, answers ?? {}), context.today);
  const values: Record<string, unknown> = {};
  for (const [field, logic] of Object.entries(entry[1] ?? {})) {
    try {
      const value = evaluate(logic, data);
      if (value !== null && value !== undefined && value !== "") values[field] = value;
    } catch {
      // logic that cannot be evaluated on these answers proposes nothing
    }
  }
  return values;
}
