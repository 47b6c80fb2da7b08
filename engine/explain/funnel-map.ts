// The funnel as a map: every flow variant's steps in order with rank and label, every `next`
// branch, every skipWhen, and the pages the rules can send an applicant to. One graph model, two
// renderings: Mermaid source (for docs and review) and an SVG drawn here with a simple layered
// layout (a column per flow, steps top to bottom), so no browser or Mermaid CLI is needed.
import type { Definitions, Step } from "../definitions/definitions";
import { describeLogic, stepWords } from "./describe-logic";
import { operatorOf } from "../logic/operators";

export type NodeKind = "step" | "router" | "page";
export type EdgeKind = "flow" | "branch" | "skip" | "rule";

export interface MapNode {
  id: string;
  kind: NodeKind;
  /** What the box says, e.g. "Employment History · 16". */
  label: string;
  /** A longer explanation (the route, the step id), shown as a tooltip. */
  detail: string;
  group: string;
  /** A step no flow lists, reached by a branch: drawn beside its flow's line. */
  side?: boolean;
  stepId?: string;
  rank?: number;
  route?: string;
}

export interface MapEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  label?: string;
  detail?: string;
}

export interface MapGroup {
  id: string;
  title: string;
  /** Node ids, top to bottom. */
  nodes: string[];
}

export interface FunnelMap {
  groups: MapGroup[];
  nodes: MapNode[];
  edges: MapEdge[];
}

const OUTCOMES = "outcomes";
const LINKED = "linked";

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");

/** The pages a `goto` logic can name: `{"var": "rules.<set>.<output>.<key>"}` read in the rule set's literal outputs. */
export function pagesNamedBy(defs: Definitions, goto: unknown): { page: string; ruleId: string }[] {
  if (operatorOf(goto) !== "var") return [];
  const raw = (goto as { var: unknown }).var;
  const path = Array.isArray(raw) ? raw[0] : raw;
  if (typeof path !== "string") return [];
  const [head, setId = "", output, ...keys] = path.split(".");
  const set = defs.ruleSets.get(setId)?.def;
  if (head !== "rules" || !set || !output) return [];
  const found: { page: string; ruleId: string }[] = [];
  for (const rule of set.rules ?? []) {
    if (rule.output !== output) continue;
    let value: unknown = keys.length === 0 ? rule.value : rule.emit;
    for (const key of keys)
      value =
        value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string" && value !== "") found.push({ page: value, ruleId: rule.id });
  }
  return found;
}

/** Flow variants merged into one top-to-bottom order: the first variant, then what others add, after their predecessor. */
function mergedOrder(variants: { steps: string[] }[]): string[] {
  const order = [...(variants[0]?.steps ?? [])];
  for (const variant of variants.slice(1))
    variant.steps.forEach((id, i) => {
      if (order.includes(id)) return;
      const before = i > 0 ? order.indexOf(variant.steps[i - 1]!) : -1;
      order.splice(before + 1, 0, id);
    });
  return order;
}

