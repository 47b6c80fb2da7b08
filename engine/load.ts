// Reads the definition folders from disk (Node only). Everything after reading is pure and also
// runs in the browser: see definitions.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { buildDefinitions, type DefinitionFiles, type Problem } from "./definitions";

import { REPO_ROOT } from "./paths";

export { REPO_ROOT };

export interface DefinitionDirs {
  steps?: string;
  rules?: string;
  schemas?: string;
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...jsonFiles(full));
    else if (name.endsWith(".json")) out.push(full);
  }
  return out;
}

function readFolder(dir: string, folder: string, problems: Problem[]): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const full of jsonFiles(dir)) {
    const rel = relative(dir, full).split(sep).join("/");
    try {
      files[rel] = JSON.parse(readFileSync(full, "utf8"));
    } catch (error) {
      problems.push({ file: `${folder}/${rel}`, pointer: "", message: `is not valid JSON: ${(error as Error).message}` });
    }
  }
  return files;
}

export function readDefinitionFiles(dirs: DefinitionDirs = {}): { files: DefinitionFiles; problems: Problem[] } {
  const problems: Problem[] = [];
  const files: DefinitionFiles = {
    schemas: readFolder(dirs.schemas ?? join(REPO_ROOT, "schemas"), "schemas", problems),
    steps: readFolder(dirs.steps ?? join(REPO_ROOT, "steps"), "steps", problems),
    rules: readFolder(dirs.rules ?? join(REPO_ROOT, "rules"), "rules", problems),
  };
  return { files, problems };
}

/** Reads and builds the definitions; `problems` lists everything the linter found. */
export function loadDefinitions(dirs: DefinitionDirs = {}) {
  const { files, problems } = readDefinitionFiles(dirs);
  const built = buildDefinitions(files);
  return { ...built, problems: [...problems, ...built.problems] };
}
