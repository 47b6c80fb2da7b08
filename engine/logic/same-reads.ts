// A rule set's result on a document a save derived from a stored one, taken from the stored one
// when the rule set reads nothing that differs between them. A changed save walks the owner's path
// on the document it writes, and the walk reads `rules.pricing`: worked out afresh on every save,
// though most pages change nothing pricing reads (the declarations, the co-borrower's details).
//
// Why the result is the same: an evaluation is a function of the values it reads (the logic's
// operators are pure, `today` is given apart), and a rule set reads the document only by the
// top-level keys found below: the first key of every literal `var` or `root` path in it (an
// iteration's body's too, a superset), and the properties its input schema judges. Both
// documents' content is fixed (deeply frozen, vouched for by the caller), so a key whose value is
// the very same object holds the very same content: with every such key the same, the evaluation
// reads the same values in the same order and decides the same. Logic the analysis cannot bound (a
// computed path, `missing`, a path up out of an iteration, an input schema with any other keyword)
// takes nothing from elsewhere.
import { ruleSetById, type Definitions } from "../definitions/definitions";
import { operatorOf } from "./operators";
import { ruleSetOnFixed, type RuleSetResult } from "./rules";

// Keywords that say what a schema is, not what it accepts; and those of an input schema whose
// verdict depends on the listed properties alone.
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples"]);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The first key of a literal data path, or null for a path that is not one (computed, empty, or climbing out of an iteration). */
function firstKey(path: unknown): string | null {
  if (typeof path === "number" && Number.isInteger(path)) return String(path);
  // A backslash escapes a dot in json-logic-engine's paths: refused rather than split otherwise.
  if (typeof path !== "string" || path === "" || path.includes("../") || path.includes("\\")) return null;
  return path.split(".")[0]!;
}

/**
 * The top-level keys `logic` reads of its data, added to `keys`; false when it may read others.
 * Every path counts as read from the data, an iteration's body's too (which reads its item, and
 * may climb out with ../): more keys than are read, never fewer, whatever a one-key object is
 * (an operation, or a field of an emitted object that happens to be named like one).
 */
function logicReads(logic: unknown, keys: Set<string>): boolean {
  if (Array.isArray(logic)) return logic.every((item) => logicReads(item, keys));
  if (!isObject(logic)) return true;
  const op = operatorOf(logic);
  if (op === "missing" || op === "missing_some") return false;
  if (op === "var" || op === "root") {
    const args = logic[op];
    const list = Array.isArray(args) ? args : [args];
    const key = firstKey(list[0]);
    if (key === null) return false;
    keys.add(key);
    return logicReads(list.slice(1), keys);
  }
  // Any other operation's arguments, or a value whose parts may be logic (a rule's fields).
  return Object.values(logic).every((value) => logicReads(value, keys));
}

/** The top-level keys of its input whose values alone decide the input schema's verdict; null when any other keyword judges more. */
function inputKeys(input: unknown, keys: Set<string>): boolean {
  if (input === undefined) return true;
  if (!isObject(input)) return false;
  for (const [keyword, value] of Object.entries(input)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (keyword === "type" && value === "object") continue;
    if (keyword === "properties" && isObject(value)) Object.keys(value).forEach((k) => keys.add(k));
    else if (keyword === "required" && Array.isArray(value) && value.every((k) => typeof k === "string"))
      value.forEach((k: string) => keys.add(k));
    else return false;
  }
  return true;
}

/** Per definitions set: each rule set's read keys (null: not bounded). */
const readsOf = new WeakMap<Definitions, Map<string, ReadonlySet<string> | null>>();

/**
 * The top-level keys of a document a rule set's evaluation can read (its logic's paths, its input
 * schema's properties, and `today`, which an input may carry); null when they cannot be bounded.
 * Everything but `params` (data, read by path) and `input` (a schema, above) is walked as logic:
 * a part that is not logic only adds keys, never hides one.
 */
export function ruleSetReads(defs: Definitions, ruleSetId: string): ReadonlySet<string> | null {
  let perSet = readsOf.get(defs);
  if (!perSet) readsOf.set(defs, (perSet = new Map()));
  if (!perSet.has(ruleSetId)) {
    const { def } = ruleSetById(defs, ruleSetId);
    const keys = new Set<string>(["today"]);
    const bounded =
      inputKeys(def.input, keys) &&
      Object.entries(def).every(
        ([part, value]) => part === "params" || part === "input" || logicReads(value, keys),
      );
    perSet.set(ruleSetId, bounded ? keys : null);
  }
  return perSet.get(ruleSetId)!;
}

/** Whether `ruleSetId` reads the same of `a` as of `b` (both of fixed content): every key it reads the very same value. */
export function readsSame(defs: Definitions, ruleSetId: string, a: object, b: object): boolean {
  const keys = ruleSetReads(defs, ruleSetId);
  if (!keys) return false;
  for (const key of keys)
    if (
      Object.hasOwn(a, key) !== Object.hasOwn(b, key) ||
      (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]
    )
      return false;
  return true;
}

/**
 * A document of fixed content and the stored one it was derived from (weakly: an applicant's
 * documents do not stay alive as a chain), and per definitions set and rule set the document whose
 * kept result stands for its own.
 */
const derivations = new WeakMap<
  object,
  { from: WeakRef<object>; sources: WeakMap<Definitions, Map<string, object>> }
>();

/** Records that `doc` was derived from `from`. Both must be of fixed content (deeply frozen), as ruleSetOnFixed asks. */
export function derivedFrom(doc: object, from: object): void {
  if (doc !== from && !derivations.has(doc))
    derivations.set(doc, { from: new WeakRef(from), sources: new WeakMap() });
}

/** The document whose result of `ruleSetId` is `doc`'s: the earliest it was derived from that the rule set reads the same of. */
export function sourceOf(defs: Definitions, ruleSetId: string, doc: object): object {
  const derived = derivations.get(doc);
  if (!derived) return doc;
  let sources = derived.sources.get(defs);
  if (!sources) derived.sources.set(defs, (sources = new Map()));
  let source = sources.get(ruleSetId);
  if (!source) {
    const from = derived.from.deref();
    source = from && readsSame(defs, ruleSetId, from, doc) ? sourceOf(defs, ruleSetId, from) : doc;
    sources.set(ruleSetId, source);
  }
  return source;
}

/** ruleSetOnFixed(defs, ruleSetId, doc, today), taken from the document it was derived from where the rule set reads the same of both. */
export const ruleSetOnDerived = (
  defs: Definitions,
  ruleSetId: string,
  doc: object,
  today: string,
): RuleSetResult => ruleSetOnFixed(defs, ruleSetId, sourceOf(defs, ruleSetId, doc), today);
