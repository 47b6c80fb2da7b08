// Personal identifiers, chosen by the schemas: a field marked `"sealed": true` (a date of birth, a
// phone number, a street address) is encrypted at rest and shown to its reader as is; a field
// marked `writeOnly` (an SSN, a bank account number) is also encrypted at rest, and answered with a
// mask. Marking a new identifier is a schema edit, not a code change.
import type { DefinitionFiles } from "../definitions/definitions";
import { maskSsn } from "../base/format";
import { escapeSegment, getAt, splitPointer } from "../base/pointer";
import { expand, schemaFile, type SchemaAt } from "../definitions/schema-walk";

export interface SensitiveField {
  /** A pointer pattern; `*` stands for every item of a list. */
  pattern: string;
  format?: string;
  /** writeOnly: answered with a mask, never whole. (Every sensitive field is sealed at rest.) */
  masked: boolean;
}

/**
 * Every sealed or writeOnly field reachable from a schema file (default: the application
 * document), or from one schema of a file (`condition-answers.json#/$defs/address`).
 */
export function sensitiveFields(files: DefinitionFiles, path = "application.json"): SensitiveField[] {
  const [file = path, fragment] = path.split("#");
  const doc = schemaFile(files, file);
  const schema = doc && fragment ? getAt(doc.schema, fragment) : doc?.schema;
  if (!doc || !schema || typeof schema !== "object") throw new Error(`schemas/${path} is missing`);
  const root = { ...doc, schema: schema as Record<string, unknown> };
  const found = new Map<string, SensitiveField>();
  const walk = (at: SchemaAt, pointer: string, depth: number) => {
    if (depth > 12) return; // recursive schemas: identifiers never sit that deep
    const variants = expand(files, at);
    const masked = variants.some((s) => s.schema.writeOnly === true);
    if (masked || variants.some((s) => s.schema.sealed === true)) {
      const format = variants.map((s) => s.schema.format).find((f): f is string => typeof f === "string");
      found.set(pointer, { pattern: pointer, ...(format ? { format } : {}), masked });
      return;
    }
    for (const s of variants) {
      for (const [key, child] of Object.entries((s.schema.properties as Record<string, object>) ?? {}))
        walk(
          { ...s, schema: child as Record<string, unknown> },
          `${pointer}/${escapeSegment(key)}`,
          depth + 1,
        );
      if (s.schema.items && typeof s.schema.items === "object")
        walk({ ...s, schema: s.schema.items as Record<string, unknown> }, `${pointer}/*`, depth + 1);
    }
  };
  walk(root, "", 0);
  return [...found.values()];
}

/** What a response shows instead of a sensitive value. */
export function maskValue(value: unknown, format?: string): string {
  if (typeof value !== "string" || value === "") return "";
  if (format === "ssn") return maskSsn(value);
  return `••••${value.slice(-4)}`;
}

/** Whether a value is a mask this module makes (never a real identifier: it holds no digits but the last 4). */
export const isMasked = (value: unknown): value is string =>
  typeof value === "string" && /^(\*\*\* - \*\* - |••••)\S{0,4}$/.test(value);

/** The fields' patterns as one tree of keys (`*`: every item of a list), so a document is walked once for them all. */
interface PatternNode {
  field?: SensitiveField;
  children: Map<string, PatternNode>;
  /** The key as a pointer segment, escaped once here, not at each document walked (`*`: the item's index). */
  segment: string;
}

const patternTrees = new WeakMap<readonly SensitiveField[], PatternNode>();

function patternTree(fields: readonly SensitiveField[]): PatternNode {
  let root = patternTrees.get(fields);
  if (root) return root;
  root = { children: new Map(), segment: "" };
  for (const field of fields) {
    let node = root;
    for (const key of splitPointer(field.pattern)) {
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map(), segment: `/${escapeSegment(key)}` }));
      node = next;
    }
    node.field ??= field;
  }
  patternTrees.set(fields, root);
  return root;
}

/**
 * What one mapping gave, for the next to start from: `to` is what mapSensitive(`from`, the same
 * fields, a function that gives the same value for the same value at the same pointer) returned.
 * Where the document mapped now holds, at a pointer, the very value `from` holds there (a subtree
 * a merge shared, a value left as it was), the result holds `to`'s, and the pointer is added to
 * `reused`: fn is not called below it (a save seals only what changed, instead of copying every
 * object on the way to each of the application's identifiers).
 */
