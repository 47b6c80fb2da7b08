// An enumeration is written as `oneOf` of `const` branches, each with its label (`title`): the form
// shows the labels. ajv checks such a oneOf branch by branch, and with allErrors and verbose it
// makes an error object for every branch a valid value does not match (58 for a valid state) and
// then drops them: on a whole two-borrower application that was most of application.json's check,
// and the garbage it left. So the schemas ajv compiles check the value against the branches'
// values first (`if: {enum}`), and run the oneOf only for a value that is none of them (`else`).
// The same values pass; a value that fails gets the same oneOf and const errors as before, with the
// same titles and pointers, plus one `if` error at the same place, which no message reads (a
// pointer's message comes from its oneOf, engine/validation/messages.ts; meta-checks skip `if`).
// Only the copy given to ajv changes: the definitions (what the form, the linter and the types
// read) keep their oneOf. Generic: it knows keywords, never fields.

/** Keywords that say something about a branch but check nothing: a branch of only these and `const` is one value. */
const ANNOTATIONS = new Set(["title", "description", "readOnly", "writeOnly", "deprecated", "$comment"]);

type Schema = Record<string, unknown>;

const isSchemaObject = (value: unknown): value is Schema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The values of a oneOf whose every branch is one distinct JSON scalar (and annotations); null otherwise. */
function constValues(oneOf: unknown): unknown[] | null {
  if (!Array.isArray(oneOf) || oneOf.length < 2) return null;
  const values: unknown[] = [];
  for (const branch of oneOf) {
    if (!isSchemaObject(branch) || !Object.hasOwn(branch, "const")) return null;
    for (const key of Object.keys(branch)) if (key !== "const" && !ANNOTATIONS.has(key)) return null;
    const value = branch.const;
    if (value !== null && typeof value === "object") return null; // objects and lists: compared deeply by ajv
    values.push(value);
  }
  // Two equal branches make oneOf refuse that value (both match) where an enum would take it.
  return new Set(values).size === values.length ? values : null;
}

/** A schema whose oneOf is an enumeration, as ajv is to check it; null when it is not one (or has an `if` of its own). */
function guarded(schema: Schema): Schema | null {
  const values = constValues(schema.oneOf);
  if (!values || "if" in schema || "then" in schema || "else" in schema) return null;
  const { oneOf, ...rest } = schema;
  // The title goes with the oneOf: a message without the step's own label names the field by the
  // title of the schema its error came from.
  const labelled: Schema = { ...(typeof rest.title === "string" ? { title: rest.title } : {}), oneOf };
  return { ...rest, if: { enum: values }, else: labelled };
}

/** Whether `schema` is one this module made (so a second pass leaves its `else` as it is). */
function isGuard(schema: Schema): boolean {
  const ifSchema = schema.if;
  const elseSchema = schema.else;
  if (!isSchemaObject(ifSchema) || !isSchemaObject(elseSchema) || Object.keys(ifSchema).length !== 1)
    return false;
  const values = constValues(elseSchema.oneOf);
  const listed = ifSchema.enum;
  return (
    values !== null &&
    Array.isArray(listed) &&
    listed.length === values.length &&
    listed.every((v, i) => v === values[i])
  );
}

/** Keywords whose value is a value, not a schema: never walked (a default may hold anything). */
const VALUES = new Set(["const", "enum", "default", "examples"]);

/**
 * `schema` with every enumeration written as oneOf of consts guarded by an enum of its values, as
 * ajv is to compile it. Copies only the objects on the way to a changed one: the rest is shared,
 * and `schema` itself is left as it is.
 */
export function guardEnumerations<T>(schema: T): T {
  return guard(schema, new Map()) as T;
}

function guard(node: unknown, seen: Map<object, unknown>): unknown {
  if (node === null || typeof node !== "object") return node;
  if (seen.has(node)) return seen.get(node);
  seen.set(node, node); // a cycle (none in JSON files, but a caller's object may have one) stays as it is
  let out: unknown = node;
  if (Array.isArray(node)) {
    const items = node.map((item) => guard(item, seen));
    if (items.some((item, i) => item !== node[i])) out = items;
  } else {
    const object = node as Schema;
    let copy: Schema | null = null;
    const keepElse = isGuard(object);
    for (const [key, value] of Object.entries(object)) {
      if ((keepElse && key === "else") || VALUES.has(key)) continue;
      const next = guard(value, seen);
      // defineProperty, not assignment: a "__proto__" key must stay a plain key.
      if (next !== value)
        Object.defineProperty((copy ??= { ...object }), key, {
          value: next,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    const base = copy ?? object;
    out = (keepElse ? null : guarded(base)) ?? base;
  }
  seen.set(node, out);
  return out;
}
