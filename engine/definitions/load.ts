// Reads the definition folders from disk (Node only). Everything after reading is pure and also
// runs in the browser: see definitions.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { createAjv } from "./ajv";
import {
  buildDefinitions,
  compileSchemaFile,
  type DefinitionFiles,
  type Definitions,
  type Problem,
} from "./definitions";
import { layoutDefinition } from "../base/json-layout";
import { positionOf, syntaxErrorMessage, syntaxErrorPosition } from "../base/json-positions";
import { lint } from "../lint/lint";
import { mergeStepFields } from "./step-fields";

import { REPO_ROOT } from "../base/paths";

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

const FOLDERS = ["schemas", "steps", "rules"] as const;

/** Every definition file: its path on disk and its name as problems give it (`steps/name.json`). */
export function definitionFiles(dirs: DefinitionDirs = {}): { path: string; file: string }[] {
  return FOLDERS.flatMap((folder) => {
    const dir = dirs[folder] ?? join(REPO_ROOT, folder);
    return jsonFiles(dir).map((path) => ({
      path,
      file: `${folder}/${relative(dir, path).split(sep).join("/")}`,
    }));
  });
}

function readFolder(
  dir: string,
  folder: string,
  problems: Problem[],
  texts: Map<string, string>,
): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const full of jsonFiles(dir)) {
    const rel = relative(dir, full).split(sep).join("/");
    const file = `${folder}/${rel}`;
    let text: string;
    try {
      text = readFileSync(full, "utf8");
    } catch (error) {
      // Removed between the listing and the read (an editor saving): the next load sees the folder as it is.
      problems.push({
        file,
        pointer: "",
        message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
      });
      continue;
    }
    texts.set(file, text);
    try {
      files[rel] = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      problems.push({
        file,
        pointer: "",
        message: `is not valid JSON: ${syntaxErrorMessage(message)}`,
        ...(syntaxErrorPosition(text, message) ?? { line: 1, column: 1 }),
      });
    }
  }
  return files;
}

export interface ReadFiles {
  files: DefinitionFiles;
  problems: Problem[];
  /** Each file's text by its name (`steps/name.json`), for the line and column of a problem. */
  texts: Map<string, string>;
}

export function readDefinitionFiles(dirs: DefinitionDirs = {}): ReadFiles {
  const problems: Problem[] = [];
  const texts = new Map<string, string>();
  const files: DefinitionFiles = {
    schemas: readFolder(dirs.schemas ?? join(REPO_ROOT, "schemas"), "schemas", problems, texts),
    steps: readFolder(dirs.steps ?? join(REPO_ROOT, "steps"), "steps", problems, texts),
    rules: readFolder(dirs.rules ?? join(REPO_ROOT, "rules"), "rules", problems, texts),
  };
  return { files, problems, texts };
}

/** Each problem with the line and column its file has its pointer at (the nearest part the file has). */
export function withPositions(problems: Problem[], texts: Map<string, string>): Problem[] {
  return problems.map((p) => {
    if (p.line !== undefined) return p;
    const text = texts.get(p.file);
    const at = text === undefined ? null : positionOf(text, p.pointer);
    return at ? { ...p, ...at } : p;
  });
}

/** The definition files (valid JSON) whose text is not in the canonical layout (json-format.ts). */
export function unformattedFiles(dirs: DefinitionDirs = {}): Problem[] {
  return definitionFiles(dirs).flatMap(({ path, file }) => {
    const text = readFileSync(path, "utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return []; // reported by the reader
    }
    return layoutDefinition(value) === text
      ? []
      : [{ file, pointer: "", message: "is not in the canonical layout: run npm run format" }];
  });
}

/**
 * The schema files ajv refuses to compile in strict mode (a `required` naming no property, an
 * unknown keyword): they are compiled only when first used, so without this a mistake in an API
 * input would reach the server and fail every request that reads it.
 */
export function uncompilableSchemas(defs: Definitions, dirs: DefinitionDirs = {}): Problem[] {
  return definitionFiles(dirs)
    .filter(({ file }) => file.startsWith("schemas/"))
    .flatMap(({ file }) => {
      try {
        compileSchemaFile(defs, file.slice("schemas/".length));
        return [];
      } catch (error) {
        return [{ file, pointer: "", message: `does not compile: ${(error as Error).message}` }];
      }
    });
}

/**
 * Reads and builds the definitions; `problems` lists everything the linter found, each with its
 * line and column. A file that is not JSON is the only problem said: what the other files would
 * say about it missing (unknown steps, unreachable ones) would mislead.
 */
export function loadDefinitions(dirs: DefinitionDirs = {}) {
  const { files, problems, texts } = readDefinitionFiles(dirs);
  const built = buildDefinitions(files, { lint, mergeFields: mergeStepFields, compiler: createAjv });
  return { ...built, problems: problems.length ? problems : withPositions(built.problems, texts) };
}
