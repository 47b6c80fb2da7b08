// npm run funnel:map [-- --out DIR] [--steps DIR --rules DIR]
// Writes the funnel map as Mermaid source (funnel-map.mmd) and an SVG (funnel-map.svg), by
// default to dist/docs/, and prints the paths it wrote.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildFunnelMap, renderMermaid, renderSvg } from "../funnel-map";
import { formatProblem } from "../lint";
import { loadDefinitions, REPO_ROOT } from "../load";

const { values } = parseArgs({ options: { out: { type: "string" }, steps: { type: "string" }, rules: { type: "string" } } });
const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error("\nfunnel:map: the definitions have problems; run npm run check");
  process.exit(1);
}

const out = resolve(values.out ?? join(REPO_ROOT, "dist/docs"));
mkdirSync(out, { recursive: true });
const map = buildFunnelMap(defs);
const files: [string, string][] = [["funnel-map.mmd", renderMermaid(map)], ["funnel-map.svg", renderSvg(map)]];
for (const [name, text] of files) {
  const path = join(out, name);
  writeFileSync(path, text);
  console.log(`${relative(process.cwd(), path) || path} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB)`);
}
const steps = map.nodes.filter((n) => n.kind === "step").length;
console.log(`funnel:map: ${steps} steps in ${map.groups.length} groups, ${map.edges.length} edges`);