export interface MappedBefore {
  from: unknown;
  to: unknown;
  reused: string[];
}

/**
 * `doc` with every present sensitive value replaced by fn(value, field): a new document that
 * shares what it does not change (only the objects on the way to a replaced value are copied,
 * once each, not the whole document). Neither is changed after. The fields' patterns are read
 * once per list of fields (every request reads and writes the application through them: walking
 * each pattern's pointer anew was a quarter of a step.get). With `before`, what it mapped already
 * is taken from it (MappedBefore).
 */
export function mapSensitive(
  doc: unknown,
  fields: readonly SensitiveField[],
  fn: (value: unknown, field: SensitiveField, pointer: string) => unknown,
  before?: MappedBefore,
): unknown {
  if (before && doc === before.from) {
    before.reused.push("");
    return before.to;
  }
  return mapTree(doc, patternTree(fields), "", fn, before?.from, before?.to, before?.reused ?? null);
}

/** The value at `key` of `node`, if it is an object or list holding one. */
const childOf = (node: unknown, key: string): unknown =>
  node !== null && typeof node === "object" && Object.hasOwn(node, key)
    ? (node as Record<string, unknown>)[key]
    : undefined;

// Module functions, not closures made per call: every request runs these over the document.
// `from` and `to`: what a mapping before had at this place, and gave for it (absent: nothing known).
function mapTree(
  node: unknown,
  tree: PatternNode,
  pointer: string,
  fn: (value: unknown, field: SensitiveField, pointer: string) => unknown,
  from: unknown,
  to: unknown,
  reused: string[] | null,
): unknown {
  if (node === null || typeof node !== "object") return node;
  const container = node as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const [key, child] of tree.children) {
    if (key === "*") {
      if (Array.isArray(node))
        for (let index = 0; index < node.length; index++) {
          const at = String(index);
          copy = mapChild(container, copy, at, child, `${pointer}/${index}`, fn, from, to, reused);
        }
    } else copy = mapChild(container, copy, key, child, pointer + child.segment, fn, from, to, reused);
  }
  return copy ?? node;
}

/** `copy` (made from `container` when first needed) with the value at `key` (pointer `at`) mapped; copies only when a value changes. */
function mapChild(
  container: Record<string, unknown>,
  copy: Record<string, unknown> | null,
  key: string,
  tree: PatternNode,
  at: string,
  fn: (value: unknown, field: SensitiveField, pointer: string) => unknown,
  from: unknown,
  to: unknown,
  reused: string[] | null,
): Record<string, unknown> | null {
  if (!Object.hasOwn(container, key)) return copy;
  const value = container[key];
  let mapped = value;
  const was = reused ? childOf(from, key) : undefined;
  if (reused && was === value && was !== undefined) {
    // The very value mapped before at this pointer: what that mapping gave.
    mapped = (to as Record<string, unknown>)[key];
    reused.push(at);
  } else if (!tree.field) mapped = mapTree(value, tree, at, fn, was, childOf(to, key), reused);
  else if (value !== null && value !== undefined) mapped = fn(value, tree.field, at);
  if (mapped === value) return copy;
  const out =
    copy ?? ((Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>);
  // defineProperty, not assignment: a "__proto__" key must stay a plain key.
  Object.defineProperty(out, key, { value: mapped, enumerable: true, writable: true, configurable: true });
  return out;
}

const maskedSubsets = new WeakMap<readonly SensitiveField[], SensitiveField[]>();

/** The writeOnly fields of a list, the same list object each time (so its patterns are read once). */
function maskedOf(fields: readonly SensitiveField[]): SensitiveField[] {
  let masked = maskedSubsets.get(fields);
  if (!masked) maskedSubsets.set(fields, (masked = fields.filter((f) => f.masked)));
  return masked;
}

/** The document as a response may show it: every writeOnly value masked. */
export const maskSensitive = (doc: unknown, fields: readonly SensitiveField[]) =>
  mapSensitive(doc, maskedOf(fields), (v, f) => maskValue(v, f.format));

/**
 * Answers sent back with a masked value the applicant did not retype (the form shows the mask)
 * keep the stored value, so re-saving a step never replaces an SSN with its mask.
 */
export function restoreMasked(answers: unknown, stored: unknown, fields: readonly SensitiveField[]): unknown {
  return mapSensitive(answers, maskedOf(fields), (value, field, pointer) => {
    const kept = getAt(stored, pointer);
    return typeof kept === "string" && value === maskValue(kept, field.format) ? kept : value;
  });
}
