// The one validator factory: an Ajv instance that knows every schema of a definitions set and our
// formats. The browser and the server both build their validators here.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import ajvErrors from "ajv-errors";
import addFormats from "ajv-formats";
import { formats } from "./validators";

export const BASE_URI = "https://heloc.local/";

export type Ajv = InstanceType<typeof Ajv2020>;
export type { ErrorObject, ValidateFunction };

/** The URI a definition file is known by, e.g. `schemas/address.json`; relative `$ref`s resolve against it. */
export function uriOf(folder: "schemas" | "steps" | "rules", relativePath: string): string {
  return `${BASE_URI}${folder}/${relativePath}`;
}

export function createAjv(schemas: Record<string, unknown>): Ajv {
  // verbose: errors carry the failing schema, whose title names the field in messages.
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, allowUnionTypes: true });
  addFormats(ajv); // date-time, uri and the other standard formats; ours below replace email and date
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: "string", validate: check });
  ajvErrors(ajv);
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" }); // read by json-schema-to-typescript only
  ajv.addKeyword({ keyword: "sealed", schemaType: "boolean" }); // encrypted at rest (engine/sensitive.ts); no effect on validation
  ajv.addKeyword({ keyword: "legacyScalar", schemaType: "boolean" }); // a single value saved before this was a list is read as a list of one (engine/legacy-answers.ts)
  for (const [path, schema] of Object.entries(schemas)) {
    if (schema && typeof schema === "object") ajv.addSchema(schema as object, uriOf("schemas", path));
  }
  return ajv;
}
