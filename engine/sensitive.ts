// Fields a schema marks `writeOnly` (SSN and other identifiers) are sensitive: the server
// encrypts them at rest and answers with a mask. Which fields they are is read from the schemas,
// so marking a new identifier is a schema edit, not a code change.
import type { DefinitionFiles } from "./definitions";
import { maskSsn } from "./format";
import { escapeSegment, expand as expandPointer, getAt, splitPointer } from "./pointer";
import { expand, schemaFile, type SchemaAt } from "./schema-walk";

export interface SensitiveField {
  /** A pointer pattern; `*` stands for every item of a list. */
  pattern: string;
  format?: string;
}

/** Every writeOnly field reachable from a schema file (default: the application document). */
export function sensitiveFields(files: DefinitionFiles, path = "application.json"): SensitiveField[] {
  const root = schemaFile(files, path);
  if (!root) throw new Error(`schemas/${path} is missing`);
  const found = new Map<string, SensitiveField>();
  const walk = (at: SchemaAt, pointer: string, depth: number) => {
    if (depth > 12) return; // recursive schemas: identifiers never sit that deep
    const variants = expand(files, at);
    if (variants.some((s) => s.schema.writeOnly === true)) {
      const format = variants.map((s) => s.schema.format).find((f): f is string => typeof f === "string");
      found.set(pointer, { pattern: pointer, ...(format ? { format } : {}) });
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

/** A copy of `doc` with every present sensitive value replaced by fn(value, field). */
export function mapSensitive(doc: unknown, fields: SensitiveField[], fn: (value: unknown, field: SensitiveField, pointer: string) => unknown): unknown {
  const copy = structuredClone(doc);
  for (const field of fields)
    for (const { pointer } of expandPointer(copy, field.pattern)) {
      const keys = splitPointer(pointer);
      const last = keys.pop()!;
      const parent = getAt(copy, keys.map((k) => `/${escapeSegment(k)}`).join("")) as Record<string, unknown> | undefined;
      if (parent && typeof parent === "object" && Object.hasOwn(parent, last) && parent[last] !== null && parent[last] !== undefined)
        parent[last] = fn(parent[last], field, pointer);
    }
  return copy;
}

/** The document as a response may show it: every sensitive value masked. */
export const maskSensitive = (doc: unknown, fields: SensitiveField[]) => mapSensitive(doc, fields, (v, f) => maskValue(v, f.format));

/**
 * Answers sent back with a masked value the applicant did not retype (the form shows the mask)
 * keep the stored value, so re-saving a step never replaces an SSN with its mask.
 */
export function restoreMasked(answers: unknown, stored: unknown, fields: SensitiveField[]): unknown {
  return mapSensitive(answers, fields, (value, field, pointer) => {
    const kept = getAt(stored, pointer);
    return typeof kept === "string" && value === maskValue(kept, field.format) ? kept : value;
  });
}
