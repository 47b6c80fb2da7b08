// Finds the JSON Schema that describes a field, following $ref across the files of schemas/ and
// the branches of anyOf/oneOf/allOf. Used by the linter (does this field exist?) and for labels.
import { BASE_URI } from "../base/uris";
import type { DefinitionFiles } from "./definitions";
import { splitPointer } from "../base/pointer";

export interface SchemaAt {
  schema: Record<string, unknown>;
  /** The URI relative $refs inside `schema` resolve against. */
  base: string;
  /** The whole document `schema` came from, for "#/..." refs. */
  doc: unknown;
}

/** The node a URI fragment (a JSON pointer, percent-encoded) names in a document. */
export function walkPointer(doc: unknown, fragment: string): unknown {
  let node = doc;
  for (const key of splitPointer(decodeURIComponent(fragment))) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function resolveRef(files: DefinitionFiles, at: SchemaAt, ref: string): SchemaAt | null {
  const url = new URL(ref, at.base);
  const fragment = url.hash.slice(1);
  url.hash = "";
  const uri = url.toString();
  let doc: unknown = at.doc;
  if (uri !== at.base) {
    if (!uri.startsWith(`${BASE_URI}schemas/`)) return null;
    doc = files.schemas[uri.slice(`${BASE_URI}schemas/`.length)];
  }
  const schema = fragment ? walkPointer(doc, fragment) : doc;
  return schema && typeof schema === "object"
    ? { schema: schema as Record<string, unknown>, base: uri, doc }
    : null;
}

/** The schema itself and every schema it stands for through $ref and combinators. */
export function expand(files: DefinitionFiles, at: SchemaAt, depth = 0): SchemaAt[] {
  if (depth > 20) return [at];
  const out: SchemaAt[] = [at];
  const { schema } = at;
  if (typeof schema.$ref === "string") {
    const target = resolveRef(files, at, schema.$ref);
    if (target) out.push(...expand(files, target, depth + 1));
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const b of branches)
        if (b && typeof b === "object")
          out.push(...expand(files, { ...at, schema: b as Record<string, unknown> }, depth + 1));
  }
  return out;
}

/** The schemas for one child: a property name, or an array index / "*" for items. */
function children(files: DefinitionFiles, at: SchemaAt, key: string): SchemaAt[] {
  const out: SchemaAt[] = [];
  for (const s of expand(files, at)) {
    const props = s.schema.properties as Record<string, unknown> | undefined;
    if (props && Object.hasOwn(props, key) && props[key] && typeof props[key] === "object")
      out.push({ ...s, schema: props[key] as Record<string, unknown> });
    if ((key === "*" || /^\d+$/.test(key)) && s.schema.items && typeof s.schema.items === "object")
      out.push({ ...s, schema: s.schema.items as Record<string, unknown> });
  }
  return out;
}

/** Every schema that could describe the field at `segments`; empty when no schema has that field. */
export function schemasAt(files: DefinitionFiles, root: SchemaAt, segments: string[]): SchemaAt[] {
  let current = [root];
  for (const key of segments) {
    current = current.flatMap((at) => children(files, at, key));
    if (current.length === 0) return [];
  }
  return current;
}

/** The property names a schema offers at `segments`, for "did you mean" suggestions. */
export function propertyNamesAt(files: DefinitionFiles, root: SchemaAt, segments: string[]): string[] {
  const names = new Set<string>();
  for (const at of schemasAt(files, root, segments))
    for (const s of expand(files, at))
      for (const name of Object.keys((s.schema.properties as object) ?? {})) names.add(name);
  return [...names];
}

export function schemaFile(files: DefinitionFiles, path: string): SchemaAt | null {
  const doc = files.schemas[path];
  return doc && typeof doc === "object"
    ? { schema: doc as Record<string, unknown>, base: `${BASE_URI}schemas/${path}`, doc }
    : null;
}

/**
 * The title the schemas give the field at `pointer` of the application document ("Current
 * address" for /coborrower/address), for words that name a changed answer without its value; the
 * nearest titled field above it, else null.
 */
export function fieldTitle(
  files: DefinitionFiles,
  pointer: string,
  path = "application.json",
): string | null {
  const root = schemaFile(files, path);
  if (!root) return null;
  const segments = splitPointer(pointer).map((s) => (/^\d+$/.test(s) ? "*" : s));
  for (let n = segments.length; n > 0; n--) {
    const title = schemasAt(files, root, segments.slice(0, n))
      .flatMap((at) => expand(files, at))
      .map((s) => s.schema.title)
      .find((t): t is string => typeof t === "string" && t !== "");
    if (title) return title;
  }
  return null;
}
