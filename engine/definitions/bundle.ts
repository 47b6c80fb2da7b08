// Makes a step's answer schema self-contained: every `$ref` into schemas/ (and every local
// "#/..." ref of a referenced file) is replaced by the schema it points to, so a consumer that
// resolves only local refs (the form renderer) sees the whole schema. Pure, no DOM, no I/O.
//
// Rules:
// - A `$ref` with sibling keywords (`{"$ref": "common.json#/$defs/text", "title": "City"}`) becomes
//   the target with the siblings laid over it when they only annotate it or add keywords the
//   target lacks; when a sibling constrains a keyword the target also constrains differently, the
//   result is `allOf: [target, siblings]` so no constraint is lost (JSON Schema 2020-12 reads
//   `$ref` and its siblings as a conjunction).
// - `$schema`, `$id`, `$defs` and `definitions` of inlined documents are dropped (nothing points
//   into them any more).
// - A recursive reference (a schema that contains itself) is not inlined forever: its target is
//   kept once under the bundle's root `$defs` and referenced locally (`#/$defs/<name>`).
// - An unresolvable `$ref` throws: a linted definitions set never has one.
import { BASE_URI } from "../base/uris";
import { stepSchemaUri, type DefinitionFiles, type Definitions } from "./definitions";
import { walkPointer } from "./schema-walk";
import { isObject } from "../base/objects";

export type JsonSchema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "contentSchema",
]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "dependentSchemas"]);
/** Keywords of an inlined document that mean nothing once it is inlined. */
const DROPPED_KEYWORDS = new Set(["$schema", "$id", "$defs", "definitions"]);
/** Keywords that describe rather than constrain: a sibling of `$ref` may override these. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "sealed",
  "legacyScalar",
  "tsType",
]);

interface At {
  /** The absolute URI of the document the schema sits in (no fragment). */
  base: string;
  doc: unknown;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** A readable `$defs` name for a recursive target, e.g. `schemas/address.json#/properties/x` → `address.json~properties~x`. */
function defName(uri: string): string {
  return (
    uri
      .replace(BASE_URI, "")
      .replace(/^schemas\//, "")
      .replace(/#\/?/, "~")
      .replace(/\//g, "~") || "root"
  );
}

/**
 * Bundles `schema`, found at `base` (an absolute URI under BASE_URI such as
 * `https://heloc.local/steps/application/employment-history.json`), against the schema files of a
 * definitions set.
 */
export function bundleSchema(files: DefinitionFiles, schema: JsonSchema, base: string): JsonSchema {
  const defs: Record<string, unknown> = {};

  const resolve = (ref: string, at: At): { key: string; schema: unknown; at: At } => {
    const url = new URL(ref, at.base);
    const fragment = url.hash.slice(1);
    url.hash = "";
    const uri = url.toString();
    let doc: unknown;
    if (uri === at.base) doc = at.doc;
    else if (uri.startsWith(`${BASE_URI}schemas/`))
      doc = files.schemas[uri.slice(`${BASE_URI}schemas/`.length)];
    const target = doc === undefined ? undefined : fragment ? walkPointer(doc, fragment) : doc;
    if (target === undefined || (typeof target !== "boolean" && !isObject(target)))
      throw new Error(`cannot resolve $ref "${ref}" from ${at.base}`);
    return { key: `${uri}#${fragment}`, schema: target, at: { base: uri, doc } };
  };

  const inlineRef = (node: Record<string, unknown>, at: At, stack: string[]): unknown => {
    const { $ref, ...rest } = node;
    const siblings = inlineKeywords(rest, at, stack);
    const target = resolve(String($ref), at);
    let resolved: unknown;
    if (stack.includes(target.key)) {
      const name = defName(target.key);
      if (!(name in defs)) {
        defs[name] = true; // placeholder while the definition itself is bundled
        defs[name] = inline(target.schema, target.at, [target.key]);
      }
      resolved = { $ref: `#/$defs/${name}` };
    } else {
      resolved = inline(target.schema, target.at, [...stack, target.key]);
    }
    if (Object.keys(siblings).length === 0) return resolved;
    if (!isObject(resolved) || "$ref" in resolved) return { ...siblings, allOf: [resolved] };
    const conflicts = Object.keys(siblings).filter(
      (k) => !ANNOTATIONS.has(k) && k in resolved && !sameJson(resolved[k], siblings[k]),
    );
    if (conflicts.length === 0) return { ...resolved, ...siblings };
    const annotations = Object.fromEntries(Object.entries(siblings).filter(([k]) => ANNOTATIONS.has(k)));
    const constraints = Object.fromEntries(Object.entries(siblings).filter(([k]) => !ANNOTATIONS.has(k)));
    return { ...annotations, allOf: [resolved, constraints] };
  };

  const inlineKeywords = (
    node: Record<string, unknown>,
    at: At,
    stack: string[],
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key)) continue;
      if (SCHEMA_KEYWORDS.has(key))
        out[key] = Array.isArray(value) ? value.map((v) => inline(v, at, stack)) : inline(value, at, stack);
      else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value))
        out[key] = value.map((v) => inline(v, at, stack));
      else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value))
        out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, inline(v, at, stack)]));
      else out[key] = value; // data (const, enum, default...) and plain keywords are copied as they are
    }
    return out;
  };

  function inline(node: unknown, at: At, stack: string[]): unknown {
    if (!isObject(node)) return node; // true/false schemas
    if (typeof node.$ref === "string") return inlineRef(node, at, stack);
    return inlineKeywords(node, at, stack);
  }

  const bundled = inline(schema, { base, doc: schema }, []) as JsonSchema;
  return Object.keys(defs).length === 0 ? bundled : { ...bundled, $defs: defs };
}

const bundles = new WeakMap<Definitions, Map<string, JsonSchema>>();

/**
 * The answer schema of a step with every external `$ref` inlined, memoized per definitions set
 * and step. The result is shared: treat it as read-only.
 */
export function bundleStepSchema(defs: Definitions, stepId: string): JsonSchema {
  let perStep = bundles.get(defs);
  if (!perStep) bundles.set(defs, (perStep = new Map()));
  let bundled = perStep.get(stepId);
  if (!bundled) {
    const located = defs.steps.get(stepId);
    if (!located) throw new Error(`unknown step "${stepId}"`);
    bundled = bundleSchema(defs.files, located.def.schema as JsonSchema, stepSchemaUri(located.file));
    perStep.set(stepId, bundled);
  }
  return bundled;
}
