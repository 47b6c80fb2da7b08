// The one validator factory: an Ajv instance that knows every schema of a definitions set and our
// formats. The server, the checks and the browser's development preview compile with it; the
// browser's funnel runs the code it compiled, generated as standalone modules (engine/ship/precompile.ts),
// so production pages never compile (no 'unsafe-eval' in their CSP).
import Ajv2020, { _, type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import ajvErrors from "ajv-errors";
import addFormats from "ajv-formats";
import { FORMATS_MODULE, formatDefinitions } from "../validation/precompiled.ts";
import { BASE_URI, uriOf } from "../base/uris.ts";
import { guardEnumerations } from "./enum-guard.ts";

export { BASE_URI, uriOf };

export type Ajv = InstanceType<typeof Ajv2020>;
export type { ErrorObject, ValidateFunction };

/**
 * `trusted`: the schemas were checked when the set was (npm run check): not checked against the
 * meta-schema again. `guard: false` compiles the schemas as written, without ./enum-guard.ts (the
 * test that holds the two to the same decisions compares against it).
 */
export function createAjv(schemas: Record<string, unknown>, { trusted = false, guard = true } = {}): Ajv {
  // verbose: errors carry the failing schema, whose title names the field in messages.
  // code.source keeps each validator's code, so the very code the server runs can be sent to the
  // browser (standaloneCode); code.formats is where that code finds the format checks (ours and
  // ajv-formats', engine/validation/precompiled.ts provides them).
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    verbose: true,
    allowUnionTypes: true,
    validateSchema: !trusted,
    code: { source: true, formats: _`require(${FORMATS_MODULE})` },
  });
  addFormats(ajv); // date-time, uri and the other standard formats; ours below replace email and date
  for (const [name, definition] of Object.entries(formatDefinitions)) ajv.addFormat(name, definition);
  ajvErrors(ajv);
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" }); // read by json-schema-to-typescript only
  ajv.addKeyword({ keyword: "sealed", schemaType: "boolean" }); // encrypted at rest (engine/validation/sensitive.ts); no effect on validation
  ajv.addKeyword({ keyword: "legacyScalar", schemaType: "boolean" }); // a single value saved before this was a list is read as a list of one (engine/definitions/legacy-answers.ts)
  // Every schema ajv compiles, a file's or one compiled on its own (a step's answers, a rule set's
  // input), checks an enumeration's values before its oneOf (./enum-guard.ts).
  const guarded = guard ? guardEnumerations : <T>(schema: T) => schema;
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: object, meta?: boolean) => compile(guarded(schema), meta)) as Ajv["compile"];
  for (const [path, schema] of Object.entries(schemas)) {
    if (schema && typeof schema === "object")
      ajv.addSchema(guarded(schema as object), uriOf("schemas", path));
  }
  return ajv;
}
