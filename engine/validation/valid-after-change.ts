// A document changed from one that passed a schema file is judged, where the schema's shape proves
// it the same, by the changed parts alone: a save changes one step's answers of a ~10 kB
// application, and checking all of schemas/application.json again on each save was its largest
// single check (issue 34). Generic: it reads the schemas' shape, never an answer's meaning.
//
// The argument. A file whose root only says "an object, no property but these" (type "object",
// additionalProperties false, properties, nothing that ties one property to another: no required,
// if, dependent*, unevaluated*, allOf...) accepts a document exactly when each of its properties'
// values passes that property's schema. A property whose schema only refers ($ref, annotations
// beside it) to another file passes exactly when that file's compiled validator passes it. So when
// `before` passed the file, `next` passes it exactly when each value of `next` that is not the very
// value `before` held passes its property's file, judged the same way in turn. Any other shape, a
// changed property without a file of its own, or a key the file does not list: the file's own
// validator judges the whole of `next` at that level, as before. Every validator is ajv's, compiled
// as made; only which of them run is chosen here.
import type { SchemaCompiler } from "./precompiled";
import { isObject } from "../base/objects";

type Validate = NonNullable<ReturnType<SchemaCompiler["getSchema"]>>;

interface FilePlan {
  validate: Validate;
  /** Property → the file its schema only refers to; null: the file's shape does not split. */
  parts: Map<string, string> | null;
}

// Keywords that say what a schema is, or that this set's ajv registers without any effect on
// what passes (engine/definitions/ajv.ts: tsType, sealed, legacyScalar).
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "tsType",
  "sealed",
  "legacyScalar",
]);
const ROOT = new Set(["type", "additionalProperties", "properties"]);

/** Each file's plan, per schema compiler (a definitions set's own). */
const plans = new WeakMap<SchemaCompiler, Map<string, FilePlan | null>>();

function planOf(ajv: SchemaCompiler, uri: string): FilePlan | null {
  let perAjv = plans.get(ajv);
  if (!perAjv) plans.set(ajv, (perAjv = new Map()));
  if (perAjv.has(uri)) return perAjv.get(uri)!;
  const validate = ajv.getSchema(uri);
  const plan = validate
    ? { validate, parts: partsOf(ajv, uri, (validate as { schema?: unknown }).schema) }
    : null;
  perAjv.set(uri, plan);
  return plan;
}

/** The properties of a file whose root splits, each with the file it refers to; null when the root does not split. */
function partsOf(ajv: SchemaCompiler, uri: string, schema: unknown): Map<string, string> | null {
  if (!isObject(schema) || schema.type !== "object" || schema.additionalProperties !== false) return null;
  if (!Object.keys(schema).every((key) => ROOT.has(key) || ANNOTATIONS.has(key))) return null;
  if (!isObject(schema.properties)) return null;
  const parts = new Map<string, string>();
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isObject(property) || typeof property.$ref !== "string" || property.$ref.includes("#")) continue;
    if (!Object.keys(property).every((k) => k === "$ref" || ANNOTATIONS.has(k))) continue;
    const target = new URL(property.$ref, uri).href;
    if (ajv.getSchema(target)) parts.set(key, target);
  }
  return parts;
}

/**
 * Whether `next` passes the schema file at `uri`, given that `before` passed it (the caller knows:
 * it checked it, or found it among the documents found valid). Judged by the changed parts alone
 * where the schema's shape allows (above); by the file's validator otherwise. On `false` the caller
 * runs the file's validator for its errors.
 */
export function passesAfterChange(ajv: SchemaCompiler, uri: string, before: unknown, next: unknown): boolean {
  if (next === before) return true;
  const plan = planOf(ajv, uri);
  if (!plan) throw new Error(`${uri} is missing`);
  if (!plan.parts || !isObject(before) || !isObject(next)) return plan.validate(next) as boolean;
  const keys = Object.keys(next);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = next[key];
    if (Object.hasOwn(before, key) && value === before[key]) continue; // the value that passed
    const file = plan.parts.get(key);
    // A key the file does not list, or a property with a schema of its own here: judged whole.
    if (file === undefined) return plan.validate(next) as boolean;
    if (!passesAfterChange(ajv, file, before[key], value)) return false;
  }
  return true;
}
