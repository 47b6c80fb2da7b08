// Generates engine/generated/schema-types.ts from schemas/*.json (with the questions steps
// declare, engine/definitions/step-fields.ts), so TypeScript types are never written a second time. The file
// is not committed: `npm run typecheck` and `npm run lint` write it first, and nobody runs this by
// hand after a definitions change.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { createAjv } from "../definitions/ajv";
import { buildDefinitions } from "../definitions/definitions";
import { readDefinitionFiles } from "../definitions/load";
import { REPO_ROOT } from "../base/paths";
import { mergeStepFields } from "../definitions/step-fields";

export const GENERATED_TYPES = join(REPO_ROOT, "engine/generated/schema-types.ts");
const SCHEMAS = join(REPO_ROOT, "schemas");

// Every file becomes a $defs entry of one root document, and every $ref is rewritten to point
// inside it, so each schema yields one named type (no "Address1" copies read again from disk).
// Titles name types, so only a file's root keeps its own: a field's title is its
// label ("Monthly payment"), and a const's title its option label, not a type of their own.
const defName = (file: string) => file.replace(/(\.schema)?\.json$/, "");

function internalize(node: unknown, file: string, keepTitle = true): unknown {
  if (Array.isArray(node)) return node.map((n) => internalize(n, file, false));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" && !keepTitle) continue;
    // Maps from names to schemas: the names are fields, not keywords, and are kept as they are.
    if (
      (key === "$defs" || key === "properties" || key === "patternProperties") &&
      value &&
      typeof value === "object"
    ) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, internalize(v, file, false)]));
      continue;
    }
    if (key === "$schema") continue;
    if (key === "$ref" && typeof value === "string") {
      const [target, fragment = ""] = value.split("#");
      out.$ref = `#/$defs/${defName(target ? target : file)}${fragment}`;
      continue;
    }
    out[key] = internalize(value, file, false);
  }
  return out;
}

/** The schemas of the repository's definitions, with the fields steps declare (a file that does not parse is left out: check names it). */
function definitionSchemas(): Record<string, unknown> {
  const { files } = readDefinitionFiles();
  const { defs } = buildDefinitions(files, { trusted: true, compiler: createAjv });
  return mergeStepFields(files, defs.steps.values()).schemas;
}

export async function generateTypes(): Promise<string> {
  const schemas = definitionSchemas();
  const $defs: Record<string, unknown> = {};
  for (const file of Object.keys(schemas).sort()) $defs[defName(file)] = internalize(schemas[file], file);
  // One root that holds every file, so refs between files become shared named types.
  const root = { title: "SchemaTypes", type: "object", $defs, additionalProperties: false };
  const ts = await compile(root as never, "SchemaTypes", {
    cwd: SCHEMAS,
    bannerComment:
      "/* Generated from schemas/*.json and the fields steps declare, by engine/cli/gen-types.ts (npm run typecheck runs it). Not committed; do not edit. */",
    unreachableDefinitions: true,
    additionalProperties: false,
    strictIndexSignatures: true,
    // A list's maxItems bounds a request's size; as a type it would become a union of tuples.
    ignoreMinAndMaxItems: true,
    format: true,
  });
  return ts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ts = await generateTypes();
  // Written only when it changes, so tsc's and editors' caches stay warm.
  if (!existsSync(GENERATED_TYPES) || readFileSync(GENERATED_TYPES, "utf8") !== ts) {
    mkdirSync(dirname(GENERATED_TYPES), { recursive: true });
    // Written beside and renamed: lint and typecheck may generate at once (npm test runs them in parallel).
    const partial = `${GENERATED_TYPES}.${process.pid}.tmp`;
    writeFileSync(partial, ts);
    renameSync(partial, GENERATED_TYPES);
    if (!process.argv.includes("--quiet")) console.log(`wrote ${GENERATED_TYPES}`);
  }
}
