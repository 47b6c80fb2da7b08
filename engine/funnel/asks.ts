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

/** A field of a step's schema, as asksReader walks it: worked out once per step and definitions set. */
interface Field {
  pointer: string;
  /** The gates (indices into the step's) whose pointer is this field's or an ancestor's: hidden, it is not asked. */
  gatedBy: number[];
  /** A gate lies strictly below it: some of it may be hidden while the rest is asked. */
  gatedBelow: boolean;
  /** Its schema: its `properties` are made fields when first walked (only some of it the reader's, or gated below). */
  node: unknown;
  children?: Field[] | null;
}

interface StepFields {
  /** The visibleWhen entries of the step that gate a whole field (no `*`: a list item's visibility never empties a step). */
  gated: [string, Logic][];
  fields: Field[];
}

const fieldAt = (gated: [string, Logic][], pointer: string, node: unknown): Field => ({
  pointer,
  gatedBy: gated.flatMap(([gate], index) => (isWithin(pointer, gate) ? [index] : [])),
  gatedBelow: gated.some(([gate]) => gate !== pointer && isWithin(gate, pointer)),
  node,
});

/** A field's own fields (its schema's `properties`), made once; null when it has none. */
function childrenOf(gated: [string, Logic][], field: Field): Field[] | null {
  if (field.children === undefined) {
    const { node } = field;
    const children = isObject(node) && isObject(node.properties) ? node.properties : null;
    field.children = children
      ? Object.entries(children).map(([key, child]) =>
          fieldAt(gated, `${field.pointer}/${escapeSegment(key)}`, child),
        )
      : null;
  }
  return field.children;
}

const fieldsOf = new WeakMap<Definitions, Map<string, StepFields>>();
function stepFields(defs: Definitions, stepId: string): StepFields {
  let byStep = fieldsOf.get(defs);
  if (!byStep) fieldsOf.set(defs, (byStep = new Map()));
  let found = byStep.get(stepId);
  if (!found) {
    const def = defs.steps.get(stepId)?.def;
    const gated = Object.entries(def?.visibleWhen ?? {})
      .filter(([pointer]) => !pointer.includes("*"))
      .map(([pointer, logic]): [string, Logic] => [pointer, logic as Logic]);
    const schema = (def?.schema ?? {}) as JsonSchema;
    const properties = isObject(schema.properties) ? schema.properties : {};
    found = {
      gated,
      fields: Object.entries(properties).map(([key, node]) => fieldAt(gated, `/${escapeSegment(key)}`, node)),
    };
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
 * step logic data (engine/logic/step-data.ts), the scope the step's own visibility reads. The
 * fields and their gates are found once per step; each gate's condition is read at most once a
 * call, however many fields it covers.
 */
export function asksReader(
  defs: Definitions,
  stepId: string,
  part: Part | null | undefined,
  data: Data,
): boolean {
  const { gated, fields } = stepFields(defs, stepId);
  if (fields.length === 0) return true;
  // The gates' conditions as read so far (undefined: not read yet); none made for a step without gates.
  const read: (boolean | undefined)[] | null = gated.length > 0 ? [] : null;
  return anyAsked(fields, { gated, read, part, data });
}

/** What one asksReader call reads: made once a call, so the walk below makes no closure per field. */
interface Asking {
  gated: [string, Logic][];
  read: (boolean | undefined)[] | null;
  part: Part | null | undefined;
  data: Data;
}

// Index loops, not for…of: code not yet optimized makes an iterator and a result object per item.
const anyAsked = (fields: Field[], asking: Asking): boolean => {
  for (let i = 0; i < fields.length; i++) if (asked(fields[i]!, asking)) return true;
  return false;
};

function asked(field: Field, asking: Asking): boolean {
  const reached = asking.part ? reach(asking.part, field.pointer) : "all";
  if (reached === "none") return false;
  const { gatedBy } = field;
  for (let i = 0; i < gatedBy.length; i++) {
    const index = gatedBy[i]!;
    const read = asking.read!;
    if (!(read[index] ??= shown(asking.gated[index]![1], asking.data))) return false;
  }
  // Asked unless every field below is gated and hidden, or none below is the reader's: walked
  // only as deep as the gates and the part go.
  if (reached === "all" && !field.gatedBelow) return true;
  const children = childrenOf(asking.gated, field);
  if (!children) return true;
  return anyAsked(children, asking);
}
