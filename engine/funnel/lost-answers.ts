// What a saved application holds that a set of definitions no longer has: a field its schema
// dropped (every save of the whole application would be refused: "is not a question of this
// step"), or a value its enumeration no longer lists (a renamed "secondHome": a pricing key missed,
// a choice shown empty). Read on the document as the server reads it (after rules/retired.json).
import type { Definitions } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";
import { propertyNamesAt, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import { enumerationOf } from "../lint/logic";

export interface LostAnswer {
  /** Where, with `*` for a list's items (/propertyOwnership/*\/propertyUsage). */
  field: string;
  kind: "field" | "value";
  /** For a value: the value no longer allowed (an enumeration value, never free text). */
  value?: string | number | boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

export function lostAnswers(defs: Definitions, doc: unknown): LostAnswer[] {
  const root = schemaFile(defs.files, "application.json");
  if (!root || !isObject(doc)) return [];
  const out: LostAnswer[] = [];
  const seen = new Set<string>();
  const add = (lost: LostAnswer) => {
    const key = `${lost.kind} ${lost.field} ${String(lost.value)}`;
    if (!seen.has(key)) (seen.add(key), out.push(lost));
  };
  const walk = (node: unknown, schemas: SchemaAt[], field: string, depth: number) => {
    if (depth > 30 || node === null || node === undefined) return;
    if (Array.isArray(node)) {
      const items = schemas.flatMap((s) => schemasAt(defs.files, s, ["*"]));
      if (items.length) for (const item of node) walk(item, items, `${field}/*`, depth + 1);
      return;
    }
    if (isObject(node)) {
      const listed = schemas.some((s) => propertyNamesAt(defs.files, s, []).length > 0);
      for (const [key, value] of Object.entries(node)) {
        const child = schemas.flatMap((s) => schemasAt(defs.files, s, [key]));
        const at = `${field}/${escapeSegment(key)}`;
        if (!child.length) {
          // Only a schema that lists its properties says a field is not there.
          if (listed && value !== undefined) add({ field: at, kind: "field" });
          continue;
        }
        walk(value, child, at, depth + 1);
      }
      return;
    }
    const values: unknown[] = [];
    for (const s of schemas) {
      const found = enumerationOf(defs.files, s);
      if (!found) return; // any value allowed by one of them
      values.push(...found);
    }
    if (values.length && !values.includes(node) && (typeof node !== "object" || node === null))
      add({ field, kind: "value", value: node as string | number | boolean });
  };
  walk(doc, [root], "", 0);
  return out;
}