export function buildFunnelMap(defs: Definitions): FunnelMap {
  const nodes = new Map<string, MapNode>();
  const edges = new Map<string, MapEdge>();
  const stepRoutes = new Map([...defs.steps.values()].map(({ def }) => [def.route, def.id]));
  const rankOf = (id: string) => defs.steps.get(id)?.def.rank ?? 0;
  const addEdge = (edge: MapEdge) => {
    const key = `${edge.kind} ${edge.from} ${edge.to}`;
    const seen = edges.get(key);
    if (!seen) edges.set(key, edge);
    else if (edge.label && seen.label && !seen.label.split(", ").includes(edge.label))
      seen.label = `${seen.label}, ${edge.label}`;
  };
  const stepNode = (step: Step, group: string, side = false): MapNode => ({
    id: step.id,
    kind: "step",
    label: `${step.label} · ${step.rank}`,
    detail: `${step.id} · ${step.route}`,
    group,
    side,
    stepId: step.id,
    rank: step.rank,
    route: step.route,
  });
  const groups: MapGroup[] = [];

  // One group per flow, in funnel order (by the rank of each flow's first step). A member's flow
  // (answeredBy: the co-borrower's) walks steps of the application again, on their part: not drawn.
  const flows = [...defs.flows.values()]
    .map(({ def }) => def)
    .filter((flow) => flow.answeredBy === undefined)
    .sort(
      (a, b) =>
        Math.min(...a.variants.flatMap((v) => v.steps.map(rankOf))) -
          Math.min(...b.variants.flatMap((v) => v.steps.map(rankOf))) || a.id.localeCompare(b.id),
    );
  for (const flow of flows) {
    const group: MapGroup = {
      id: `flow_${slug(flow.id)}`,
      title: `${flow.id} (${flow.variants.map((v) => v.id).join(", ")})`,
      nodes: [],
    };
    groups.push(group);
    for (const id of mergedOrder(flow.variants)) {
      const step = defs.steps.get(id)?.def;
      if (!step || nodes.has(id)) continue;
      nodes.set(id, stepNode(step, group.id));
      group.nodes.push(id);
    }
    for (const variant of flow.variants)
      variant.steps.forEach((id, i) => {
        const next = variant.steps[i + 1];
        if (!next) return;
        // An edge every variant has needs no label; one only some have names its variant.
        const shared = flow.variants.every(
          (v) => v.steps.includes(id) && v.steps.indexOf(next) === v.steps.indexOf(id) + 1,
        );
        addEdge({
          from: id,
          to: next,
          kind: "flow",
          ...(shared ? {} : { label: variant.id }),
          detail: `${flow.id} (${variant.id}): ${id} → ${next}`,
        });
        const skipped = defs.steps.get(next)?.def;
        const after = variant.steps[i + 2];
        if (skipped?.skipWhen !== undefined && after)
          addEdge({
            from: id,
            to: after,
            kind: "skip",
            label: `skips ${skipped.label}`,
            detail: `${skipped.label} is passed over when ${describeLogic(skipped.skipWhen, stepWords(defs, skipped.id))}`,
          });
      });
  }

  // Branches: steps no flow lists join the group of the step that branches to them, beside its line.
  const outcome = (node: MapNode) => {
    if (!nodes.has(node.id)) nodes.set(node.id, node);
    return node.id;
  };
  const pageNode = (page: string) =>
    outcome({
      id: `page_${slug(page)}`,
      kind: "page",
      label: page,
      detail: `page ${page}`,
      group: OUTCOMES,
      route: page,
    });
  const placed = (id: string) => nodes.get(id)?.kind === "step";
  const queue = [...nodes.keys()];
  while (queue.length) {
    const from = queue.shift()!;
    const step = defs.steps.get(from)?.def;
    const group = groups.find((g) => g.id === nodes.get(from)?.group);
    step?.next?.forEach((branch) => {
      const detail = `${branch.description ?? branch.id}${branch.when === undefined ? "" : ` — when ${describeLogic(branch.when, stepWords(defs, step.id))}`}`;
      if (typeof branch.goto !== "string") {
        const name =
          operatorOf(branch.goto) === "var"
            ? String((branch.goto as { var: unknown }).var)
            : `logic ${JSON.stringify(branch.goto)}`;
        const router = outcome({
          id: `goto_${slug(name)}`,
          kind: "router",
          label: `Page named by ${name}`,
          detail: `the page the logic ${JSON.stringify(branch.goto)} names`,
          group: OUTCOMES,
        });
        addEdge({ from, to: router, kind: "branch", label: branch.id, detail });
        for (const { page, ruleId } of pagesNamedBy(defs, branch.goto))
          addEdge({
            from: router,
            to: stepRoutes.has(page) ? stepRoutes.get(page)! : pageNode(page),
            kind: "rule",
            label: ruleId,
            detail: `rule ${ruleId} names ${page}`,
          });
        return;
      }
      const targetId = branch.goto.startsWith("/") ? stepRoutes.get(branch.goto) : branch.goto;
      const target = targetId ? defs.steps.get(targetId)?.def : undefined;
      if (!target)
        return void addEdge({ from, to: pageNode(branch.goto), kind: "branch", label: branch.id, detail });
      if (!placed(target.id) && group) {
        nodes.set(target.id, stepNode(target, group.id, true));
        const at = group.nodes.findLastIndex((id) => (nodes.get(id)?.rank ?? 0) <= target.rank);
        group.nodes.splice(at + 1, 0, target.id);
        queue.push(target.id);
      }
      addEdge({ from, to: target.id, kind: "branch", label: branch.id, detail });
    });
  }

  // Pages without a step (the ineligible pages) are end nodes, whether or not a rule names them.
  for (const page of defs.funnel.pages) if (!stepRoutes.has(page)) pageNode(page);
  const outcomes = [...nodes.values()]
    .filter((n) => n.group === OUTCOMES)
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "router" ? -1 : 1));
  if (outcomes.length)
    groups.push({ id: OUTCOMES, title: "Pages without a step", nodes: outcomes.map((n) => n.id) });

  // Steps reached neither by a flow nor by a branch (the summary, the FAQ: reached by links).
  const linked = [...defs.steps.values()]
    .map(({ def }) => def)
    .filter((s) => !nodes.has(s.id))
    .sort((a, b) => a.rank - b.rank);
  if (linked.length) {
    groups.push({ id: LINKED, title: "Reached by links", nodes: linked.map((s) => s.id) });
    for (const s of linked) nodes.set(s.id, stepNode(s, LINKED));
  }
  return { groups, nodes: [...nodes.values()], edges: [...edges.values()] };
}

