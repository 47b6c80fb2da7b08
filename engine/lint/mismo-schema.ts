// rules/mismo.json against the MISMO 3.4 schemas, each problem with its line and column (npm run check).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../base/paths";
import { positionOf } from "../base/json-positions";
import type { Definitions, Problem } from "../definitions/definitions";
import { mismoSchemaDir, readXsdIndex } from "../export/xsd-index";
import { checkXmlMappingAgainstXsd } from "./xml-map";

export function mismoSchemaProblems(
  defs: Definitions,
  rulesDir?: string,
): { dir: string | null; problems: Problem[] } {
  const dir = mismoSchemaDir(REPO_ROOT);
  if (!dir || !defs.ruleSets.has("mismo")) return { dir, problems: [] };
  const problems = checkXmlMappingAgainstXsd(defs, "mismo", readXsdIndex(dir));
  const file = defs.ruleSets.get("mismo")!.file;
  const text = readFileSync(join(rulesDir ?? join(REPO_ROOT, "rules"), file.replace(/^rules\//, "")), "utf8");
  return { dir, problems: problems.map((p) => ({ ...p, ...(positionOf(text, p.pointer) ?? {}) })) };
}
