// A rule set's result on a document a save derived from a stored one, taken from the stored one
// when the rule set reads nothing that differs between them. A changed save walks the owner's path
// on the document it writes, and the walk reads `rules.pricing`: worked out afresh on every save,
// though most pages change nothing pricing reads (the declarations, the co-borrower's details).
//
// Why the result is the same: an evaluation is a function of the values it reads (the logic's
// operators are pure, `today` is given apart), and a rule set reads the document only by the
// top-level keys found below: the first key of every literal path its `var`, `root`, `missing` and
// `missing_some` read (./logic-reads.ts; an iteration's body's too, a superset), and the properties
// its input schema judges. Both
// documents' content is fixed (deeply frozen, vouched for by the caller), so a key whose value is
// the very same object holds the very same content: with every such key the same, the evaluation
// reads the same values in the same order and decides the same. Logic the analysis cannot bound (a
// computed path, a path up out of an iteration, an input schema with any other keyword) takes
// nothing from elsewhere.
import { ruleSetById, type Definitions } from "../definitions/definitions";
import { firstKey, walkReads } from "./logic-reads";
import { ruleSetOnFixed, type RuleSetResult } from "./rules";

// Keywords that say what a schema is, not what it accepts; and those of an input schema whose
// verdict depends on the listed properties alone.
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples"]);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

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
        ([part, value]) =>
          part === "params" ||
          part === "input" ||
          walkReads(value, (path) => keys.add(firstKey(path)), "data"),
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
 * documents do not stay alive as a chain), and per definitions set and reader of it (a rule set by
 * its id, or another's key) the document whose kept result stands for its own.
 */
const derivations = new WeakMap<
  object,
  { from: WeakRef<object>; sources: WeakMap<Definitions, Map<string | symbol, object>> }
>();

/** Records that `doc` was derived from `from`. Both must be of fixed content (deeply frozen), as ruleSetOnFixed asks. */
export function derivedFrom(doc: object, from: object): void {
  if (doc !== from && !derivations.has(doc))
    derivations.set(doc, { from: new WeakRef(from), sources: new WeakMap() });
}

/**
 * The document whose result of a reader of documents (`what`: a rule set's id, or a symbol of
 * another's) is `doc`'s: the earliest it was derived from along which `same(from, doc)` held at
 * every link. `same` must hold only where the reader reads the same of both.
 */
export function sourceFor(
  defs: Definitions,
  what: string | symbol,
  same: (from: object, doc: object) => boolean,
  doc: object,
): object {
  const derived = derivations.get(doc);
  if (!derived) return doc;
  let sources = derived.sources.get(defs);
  if (!sources) derived.sources.set(defs, (sources = new Map()));
  let source = sources.get(what);
  if (!source) {
    const from = derived.from.deref();
    source = from && same(from, doc) ? sourceFor(defs, what, same, from) : doc;
    sources.set(what, source);
  }
  return source;
}

/** The document whose result of `ruleSetId` is `doc`'s: the earliest it was derived from that the rule set reads the same of. */
export const sourceOf = (defs: Definitions, ruleSetId: string, doc: object): object =>
  sourceFor(defs, ruleSetId, (from, to) => readsSame(defs, ruleSetId, from, to), doc);

/** ruleSetOnFixed(defs, ruleSetId, doc, today), taken from the document it was derived from where the rule set reads the same of both. */
export const ruleSetOnDerived = (
  defs: Definitions,
  ruleSetId: string,
  doc: object,
  today: string,
): RuleSetResult => ruleSetOnFixed(defs, ruleSetId, sourceOf(defs, ruleSetId, doc), today);
