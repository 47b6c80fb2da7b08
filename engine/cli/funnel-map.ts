// npm run funnel:map [-- --out DIR] [--steps DIR --rules DIR]
// Writes the funnel map as Mermaid source (funnel-map.mmd) and an SVG (funnel-map.svg), by
// default to dist/docs/, and prints the paths it wrote.
import { buildFunnelMap, renderMermaid, renderSvg } from "../explain/funnel-map";
import { definitionsFor, writeDocs } from "./docs-output";

const { defs, out } = definitionsFor("funnel:map");
const map = buildFunnelMap(defs);
writeDocs(out, [
  ["funnel-map.mmd", renderMermaid(map)],
  ["funnel-map.svg", renderSvg(map)],
]);
const steps = map.nodes.filter((n) => n.kind === "step").length;
console.log(`funnel:map: ${steps} steps in ${map.groups.length} groups, ${map.edges.length} edges`);
