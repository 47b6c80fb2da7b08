// A tolerant reader for answers saved before a field became a list: a schema marks such a list
// `"legacyScalar": true` (the sex of demographics, the bankruptcy chapters of declaration M), and a
// single value found there is read as a list of that one value. The stored document is not
// rewritten: the next save of the step writes the list. Which fields is a schema edit, not code.
import type { DefinitionFiles } from "./definitions";
import { escapeSegment, expand as expandPointer, getAt, setAt, splitPointer } from "../base/pointer";
import { expand, schemaFile, type SchemaAt } from "./schema-walk";

/** The pointer patterns (`*` for every item of a list) of every list marked legacyScalar. */
export function legacyScalarFields(files: DefinitionFiles, path = "application.json"): string[] {
  const root = schemaFile(files, path);
  if (!root) throw new Error(`schemas/${path} is missing`);
  const found = new Set<string>();
  const walk = (at: SchemaAt, pointer: string, depth: number) => {
    if (depth > 12) return;
    const variants = expand(files, at);
    if (variants.some((s) => s.schema.legacyScalar === true)) return void found.add(pointer);
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
  return [...found];
}

const isScalar = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * `doc` with every single value of a legacyScalar field read as a list of one (a new document;
 * `doc` is not changed). Every stored application is read through this, and almost none holds
 * such a value: the patterns are followed through `doc` first, and only a value found makes a
 * pointer and a copy.
 */
export function readLegacyScalars(doc: unknown, fields: string[]): unknown {
  let out = doc;
  for (const pattern of fields) {
    if (!holdsScalar(doc, splitPointer(pattern), 0)) continue;
    for (const { pointer } of expandPointer(doc, pattern)) {
      const value = getAt(doc, pointer);
      if (isScalar(value)) out = setAt(out, pointer, [value]);
    }
  }
  return out;
}

/** Whether a scalar lies at the end of `keys` (`*`: any item of a list) in `node`. */
function holdsScalar(node: unknown, keys: string[], at: number): boolean {
  if (at === keys.length) return isScalar(node);
  if (node === null || typeof node !== "object") return false;
  const key = keys[at]!;
  if (key === "*") return Array.isArray(node) && node.some((item) => holdsScalar(item, keys, at + 1));
  return Object.hasOwn(node, key) && holdsScalar((node as Record<string, unknown>)[key], keys, at + 1);
}
