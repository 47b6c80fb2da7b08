// Reads the definition folders from disk (Node only). Everything after reading is pure and also
// runs in the browser: see definitions.ts. A set is every file of schemas/, steps/, rules/ (the
// JSON the engine interprets), content/ (the texts the server serves and mails) and journeys/ (the
// worked journeys npm run check walks); its version is the hash of all of their texts.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
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
  /** Texts: disclosures, mail, pages (content/). */
  content?: string;
  /** Worked journeys (journeys/). */
  journeys?: string;
}

/** The folders of a set, in the order they are read. */
export const SET_FOLDERS = ["schemas", "steps", "rules", "content", "journeys"] as const;
export type SetFolder = (typeof SET_FOLDERS)[number];

/** Where a folder of the set is: the one given, else the repository's. */
export const folderOf = (dirs: DefinitionDirs, folder: SetFolder) => dirs[folder] ?? join(REPO_ROOT, folder);

/** Texts of content/ a set carries: Markdown and JSON (images and the like are the web build's). */
const TEXT_FILE = /\.(md|json)$/;

function filesIn(dir: string, wanted: RegExp = /\.json$/): string[] {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return out; // a set without journeys/
    throw error;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    // The entry's type needs no stat of its own, except a link, which is followed.
    const isDir = entry.isSymbolicLink() ? statSync(full).isDirectory() : entry.isDirectory();
    if (isDir) out.push(...filesIn(full, wanted));
    else if (wanted.test(entry.name)) out.push(full);
  }
  return out;
}
const jsonFiles = (dir: string) => filesIn(dir);

const FOLDERS = ["schemas", "steps", "rules", "journeys"] as const;

/** Every definition file in JSON: its path on disk and its name as problems give it (`steps/name.json`). */
export function definitionFiles(dirs: DefinitionDirs = {}): { path: string; file: string }[] {
  return FOLDERS.flatMap((folder) => {
    const dir = dirs[folder] ?? join(REPO_ROOT, folder);
    return jsonFiles(dir).map((path) => ({
      path,
      file: `${folder}/${relative(dir, path).split(sep).join("/")}`,
    }));
  });
}

/** Every file of the set, JSON and texts: path on disk, name (`content/mail/offer.md`). */
export function setFiles(dirs: DefinitionDirs = {}): { path: string; file: string }[] {
  return SET_FOLDERS.flatMap((folder) => {
    const dir = folderOf(dirs, folder);
    return filesIn(dir, folder === "content" ? TEXT_FILE : /\.json$/).map((path) => ({
      path,
      file: `${folder}/${relative(dir, path).split(sep).join("/")}`,
    }));
  });
}

/** A set's version: SHA-256 of every file's name and text (12 hex characters); any saved change moves it. */
export function versionOfTexts(texts: ReadonlyMap<string, string>): string {
  const hash = createHash("sha256");
  for (const name of [...texts.keys()].sort()) hash.update(`${name}\0`).update(texts.get(name)!).update("\0");
  return hash.digest("hex").slice(0, 12);
}

/** The texts of content/ and journeys/ (the JSON folders are read by readDefinitionFiles). */
function readTexts(dirs: DefinitionDirs, texts: Map<string, string>, problems: Problem[]) {
  for (const folder of ["content", "journeys"] as const) {
    const dir = folderOf(dirs, folder);
    if (!existsSync(dir)) continue;
    for (const full of filesIn(dir, folder === "content" ? TEXT_FILE : /\.json$/)) {
      const file = `${folder}/${relative(dir, full).split(sep).join("/")}`;
      try {
        texts.set(file, readFileSync(full, "utf8"));
      } catch (error) {
        problems.push({
          file,
          pointer: "",
          message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
        });
      }
    }
  }
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
  readTexts(dirs, texts, problems);
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
  built.defs.texts = texts;
  return { ...built, problems: problems.length ? problems : withPositions(built.problems, texts) };
}
