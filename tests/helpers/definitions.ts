import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDefinitions, REPO_ROOT } from "../../engine/load";

/** The repository's definitions, loaded once per test file. */
export const repo = loadDefinitions();

/** A copy of steps/ and rules/ in a temporary folder, for tests that edit definitions. */
export function copyDefinitions(): { steps: string; rules: string; edit: (file: string, change: (json: any) => void) => void; write: (file: string, json: unknown) => void } {
  const dir = mkdtempSync(join(tmpdir(), "heloc-defs-"));
  const steps = join(dir, "steps");
  const rules = join(dir, "rules");
  cpSync(join(REPO_ROOT, "steps"), steps, { recursive: true });
  cpSync(join(REPO_ROOT, "rules"), rules, { recursive: true });
  const write = (file: string, json: unknown) => writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  const edit = (file: string, change: (json: any) => void) => {
    const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
    change(json);
    write(file, json);
  };
  return { steps, rules, edit, write };
}

export function loadCopy(copy: { steps: string; rules: string }) {
  return loadDefinitions({ steps: copy.steps, rules: copy.rules });
}
