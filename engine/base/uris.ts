// The URIs definition files are known by: `$ref`s between them resolve against these. Imports
// nothing, so the browser reads them without loading the schema compiler (engine/definitions/ajv.ts).
export const BASE_URI = "https://heloc.local/";

/** The URI a definition file is known by, e.g. `schemas/address.json`; relative `$ref`s resolve against it. */
export function uriOf(folder: "schemas" | "steps" | "rules", relativePath: string): string {
  return `${BASE_URI}${folder}/${relativePath}`;
}
