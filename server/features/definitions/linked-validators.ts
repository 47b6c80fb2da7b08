// Links the standalone code of a validator the definitions worker compiled (engine/ship/precompile.ts
// standaloneParts) to the helpers it requires, on the server thread: the same code the browser
// runs, made into functions here in milliseconds where compiling it with ajv takes up to a second.
import equal from "ajv/dist/runtime/equal";
import ucs2length from "ajv/dist/runtime/ucs2length";
import { fullFormats } from "ajv-formats/dist/formats";
import type { ValidateFunction } from "@engine/definitions/ajv";
import type { StandaloneParts } from "@engine/ship/precompile";
import { FORMATS_MODULE, formatDefinitions } from "@engine/validation/precompiled";

const functionOf = (imported: unknown): unknown =>
  typeof imported === "function" ? imported : (imported as { default?: unknown }).default;

const HELPERS: Record<string, unknown> = {
  "ajv/dist/runtime/equal": { default: functionOf(equal) },
  "ajv/dist/runtime/ucs2length": { default: functionOf(ucs2length) },
  [FORMATS_MODULE]: { ...fullFormats, ...formatDefinitions },
};

const require = (name: string) => {
  if (!Object.hasOwn(HELPERS, name))
    throw new Error(`a linked validator requires ${name}, which is not provided`);
  return HELPERS[name];
};

/** The validators of one module's code, by the URI of the schema each checks. */
export function linkStandalone(parts: StandaloneParts): Record<string, ValidateFunction> {
  const exports: Record<string, ValidateFunction> = {};
  // The code is ajv's own output for the definitions the worker checked, never request data.
  new Function("require", "exports", parts.code)(require, exports);
  return exports;
}
