// Whether one answer can stand as another (a prefill's source as its field, a "same as" answer
// copied into one), judged from their schemas: types, allowed values, properties.
import type { Definitions } from "../definitions/definitions";
import { expand, type SchemaAt } from "../definitions/schema-walk";

/** What a schema (through its $refs and combinators) says of a value: its JSON types, allowed values, properties. */
export function shapeOf(files: Definitions["files"], ats: SchemaAt[]) {
  const types = new Set<string>();
  let values: unknown[] | null = null;
  const properties = new Map<string, SchemaAt[]>();
  const required = new Set<string>();
  let closed = false;
  for (const at of ats)
    for (const s of expand(files, at)) {
      const {
        type,
        enum: allowed,
        const: only,
        properties: props,
        additionalProperties,
        required: needed,
      } = s.schema as Record<string, unknown>;
      if (Array.isArray(needed)) for (const name of needed) required.add(String(name));
      for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) types.add(String(t));
      const these = Array.isArray(allowed) ? allowed : only !== undefined ? [only] : null;
      // Allowed values are gathered across branches (an enumeration is written as oneOf consts).
      if (these) values = [...(values ?? []), ...these];
      if (props && typeof props === "object")
        for (const [key, child] of Object.entries(props))
          if (child && typeof child === "object")
            properties.set(key, [
              ...(properties.get(key) ?? []),
              { ...s, schema: child as Record<string, unknown> },
            ]);
      if (additionalProperties === false) closed = true;
    }
  if (types.has("number")) types.add("integer"); // an integer is a number
  return { types, values: values as unknown[] | null, properties, required, closed };
}

/** Why an answer described by `source` cannot stand as the answer described by `target`, or null when it can. */
export function prefillMisfit(
  files: Definitions["files"],
  source: SchemaAt[],
  target: SchemaAt[],
  depth = 0,
): string | null {
  const from = shapeOf(files, source);
  const to = shapeOf(files, target);
  const foreign = [...from.types].filter(
    (t) => to.types.size > 0 && !to.types.has(t) && !(t === "integer" && from.types.has("number")),
  );
  if (foreign.length)
    return `its type ${[...from.types].join("/")} is not the field's ${[...to.types].filter((t) => t !== "integer" || !to.types.has("number")).join("/")}`;
  if (to.values) {
    if (!from.values)
      return `any value may be there, the field allows only ${to.values.map((v) => JSON.stringify(v)).join(", ")}`;
    const outside = from.values.filter(
      (v) => !to.values!.some((w) => JSON.stringify(w) === JSON.stringify(v)),
    );
    if (outside.length)
      return `the value${outside.length > 1 ? "s" : ""} ${outside.map((v) => JSON.stringify(v)).join(", ")} ${outside.length > 1 ? "are" : "is"} not the field's`;
  }
  if (depth > 4) return null;
  for (const [key, child] of from.properties) {
    const there = to.properties.get(key);
    if (!there) {
      if (to.closed) return `the field has no "${key}"`;
      continue;
    }
    const inner = prefillMisfit(files, child, there, depth + 1);
    if (inner) return `${key}: ${inner}`;
  }
  return null;
}

/**
 * Why an object answer described by `source` cannot be copied into the field `target` (only the
 * properties the field has, or `only` of them, are copied), or null when it can: the field's
 * required properties among them must be there, and each shared one must fit.
 */
export function copyMisfit(
  files: Definitions["files"],
  source: SchemaAt[],
  target: SchemaAt[],
  only?: readonly string[],
): string | null {
  const from = shapeOf(files, source);
  const to = shapeOf(files, target);
  const copied = (key: string) => !only || only.includes(key);
  if (!from.types.has("object") && from.properties.size === 0)
    return `it is not an object with fields to copy`;
  const missing = [...to.required].filter((key) => copied(key) && !from.properties.has(key));
  if (missing.length) return `it has no ${missing.map((k) => `"${k}"`).join(", ")}, which the field requires`;
  for (const [key, there] of to.properties) {
    if (!copied(key)) continue;
    const child = from.properties.get(key);
    const inner = child ? prefillMisfit(files, child, there, 1) : null;
    if (inner) return `${key}: ${inner}`;
  }
  return null;
}
