// The schema and UI schema the form renderer is given. Pure (no React, no DOM): unit-tested in node.
//
// The renderer never judges answers with this schema (the engine's step validator does), so it may
// be simplified for display:
// - a nullable union `anyOf: [X, {type: "null"}]` ("an address, or nothing") is shown as an
//   optional X, instead of RJSF's "pick an option" drop-down;
// - a labelled enumeration `oneOf: [{const, title}, ...]` (schemas/enums.json, us-states.json)
//   becomes `enum` plus `enumTitles` (the labels, in order), which the widgets read. RJSF treats a
//   `oneOf` as alternatives and tries every option against the answers on every keystroke (ajv per
//   option: 56 states × every list item); an `enum` costs nothing. A `readOnly` value (set by our
//   own systems, such as "Transfer from application") is left out of the options.
import type { JsonSchema } from "../definitions/bundle";
import { escapeSegment } from "../base/pointer";
import { isObject } from "../base/objects";

const isNullSchema = (s: unknown) => isObject(s) && s.type === "null";

function withNull(type: unknown): unknown {
  if (typeof type === "string") return type === "null" ? type : [type, "null"];
  if (Array.isArray(type)) return type.includes("null") ? type : [...type, "null"];
  return type;
}

const cache = new WeakMap<JsonSchema, JsonSchema>();

/** Collapses nullable unions into a nullable type, recursively. Memoized per input schema. */
export function toRenderSchema(schema: JsonSchema): JsonSchema {
  let out = cache.get(schema);
  if (!out) cache.set(schema, (out = simplify(schema) as JsonSchema));
  return out;
}

function simplify(node: unknown): unknown {
  if (!isObject(node)) return node;
  let schema: Record<string, unknown> = node;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length === 2 && branches.some(isNullSchema)) {
      const other = branches.find((b) => !isNullSchema(b));
      if (isObject(other)) {
        const { [key]: _, ...rest } = schema;
        // The field's own title and description win over the shape's.
        schema = { ...other, ...rest, type: withNull(other.type ?? rest.type) };
        if (schema.type === undefined) delete schema.type;
      }
    }
  }
  const labelled = asLabelledEnum(schema.oneOf) ?? asLabelledEnum(schema.anyOf);
  if (labelled) {
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    const offered = labelled.values
      .map((v, i) => [v, labelled.titles[i]] as const)
      .filter(([v]) => withinBounds(v, rest));
    schema = { ...rest, enum: offered.map(([v]) => v), enumTitles: offered.map(([, t]) => t) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === "properties" || key === "patternProperties") && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplify(v)]));
    else if ((key === "items" || key === "additionalProperties" || key === "not") && isObject(value))
      out[key] = simplify(value);
    else if (
      (key === "allOf" || key === "anyOf" || key === "oneOf" || key === "prefixItems") &&
      Array.isArray(value)
    )
      out[key] = value.map(simplify);
    else out[key] = value;
  }
  return out;
}

/**
 * An option the field's own bounds refuse is not offered: a step narrowing a shared enumeration
 * ("Number of units", minimum 2 for a multi-unit building; income verification without "connect")
 * lists only the options it accepts.
 */
function withinBounds(value: unknown, schema: Record<string, unknown>): boolean {
  // An option the field excludes by name ({"not": {"const": "connect"}}) is not offered either.
  const not = schema.not;
  if (
    isObject(not) &&
    (("const" in not && not.const === value) || (Array.isArray(not.enum) && not.enum.includes(value)))
  )
    return false;
  if (typeof value !== "number") return true;
  const n = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  const [min, max, xmin, xmax] = [n("minimum"), n("maximum"), n("exclusiveMinimum"), n("exclusiveMaximum")];
  return !(
    (min !== undefined && value < min) ||
    (max !== undefined && value > max) ||
    (xmin !== undefined && value <= xmin) ||
    (xmax !== undefined && value >= xmax)
  );
}

/** `[{const: "AL", title: "Alabama"}, ...]` as values and titles; null when a branch is more than a labelled constant. */
function asLabelledEnum(branches: unknown): { values: unknown[]; titles: string[] } | null {
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const values: unknown[] = [];
  const titles: string[] = [];
  for (const b of branches) {
    if (!isObject(b) || !("const" in b)) return null;
    if (
      Object.keys(b).some(
        (k) => k !== "const" && k !== "title" && k !== "description" && k !== "type" && k !== "readOnly",
      )
    )
      return null;
    // A value only our own systems set (readOnly, JSON Schema's "managed by the owning authority")
    // stays valid in stored answers and is never offered to an applicant.
    if (b.readOnly === true) continue;
    values.push(b.const);
    titles.push(typeof b.title === "string" ? b.title : String(b.const));
  }
  return { values, titles };
}

/** The JSON pointer of an RJSF field path: ["user", "employments", 0] → "/user/employments/0". */
export function pointerOfPath(path: readonly (string | number)[]): string {
  return path.map((k) => `/${escapeSegment(k)}`).join("");
}

/** The schema types a schema allows, "null" left out. */
export function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  const list = Array.isArray(t) ? t : typeof t === "string" ? [t] : [];
  return list.filter((x): x is string => typeof x === "string" && x !== "null");
}

export function allowsNull(schema: JsonSchema): boolean {
  const t = schema.type;
  return t === "null" || (Array.isArray(t) && t.includes("null"));
}

/** What an emptied input stores: null where the schema allows null (so clearing is saved), else nothing. */
export function emptyValueOf(schema: JsonSchema): null | undefined {
  return allowsNull(schema) ? null : undefined;
}

export interface WidgetUse {
  /** Pointer into the UI schema, e.g. /user/employments/items/startDate. */
  at: string;
  widget: string;
}

/** Every `ui:widget` name a UI schema uses, with where it is used. */
export function widgetsUsed(uiSchema: unknown, at = ""): WidgetUse[] {
  if (!isObject(uiSchema)) return [];
  const out: WidgetUse[] = [];
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "ui:widget" && typeof value === "string") out.push({ at, widget: value });
    else if (key === "ui:options" && isObject(value) && typeof value.widget === "string")
      out.push({ at, widget: value.widget });
    else if (!key.startsWith("ui:")) out.push(...widgetsUsed(value, `${at}/${escapeSegment(key)}`));
  }
  return out;
}

/** The `ui:widget` names of a UI schema that are not in `known`. */
export function unknownWidgets(uiSchema: unknown, known: Iterable<string>): WidgetUse[] {
  const names = new Set(known);
  return widgetsUsed(uiSchema).filter((use) => !names.has(use.widget));
}

/** A copy of a UI schema without the `ui:widget`s listed (the renderer then picks its default widget). */
export function withoutWidgets(uiSchema: unknown, drop: readonly WidgetUse[], at = ""): unknown {
  if (!isObject(uiSchema)) return uiSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "ui:widget" && drop.some((d) => d.at === at && d.widget === value)) continue;
    out[key] = key.startsWith("ui:") ? value : withoutWidgets(value, drop, `${at}/${escapeSegment(key)}`);
  }
  return out;
}
