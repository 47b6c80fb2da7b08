// npm run format: rewrites every definition file (steps/, rules/, schemas/) in the canonical
// layout (engine/base/json-layout.ts). `--check` only lists the files that are not, and exits 1.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { definitionFiles } from "../definitions/load";
import { layoutDefinition } from "../base/json-layout";

const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
let changed = 0;
for (const { path } of definitionFiles()) {
  const text = readFileSync(path, "utf8");
  let formatted: string;
  try {
    formatted = layoutDefinition(JSON.parse(text));
  } catch {
    console.error(`${path}: is not valid JSON (npm run check says where); left as it is`);
    continue;
  }
  if (formatted === text) continue;
  changed++;
  if (values.check) console.error(`${path}: is not in the canonical layout`);
  else writeFileSync(path, formatted);
}
if (values.check && changed) {
  console.error(`format: ${changed} file${changed === 1 ? "" : "s"} to format: run npm run format`);
  process.exit(1);
}
console.log(
  values.check
    ? "format: every definition file is in the canonical layout"
    : `format: ${changed} file${changed === 1 ? "" : "s"} rewritten`,
);
