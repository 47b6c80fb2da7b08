// Personal identifiers, chosen by the schemas: a field marked `"sealed": true` (a date of birth, a
// phone number, a street address) is encrypted at rest and shown to its reader as is; a field
// marked `writeOnly` (an SSN, a bank account number) is also encrypted at rest, and answered with a
// mask. Marking a new identifier is a schema edit, not a code change.
import type { DefinitionFiles } from "./definitions";
import { maskSsn } from "./format";
import { escapeSegment, expand as expandPointer, getAt, splitPointer } from "./pointer";
import { expand, schemaFile, type SchemaAt } from "./schema-walk";

export interface SensitiveField {
  /** A pointer pattern; `*` stands for every item of a list. */
  pattern: string;
  format?: string;
  /** writeOnly: answered with a mask, never whole. (Every sensitive field is sealed at rest.) */
  masked: boolean;
}

/** Every sealed or writeOnly field reachable from a schema file (default: the application document). */
export function sensitiveFields(files: DefinitionFiles, path = "application.json"): SensitiveField[] {
  const root = schemaFile(files, path);
  if (!root) throw new Error(`schemas/${path} is missing`);
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
        walk({ ...s, schema: child as Record<string, unknown> }, `${pointer}/${escapeSegment(key)}`, depth + 1);
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
export const isMasked = (value: unknown): value is string => typeof value === "string" && /^(\*\*\* - \*\* - |••••)\S{0,4}$/.test(value);

/**
 * `doc` with every present sensitive value replaced by fn(value, field): a new document that
 * shares what it does not change (only the objects on the way to a replaced value are copied,
 * not the whole document, which was most of a step.get's work here). Neither is changed after.
 */
export function mapSensitive(doc: unknown, fields: SensitiveField[], fn: (value: unknown, field: SensitiveField, pointer: string) => unknown): unknown {
  let out = doc;
  for (const field of fields)
    for (const { pointer } of expandPointer(doc, field.pattern)) {
      const keys = splitPointer(pointer);
      const last = keys.pop()!;
      const parent = getAt(doc, keys.map((k) => `/${escapeSegment(k)}`).join("")) as Record<string, unknown> | undefined;
      if (parent && typeof parent === "object" && Object.hasOwn(parent, last) && parent[last] !== null && parent[last] !== undefined)
        out = replaceAt(out, [...keys, last], fn(parent[last], field, pointer));
    }
  return out;
}

/** A copy of `node` with the value at `keys` replaced, copying only the containers on the way. */
function replaceAt(node: unknown, keys: string[], value: unknown, depth = 0): unknown {
  if (depth === keys.length) return value;
  const key = keys[depth]!;
  const container = node as Record<string, unknown>;
  const copy = (Array.isArray(node) ? [...node] : { ...container }) as Record<string, unknown>;
  // defineProperty, not assignment: a "__proto__" key must stay a plain key.
  Object.defineProperty(copy, key, { value: replaceAt(container[key], keys, value, depth + 1), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The document as a response may show it: every writeOnly value masked. */
export const maskSensitive = (doc: unknown, fields: SensitiveField[]) => mapSensitive(doc, fields.filter((f) => f.masked), (v, f) => maskValue(v, f.format));

/**
 * Answers sent back with a masked value the applicant did not retype (the form shows the mask)
 * keep the stored value, so re-saving a step never replaces an SSN with its mask.
 */
export function restoreMasked(answers: unknown, stored: unknown, fields: SensitiveField[]): unknown {
  return mapSensitive(answers, fields.filter((f) => f.masked), (value, field, pointer) => {
    const kept = getAt(stored, pointer);
    return typeof kept === "string" && value === maskValue(kept, field.format) ? kept : value;
  });
}
