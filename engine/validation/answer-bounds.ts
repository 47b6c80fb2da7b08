// The first check of a step's answers, before any logic reads them: their size and shape against
// the step's schema. Every list may hold at most its schema's `maxItems`, every text at most its
// `maxLength`, no value sits deeper than a person's answers ever do, and the whole holds a bounded
// number of values. The step's logic and the full schema check then only ever see answers of
// about the size the schemas allow, so one request cannot cost the server more than a form does.
// Linear in the size of the answers, and never recursing deeper than the depth limit.
import { BASE_URI } from "../base/uris";
import { stepById, type Definitions } from "../definitions/definitions";
import { fieldMessage, keyLabel, type FieldError } from "./messages";
import { escapeSegment } from "../base/pointer";
import { expand, type SchemaAt } from "../definitions/schema-walk";
import { isMasked } from "./sensitive";

export const ANSWER_LIMITS = {
  /** Levels below the answers object; the application's deepest field (a mortgage of another property's item) is 5. */
  depth: 12,
  /** Values (leaves, lists and groups) in one step's answers. */
  values: 20_000,
  /** Where a schema says nothing (a key the step does not ask, which its schema refuses later). */
  maxItems: 100,
  maxLength: 10_000,
  /** Errors reported at most; a bomb's thousandth oversized value adds nothing. */
  errors: 20,
} as const;

/** What the schema allows at one place of the answers, with the places below found on demand. */
interface Bounds {
  title?: string;
  maxItems?: number;
  maxLength?: number;
  child(key: string): Bounds | null;
  item(): Bounds | null;
}

const loosest = (values: unknown[]): number | undefined => {
  const numbers = values.filter((v): v is number => typeof v === "number");
  return numbers.length ? Math.max(...numbers) : undefined;
};

/** The bounds of every schema `at` stands for (through $ref and combinators): the loosest of them, since only the full check knows which branch applies. */
function boundsOf(defs: Definitions, at: SchemaAt[]): Bounds | null {
  const variants = at.flatMap((s) => expand(defs.files, s));
  if (variants.length === 0) return null;
  const children = new Map<string, Bounds | null>();
  let items: Bounds | null | undefined;
  return {
    title: variants.map((v) => v.schema.title).find((t): t is string => typeof t === "string"),
    maxItems: loosest(variants.map((v) => v.schema.maxItems)),
    maxLength: loosest(variants.map((v) => v.schema.maxLength)),
    child(key) {
      // Only keys a schema names are remembered: a hostile key must not grow this cache.
      if (children.has(key)) return children.get(key)!;
      const found = variants.flatMap((v) => {
        const props = v.schema.properties as Record<string, unknown> | undefined;
        const schema = props && Object.hasOwn(props, key) ? props[key] : undefined;
        return schema && typeof schema === "object"
          ? [{ ...v, schema: schema as Record<string, unknown> }]
          : [];
      });
      if (found.length === 0) return null;
      const bounds = boundsOf(defs, found);
      children.set(key, bounds);
      return bounds;
    },
    item() {
      if (items === undefined) {
        const found = variants.flatMap((v) =>
          v.schema.items && typeof v.schema.items === "object"
            ? [{ ...v, schema: v.schema.items as Record<string, unknown> }]
            : [],
        );
        items = found.length ? boundsOf(defs, found) : null;
      }
      return items;
    },
  };
}

/**
 * Where this check refuses: well past the schema's own limit. A value just over it goes on to the
 * full schema check, which says best what is wrong ("must be 9 digits", "one of the options");
 * this check only keeps what no form would send from costing anything.
 */
const beyond = (limit: number) => limit * 2 + 16;

const roots = new WeakMap<Definitions, Map<string, Bounds | null>>();

function stepBounds(defs: Definitions, stepId: string): Bounds | null {
  let byStep = roots.get(defs);
  if (!byStep) roots.set(defs, (byStep = new Map()));
  if (!byStep.has(stepId)) {
    const step = stepById(defs, stepId);
    const file = defs.steps.get(stepId)!.file;
    byStep.set(
      stepId,
      boundsOf(defs, [
        { schema: step.schema as Record<string, unknown>, base: `${BASE_URI}${file}`, doc: step },
      ]),
    );
  }
  return byStep.get(stepId)!;
}

/** Characters as JSON Schema counts them (code points), without building an array of them. */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c >= 0xdc00 &&
      c <= 0xdfff &&
      i > 0 &&
      text.charCodeAt(i - 1) >= 0xd800 &&
      text.charCodeAt(i - 1) <= 0xdbff
    )
      n--;
  }
  return n;
}

/**
 * The answers' problems of size and shape, by field pointer: empty when they fit. Cheap enough
 * to run on every submit before anything else (the server) and on every change (the browser).
 */
export function answerBoundErrors(defs: Definitions, stepId: string, answers: unknown): FieldError[] {
  const walk: BoundsWalk = { errors: [], values: 0, path: [] };
  walkBounds(walk, answers, stepBounds(defs, stepId), 0);
  return walk.errors;
}

/**
 * One answerBoundErrors call's state. The path to the value walked is a stack of keys, spelled as
 * a pointer only for an error: every value of the answers is walked, and a pointer made for each
 * (with a closure per call and an entry list per object) was most of what a check allocated.
 */
interface BoundsWalk {
  errors: FieldError[];
  values: number;
  path: (string | number)[];
}

const pointerOf = (path: readonly (string | number)[]) => {
  let pointer = "";
  for (const key of path) pointer += `/${typeof key === "number" ? key : escapeSegment(key)}`;
  return pointer;
};

/** An error at the value walked: its field named by its bounds' title, or its key. */
function fail(walk: BoundsWalk, bounds: Bounds | null, problem: string) {
  const last = walk.path.at(-1);
  const key = last === undefined ? "" : String(last);
  const label = bounds?.title ?? (/^\d+$/.test(key) ? "This item" : keyLabel(key));
  walk.errors.push({ pointer: pointerOf(walk.path), message: fieldMessage(label, problem) });
}

function walkBounds(walk: BoundsWalk, value: unknown, bounds: Bounds | null, depth: number): void {
  const { errors, path } = walk;
  if (errors.length >= ANSWER_LIMITS.errors) return;
  if (++walk.values > ANSWER_LIMITS.values) {
    if (walk.values === ANSWER_LIMITS.values + 1)
      errors.push({
        pointer: "",
        message: `The answers hold more than ${ANSWER_LIMITS.values.toLocaleString("en-US")} values`,
      });
    return;
  }
  if (typeof value === "string") {
    // A mask the server showed and the form sent back (*** - ** - 1234) stands for the stored value.
    const limit = bounds?.maxLength ?? ANSWER_LIMITS.maxLength;
    if (value.length > beyond(limit) && !isMasked(value) && codePoints(value) > beyond(limit))
      fail(walk, bounds, `must be at most ${limit} characters`);
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (depth >= ANSWER_LIMITS.depth)
    return fail(walk, bounds, `is nested more than ${ANSWER_LIMITS.depth} levels deep`);
  if (Array.isArray(value)) {
    const limit = bounds?.maxItems ?? ANSWER_LIMITS.maxItems;
    // An oversized list is refused whole: its items are not looked at.
    if (value.length > beyond(limit)) return fail(walk, bounds, `allows at most ${limit} entries`);
    const item = bounds?.item() ?? null;
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) continue; // a hole, as forEach passes it over
      path.push(i);
      walkBounds(walk, value[i], item, depth + 1);
      path.pop();
    }
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    path.push(k);
    walkBounds(walk, record[k], bounds?.child(k) ?? null, depth + 1);
    path.pop();
  }
}