// ---------------------------------------------------------------- Mermaid

const RESERVED = new Set([
  "end",
  "graph",
  "flowchart",
  "subgraph",
  "style",
  "class",
  "classDef",
  "click",
  "linkStyle",
  "direction",
  "default",
]);
const mermaidId = (id: string) =>
  RESERVED.has(id) || !/^[A-Za-z][A-Za-z0-9_]*$/.test(id) ? `n_${slug(id)}` : id;
const mermaidText = (text: string) =>
  `"${text.replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;")}"`;
const SHAPES: Record<NodeKind, [string, string]> = {
  step: ["[", "]"],
  router: ["{{", "}}"],
  page: ["([", "])"],
};
const ARROWS: Record<EdgeKind, string> = { flow: "-->", branch: "==>", skip: "-.->", rule: "-->" };

export function renderMermaid(map: FunnelMap): string {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const lines = [
    "%% The funnel map: generated from steps/ and rules/ by npm run funnel:map. Do not edit.",
    "flowchart TB",
  ];
  for (const group of map.groups) {
    lines.push(
      `  subgraph ${mermaidId(`group_${group.id}`)}[${mermaidText(group.title)}]`,
      "    direction TB",
    );
    for (const id of group.nodes) {
      const node = byId.get(id)!;
      const [open, close] = SHAPES[node.kind];
      lines.push(`    ${mermaidId(id)}${open}${mermaidText(node.label)}${close}`);
    }
    lines.push("  end");
  }
  for (const edge of map.edges)
    lines.push(
      `  ${mermaidId(edge.from)} ${ARROWS[edge.kind]}${edge.label ? `|${mermaidText(edge.label)}|` : ""} ${mermaidId(edge.to)}`,
    );
  lines.push(
    "  classDef side fill:#eef4ff,stroke:#1f4fa3",
    "  classDef router fill:#fff4e5,stroke:#b26b00",
    "  classDef page fill:#fdecec,stroke:#b42318",
  );
  for (const [cls, pick] of [
    ["side", (n: MapNode) => n.side],
    ["router", (n: MapNode) => n.kind === "router"],
    ["page", (n: MapNode) => n.kind === "page"],
  ] as const) {
    const ids = map.nodes.filter(pick).map((n) => mermaidId(n.id));
    if (ids.length) lines.push(`  class ${ids.join(",")} ${cls}`);
  }
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------- SVG

const NODE_W = 210;
const LANE_GAP = 70;
const GROUP_GAP = 150;
const ROW_GAP = 30;
const LINE_H = 14;
const CHARS_PER_LINE = 32;
const TOP = 70;
const LEFT = 110;
const COLORS: Record<EdgeKind, string> = {
  flow: "#555555",
  branch: "#1f4fa3",
  skip: "#8a8a8a",
  rule: "#b42318",
};

const xml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** Greedy word wrap; a word longer than a line is cut after a / - or . where it can be. */
export function wrapText(text: string, width = CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(/\s+/)) {
    while (word.length > width) {
      if (line) (lines.push(line), (line = ""));
      const cut = Math.max(...["/", "-", "."].map((c) => word.lastIndexOf(c, width - 1))) + 1 || width;
      (lines.push(word.slice(0, cut)), (word = word.slice(cut)));
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else (lines.push(line), (line = word));
  }
  if (line) lines.push(line);
  return lines;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  lines: string[];
  node: MapNode;
}

/** Where the outcomes column goes: next to the flows that send the most edges to it. */
function columnOrder(map: FunnelMap): MapGroup[] {
  const groups = map.groups.filter((g) => g.id !== OUTCOMES);
  const outcomes = map.groups.find((g) => g.id === OUTCOMES);
  if (!outcomes) return groups;
  const groupOf = new Map(map.nodes.map((n) => [n.id, n.group]));
  const cost = (at: number) =>
    map.edges
      .filter((e) => groupOf.get(e.to) === OUTCOMES && groupOf.get(e.from) !== OUTCOMES)
      .reduce((sum, e) => {
        const i = groups.findIndex((g) => g.id === groupOf.get(e.from));
        return sum + (i < at ? at - 1 - i : i - at);
      }, 0);
  let best = groups.length;
  for (let at = 0; at <= groups.length; at++) if (cost(at) < cost(best)) best = at;
  return [...groups.slice(0, best), outcomes, ...groups.slice(best)];
}

function layout(map: FunnelMap) {
  const boxes = new Map<string, Box>();
  const columns: { group: MapGroup; x: number; w: number }[] = [];
  let x = LEFT;
  let bottom = TOP;
  // The outcomes column is placed last, level with the steps that lead to it.
  const ordered = columnOrder(map);
  const xs = new Map<string, number>();
  for (const group of ordered) {
    xs.set(group.id, x);
    x +=
      (group.nodes.some((id) => map.nodes.find((n) => n.id === id)?.side) ? 2 * NODE_W + LANE_GAP : NODE_W) +
      GROUP_GAP;
  }
  for (const group of [
    ...ordered.filter((g) => g.id !== OUTCOMES),
    ...ordered.filter((g) => g.id === OUTCOMES),
  ]) {
    const hasSide = group.nodes.some((id) => map.nodes.find((n) => n.id === id)?.side);
    const x = xs.get(group.id)!;
    let y = TOP;
    if (group.id === OUTCOMES) {
      const sources = map.edges
        .filter((e) => group.nodes.includes(e.to) && boxes.has(e.from))
        .map((e) => boxes.get(e.from)!);
      if (sources.length)
        y = Math.max(
          TOP,
          Math.round(sources.reduce((sum, b) => sum + b.y + b.h / 2, 0) / sources.length) - 20,
        );
    }
    for (const id of group.nodes) {
      const node = map.nodes.find((n) => n.id === id)!;
      const lines = wrapText(node.label);
      const h = 14 + lines.length * LINE_H;
      boxes.set(id, { x: node.side ? x + NODE_W + LANE_GAP : x, y, w: NODE_W, h, lines, node });
      y += h + ROW_GAP;
    }
    columns.push({ group, x, w: hasSide ? 2 * NODE_W + LANE_GAP : NODE_W });
    bottom = Math.max(bottom, y);
  }
  columns.sort((a, b) => a.x - b.x);
  return { boxes, columns, width: x - GROUP_GAP + LEFT, height: bottom + 70 };
}

type Point = [number, number];

/** A cubic curve from box to box, its midpoint, and which side of it a label goes. */
function edgePath(from: Box, to: Box, kind: EdgeKind): { d: string; mid: Point; leftward: boolean } {
  const sameLane = from.x === to.x;
  let p0: Point, p1: Point, p2: Point, p3: Point;
  if (sameLane && to.y > from.y) {
    const adjacent = to.y - (from.y + from.h) <= ROW_GAP + 1;
    if (adjacent && kind !== "skip") {
      p0 = [from.x + from.w / 2, from.y + from.h];
      p3 = [to.x + to.w / 2, to.y];
      return {
        d: `M${p0[0]},${p0[1]} L${p3[0]},${p3[1]}`,
        mid: [p0[0], (p0[1] + p3[1]) / 2],
        leftward: false,
      };
    }
    // Around the boxes in between: skips and variants on the left of the lane, rules on the right.
    const side = kind === "rule" ? 1 : -1;
    const bulge = Math.min(90, 30 + (to.y - from.y) / 8) * side;
    p0 = [side > 0 ? from.x + from.w : from.x, from.y + from.h / 2];
    p3 = [side > 0 ? to.x + to.w : to.x, to.y + to.h / 2];
    p1 = [p0[0] + bulge, p0[1]];
    p2 = [p3[0] + bulge, p3[1]];
  } else {
    const right = to.x + to.w / 2 >= from.x + from.w / 2;
    p0 = [right ? from.x + from.w : from.x, from.y + from.h / 2];
    p3 = [right ? to.x : to.x + to.w, to.y + to.h / 2];
    const dx = Math.max(40, Math.abs(p3[0] - p0[0]) / 2) * (right ? 1 : -1);
    p1 = [p0[0] + dx, p0[1]];
    p2 = [p3[0] - dx, p3[1]];
  }
  // Labels of edges between columns sit near their source, where they are told apart; others halfway.
  const t = kind === "rule" ? 0.85 : from.x === to.x ? 0.5 : 0.2;
  const at = (i: 0 | 1) =>
    (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * p1[i] + 3 * (1 - t) * t ** 2 * p2[i] + t ** 3 * p3[i];
  const mid: Point = [at(0), at(1)];
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    d: `M${r(p0[0])},${r(p0[1])} C${r(p1[0])},${r(p1[1])} ${r(p2[0])},${r(p2[1])} ${r(p3[0])},${r(p3[1])}`,
    mid: [r(mid[0]), r(mid[1])],
    leftward: p1[0] < p0[0],
  };
}

function nodeShape(box: Box): string {
  const { x, y, w, h, node } = box;
  if (node.kind === "router") {
    const i = 14;
    return `<polygon points="${x + i},${y} ${x + w - i},${y} ${x + w},${y + h / 2} ${x + w - i},${y + h} ${x + i},${y + h} ${x},${y + h / 2}" fill="#fff4e5" stroke="#b26b00"/>`;
  }
  if (node.kind === "page")
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="#fdecec" stroke="#b42318"/>`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${node.side ? "#eef4ff" : "#ffffff"}" stroke="${node.side ? "#1f4fa3" : "#333333"}"/>`;
}

/**
 * The area a drawing covers, grown as it is drawn, so the SVG's viewBox holds every shape and
 * label: an edge label left of the first lane ("skips Co-borrower Details") reaches past x = 0.
 */
class Extent {
  minX = 0;
  minY = 0;
  maxX = 0;
  maxY = 0;
  add(x0: number, y0: number, x1: number, y1: number): void {
    this.minX = Math.min(this.minX, x0, x1);
    this.minY = Math.min(this.minY, y0, y1);
    this.maxX = Math.max(this.maxX, x0, x1);
    this.maxY = Math.max(this.maxY, y0, y1);
  }
  /**
   * A one-line text at (x, baseline y), by its anchor. The width is estimated from its length:
   * 0.62 em per character is wider than Helvetica or Arial and their usual fallbacks average, and
   * `halo` is the white outline's half width, so the estimate errs on the roomy side.
   */
  text(x: number, y: number, text: string, size: number, anchor: "start" | "middle" | "end", halo = 0): void {
    const w = text.length * size * 0.62 + 2 * halo;
    const x0 = anchor === "start" ? x - halo : anchor === "end" ? x - w + halo : x - w / 2;
    this.add(x0, y - size - halo, x0 + w, y + size * 0.3 + halo);
  }
}

const MARGIN = 12;

export function renderSvg(map: FunnelMap): string {
  const { boxes, columns, width, height } = layout(map);
  const extent = new Extent();
  extent.add(0, 0, width, height);
  const out: string[] = [];
  for (const { group, x, w } of columns) {
    out.push(
      `<rect x="${x - 20}" y="${TOP - 50}" width="${w + 40}" height="${height - TOP - 10}" rx="10" fill="#f7f7f9" stroke="#e2e2e8"/>`,
    );
    out.push(
      `<text x="${x + w / 2}" y="${TOP - 26}" text-anchor="middle" font-size="14" font-weight="bold" fill="#222222">${xml(group.title)}</text>`,
    );
    extent.text(x + w / 2, TOP - 26, group.title, 14, "middle");
  }
  // Edges under the nodes, labels over everything.
  const labels: string[] = [];
  const labelsFrom = new Map<string, number>(); // labels leaving one side of a box are stacked
  for (const edge of map.edges) {
    const from = boxes.get(edge.from);
    const to = boxes.get(edge.to);
    if (!from || !to) continue;
    const { d, mid, leftward } = edgePath(from, to, edge.kind);
    const dash = edge.kind === "skip" ? ' stroke-dasharray="6 4"' : "";
    out.push(
      `<g class="edge ${edge.kind}" data-from="${xml(edge.from)}" data-to="${xml(edge.to)}"><title>${xml(edge.detail ?? edge.label ?? "")}</title><path d="${d}" fill="none" stroke="${COLORS[edge.kind]}" stroke-width="1.4"${dash} marker-end="url(#arrow-${edge.kind})"/></g>`,
    );
    // A curve lies within its points' hull: the path's points bound it.
    for (const [, px, py] of d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g))
      extent.add(Number(px), Number(py), Number(px), Number(py));
    const key = `${edge.from} ${leftward}`;
    const stacked = edge.kind === "rule" ? 0 : (labelsFrom.get(key) ?? 0);
    if (!edge.label) continue;
    labelsFrom.set(key, stacked + 1);
    const [lx, ly] = [mid[0] + (leftward ? -4 : 4), mid[1] - 3 + stacked * 12];
    labels.push(
      `<text x="${lx}" y="${ly}"${leftward ? ' text-anchor="end"' : ""} font-size="10" fill="${COLORS[edge.kind]}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${xml(edge.label)}</text>`,
    );
    extent.text(lx, ly, edge.label, 10, leftward ? "end" : "start", 1.5);
  }
  for (const box of boxes.values()) {
    const { x, y, w, lines, node } = box;
    const text = lines
      .map((line, i) => `<tspan x="${x + w / 2}" y="${y + 7 + LINE_H * (i + 1) - 3}">${xml(line)}</tspan>`)
      .join("");
    out.push(
      `<g class="node ${node.kind}" data-id="${xml(node.id)}"><title>${xml(node.detail)}</title>${nodeShape(box)}<text text-anchor="middle" font-size="12" fill="#111111">${text}</text></g>`,
    );
    lines.forEach((line, i) => extent.text(x + w / 2, y + 7 + LINE_H * (i + 1) - 3, line, 12, "middle"));
  }
  out.push(...labels);
  const legend: [string, EdgeKind][] = [
    ["next step of the flow", "flow"],
    ["branch (next)", "branch"],
    ["skipped when its skipWhen holds", "skip"],
    ["rule names the page", "rule"],
  ];
  legend.forEach(([text, kind], i) => {
    const lx = LEFT + i * 240;
    const ly = height - 28;
    out.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 40}" y2="${ly}" stroke="${COLORS[kind]}" stroke-width="1.4"${kind === "skip" ? ' stroke-dasharray="6 4"' : ""} marker-end="url(#arrow-${kind})"/><text x="${lx + 48}" y="${ly + 4}" font-size="11" fill="#333333">${xml(text)}</text>`,
    );
    extent.text(lx + 48, ly + 4, text, 11, "start");
  });
  // The frame: every shape and label, with a margin.
  const [vx, vy] = [Math.floor(extent.minX - MARGIN), Math.floor(extent.minY - MARGIN)];
  const [vw, vh] = [Math.ceil(extent.maxX + MARGIN) - vx, Math.ceil(extent.maxY + MARGIN) - vy];
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" width="${vw}" height="${vh}" viewBox="${vx} ${vy} ${vw} ${vh}" font-family="Helvetica, Arial, sans-serif" role="img" aria-labelledby="funnel-map-title">`,
    `<title id="funnel-map-title">Funnel map: ${map.nodes.filter((n) => n.kind === "step").length} steps, ${map.edges.length} edges</title>`,
    "<defs>",
    ...Object.entries(COLORS).map(
      ([kind, color]) =>
        `<marker id="arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`,
    ),
    "</defs>",
    `<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="#ffffff"/>`,
    ...out,
    "</svg>",
  ].join("\n")}\n`;
}
