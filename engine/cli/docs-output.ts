// What the document-writing commands (funnel:map, rules:book) share: the definitions from the
// --steps/--rules folders (refused while they have problems) and writing files to --out (dist/docs/).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Definitions } from "../definitions/definitions";
import { formatProblem } from "../lint/lint";
import { loadDefinitions, REPO_ROOT } from "../definitions/load";

/** The definitions the command reads; exits 1 with the problems when there are any. */
export function definitionsFor(command: string): { defs: Definitions; out: string } {
  const { values } = parseArgs({
    options: { out: { type: "string" }, steps: { type: "string" }, rules: { type: "string" } },
  });
  const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
  if (problems.length) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`\n${command}: the definitions have problems; run npm run check`);
    process.exit(1);
  }
  return { defs, out: resolve(values.out ?? join(REPO_ROOT, "dist/docs")) };
}

/** Writes each [file name, text] into `out` and prints its path and size. */
export function writeDocs(out: string, files: readonly (readonly [string, string])[]): void {
  mkdirSync(out, { recursive: true });
  for (const [name, text] of files) {
    const path = join(out, name);
    writeFileSync(path, text);
    console.log(
      `${relative(process.cwd(), path) || path} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB)`,
    );
  }
}
