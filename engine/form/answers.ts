// The step's part of the application document, in and out of the form. Pure: unit-tested in node.
import type { JsonSchema } from "../definitions/bundle";
import { isObject } from "../base/objects";

const isSchema = (v: unknown): v is JsonSchema => isObject(v);

/**
 * The part of `value` a schema asks about: for an object schema that refuses other properties
 * (`additionalProperties: false`), only its declared properties, recursively through objects and
 * lists. A step edits `user.employments`; the saved `user.firstName` must not ride along in its
 * answers. Unions and untyped values are kept whole.
 */
export function sliceAnswers(schema: unknown, value: unknown): unknown {
  if (!isSchema(schema) || value === undefined) return value;
  if (Array.isArray(value)) {
    const items = schema.items;
    return isSchema(items) ? value.map((item) => sliceAnswers(items, item)) : value;
  }
  if (!isObject(value)) return value;
  const props = isObject(schema.properties) ? schema.properties : null;
  if (!props) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (Object.hasOwn(props, key)) {
      const sliced = sliceAnswers(props[key], v);
      if (sliced !== undefined) out[key] = sliced;
    } else if (schema.additionalProperties !== false) out[key] = v;
  }
  return out;
}

const isObjectSchema = (s: unknown): boolean => {
  if (!isSchema(s)) return false;
  const t = s.type;
  return t === "object" || (s.properties !== undefined && t === undefined);
};

/**
 * Answers as the validator and the server should see them:
 * - keys holding `undefined` are dropped;
 * - an object left empty (every input in it cleared) is dropped too unless its parent requires
 *   it, so an untouched optional address is "not given" rather than "given without a street";
 * - a required object that is missing is added empty, so the validator names the questions in it
 *   ("Street address is required") rather than the group ("Current address is required", or
 *   "Setup is required" for a grouping the applicant never sees);
 * - list items are kept even when empty: an added job must say what it is missing.
 */
export function cleanAnswers(schema: unknown, value: unknown): unknown {
  const s = isSchema(schema) ? schema : {};
  if (Array.isArray(value)) {
    const items = isSchema(s.items) ? s.items : {};
    return value.map((item) => {
      const cleaned = cleanAnswers(items, item);
      return cleaned === undefined ? null : cleaned;
    });
  }
  if (!isObject(value)) return value;
  const props = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const cleaned = cleanAnswers(props[key], v);
    if (cleaned === undefined) continue;
    if (isObject(cleaned) && Object.keys(cleaned).length === 0 && isObject(v) && !required.includes(key))
      continue;
    out[key] = cleaned;
  }
  for (const key of required)
    if (typeof key === "string" && out[key] === undefined && isObjectSchema(props[key]))
      out[key] = cleanAnswers(props[key], {});
  return out;
}
