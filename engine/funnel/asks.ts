// Whether a step asks a reader anything now: a step with no answers (a display) always does; a
// step with answers does while one of its fields is the reader's (their part, rules/members.json)
// and not hidden by the step's `visibleWhen` on the application as it stands. A step that asks
// nothing is passed over on the reader's path and in their progress, as a section with nothing to
// ask is passed over within a step: so a co-borrower's answer that opens a page of hers ("Tell us
// about your business") never puts an empty page on the borrower's finished path. Generic: it
// reads the schema's properties and the step's visibility, never a question by name.
import type { JsonSchema } from "../definitions/bundle";
import type { Definitions } from "../definitions/definitions";
import { escapeSegment, isWithin } from "../base/pointer";
import { holds, type Data, type Logic } from "../logic/logic";
import { reach, type Part } from "./members";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The visibleWhen entries of a step that gate a whole field (no `*`: a list item's visibility never empties a step). */
const gatesOf = new WeakMap<Definitions, Map<string, [string, Logic][]>>();
function gates(defs: Definitions, stepId: string): [string, Logic][] {
  let byStep = gatesOf.get(defs);
  if (!byStep) gatesOf.set(defs, (byStep = new Map()));
  let found = byStep.get(stepId);
  if (!found) {
    found = Object.entries(defs.steps.get(stepId)?.def.visibleWhen ?? {})
      .filter(([pointer]) => !pointer.includes("*"))
      .map(([pointer, logic]) => [pointer, logic as Logic]);
    byStep.set(stepId, found);
  }
  return found;
}

const shown = (logic: Logic, data: Data) => {
  try {
    return holds(logic, data);
  } catch {
    return false; // as the step's own field logic judges a failing condition
  }
};

/**
 * True when the step has something for this reader to answer now. `data` is the application's
 * step logic data (engine/logic/step-data.ts), the scope the step's own visibility reads.
 */
export function asksReader(
  defs: Definitions,
  stepId: string,
  part: Part | null | undefined,
  data: Data,
): boolean {
  const schema = (defs.steps.get(stepId)?.def.schema ?? {}) as JsonSchema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return true;
  const gated = gates(defs, stepId);
  const hidden = (pointer: string) =>
    gated.some(([gate, logic]) => isWithin(pointer, gate) && !shown(logic, data));
  const asked = (pointer: string, node: unknown): boolean => {
    const reached = part ? reach(part, pointer) : "all";
    if (reached === "none") return false;
    if (hidden(pointer)) return false;
    // Asked unless every field below is gated and hidden, or none below is the reader's: walked
    // only as deep as the gates and the part go.
    if (reached === "all" && !gated.some(([gate]) => gate !== pointer && isWithin(gate, pointer)))
      return true;
    const children = isObject(node) && isObject(node.properties) ? node.properties : null;
    if (!children) return true;
    return Object.entries(children).some(([key, child]) => asked(`${pointer}/${escapeSegment(key)}`, child));
  };
  return keys.some((key) => asked(`/${escapeSegment(key)}`, properties[key]));
}
