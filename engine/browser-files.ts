// What of a definitions set the browser is sent: every step and flow, every rule set, and the
// schemas those reach by `$ref` (the answers' schemas, enumerations, common definitions). Left
// out: the rule sets' worked examples (*.cases.json, read by the tests and the rule book) and the
// schemas nothing the browser builds reaches (the definition files' own meta-schemas, the API's
// input schemas), about a fifth of the bundle. Pure: no I/O.
import type { DefinitionFiles } from "./definitions";

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

export function browserFiles(files: DefinitionFiles): DefinitionFiles {
  const rules = Object.fromEntries(Object.entries(files.rules).filter(([path]) => !isCases(path)));
  const roots: [string, unknown][] = [
    ...Object.entries(files.steps).map(([path, json]): [string, unknown] => [`steps/${path}`, json]),
    ...Object.entries(rules).map(([path, json]): [string, unknown] => [`rules/${path}`, json]),
  ];
  const reached = reachedSchemas(files, roots);
  return { schemas: Object.fromEntries(Object.entries(files.schemas).filter(([path]) => reached.has(path))), steps: files.steps, rules };
}
