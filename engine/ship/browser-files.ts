// What of a definitions set the browser is sent: every step and flow, every rule set, and the
// schemas those reach by `$ref` (the answers' schemas, enumerations, common definitions). Left
// out: the rule sets' worked examples (*.cases.json, read by the tests and the rule book), the
// schemas nothing the browser builds reaches (the definition files' own meta-schemas, the API's
// input schemas), and the words written for reviewers and developers, not applicants: a rule set's,
// fact's and rule's description (the rule book's; the browser's decisions carry an empty reason),
// a flow's and its variants' descriptions,
// and a schema's description, $comment and examples (engine/react/README.md: never shown); and the
// wording experiments (rules/experiments.json): the server words an assigned reader's step itself,
// so no arm's strings reach a browser that is not in that arm. Pure: no I/O.
import type { DefinitionFiles } from "../definitions/definitions";
import { isObject } from "../base/objects";
import { EXPERIMENTS_FILE } from "../funnel/experiments";

const isCases = (path: string) => path.endsWith(".cases.json");

/** The folder part of a file's path in the definitions tree (`steps/application/`), for resolving relative refs. */
const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/") + 1);

/** Paths under schemas/ that `node` reaches by `$ref`, followed through the schemas they name. */
function reachedSchemas(files: DefinitionFiles, roots: [file: string, json: unknown][]): Set<string> {
  const reached = new Set<string>();
  const visit = (node: unknown, from: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, from));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && !value.startsWith("#")) {
        const path = new URL(value.split("#")[0]!, `https://definitions/${folderOf(from)}`).pathname.slice(1);
        if (!path.startsWith("schemas/")) continue;
        const name = path.slice("schemas/".length);
        if (reached.has(name) || !(name in files.schemas)) continue;
        reached.add(name);
        visit(files.schemas[name], path);
      } else visit(value, from);
    }
  };
  for (const [file, json] of roots) visit(json, file);
  return reached;
}

/** Keywords whose value is one subschema, a list of them, or a map of names to them. */
const ONE = new Set([
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
const LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const MAP = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]);
const NOTES = new Set(["description", "$comment", "examples"]);

/** A schema without its notes, walked by keyword: a property named "description" stays. */
function withoutNotes(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOTES.has(key)) continue;
    if (ONE.has(key)) out[key] = withoutNotes(value);
    else if (LIST.has(key) && Array.isArray(value)) out[key] = value.map(withoutNotes);
    else if (MAP.has(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, withoutNotes(v)]));
    else out[key] = value;
  }
  return out;
}

/** A rule set without its reviewers' descriptions (its params, logic and outputs as they are). */
function withoutDescriptions(ruleSet: unknown): unknown {
  if (!isObject(ruleSet)) return ruleSet;
  const described = (items: unknown) =>
    Array.isArray(items)
      ? items.map((item) => (isObject(item) && "description" in item ? { ...item, description: "" } : item))
      : items;
  return {
    ...ruleSet,
    ...("description" in ruleSet ? { description: "" } : {}),
    ...("facts" in ruleSet ? { facts: described(ruleSet.facts) } : {}),
    ...("rules" in ruleSet ? { rules: described(ruleSet.rules) } : {}),
    ...("input" in ruleSet ? { input: withoutNotes(ruleSet.input) } : {}),
  };
}

/** A flow without its reviewers' descriptions (its own and its variants'): the progress walks only its steps. */
function flowWithoutDescriptions(flow: unknown): unknown {
  if (!isObject(flow)) return flow;
  return {
    ...flow,
    ...("description" in flow ? { description: "" } : {}),
    ...(Array.isArray(flow.variants)
      ? {
          variants: flow.variants.map((v: unknown) =>
            isObject(v) && "description" in v ? { ...v, description: "" } : v,
          ),
        }
      : {}),
  };
}

export function browserFiles(files: DefinitionFiles): DefinitionFiles {
  const rules = Object.fromEntries(
    Object.entries(files.rules)
      .filter(([path]) => !isCases(path) && path !== EXPERIMENTS_FILE)
      .map(([path, json]) => [path, withoutDescriptions(json)]),
  );
  const roots: [string, unknown][] = [
    ...Object.entries(files.steps).map(([path, json]): [string, unknown] => [`steps/${path}`, json]),
    ...Object.entries(rules).map(([path, json]): [string, unknown] => [`rules/${path}`, json]),
  ];
  const reached = reachedSchemas(files, roots);
  return {
    schemas: Object.fromEntries(
      Object.entries(files.schemas)
        .filter(([path]) => reached.has(path))
        .map(([path, json]) => [path, withoutNotes(json)]),
    ),
    steps: Object.fromEntries(
      Object.entries(files.steps).map(([path, json]) => [
        path,
        path.startsWith("flows/") ? flowWithoutDescriptions(json) : json,
      ]),
    ),
    rules,
  };
}
