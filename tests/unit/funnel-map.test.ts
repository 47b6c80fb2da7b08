// npm run funnel:map: every step and branch of the funnel, as Mermaid source and as an SVG.
import { describe, expect, it } from "vitest";
import { buildFunnelMap, renderMermaid, renderSvg, wrapText } from "@engine/explain/funnel-map";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const map = buildFunnelMap(defs);
const mermaid = renderMermaid(map);
const svg = renderSvg(map);
const edge = (from: string, to: string) => map.edges.filter((e) => e.from === from && e.to === to);

/** Well-formedness of an XML document: one root, tags nested and closed, attributes quoted, entities known. */
function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  const badText = (s: string) => /<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(s);
  const tag = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<[^>]*>/g;
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const between = text.slice(last, match.index);
    if (badText(between)) problems.push(`bad text before offset ${match.index}: ${between.slice(0, 40)}`);
    if (stack.length === 0 && between.trim() && last > 0) problems.push("text outside the root");
    last = match.index + match[0].length;
    const t = match[0];
    if (t.startsWith("<!--") || t.startsWith("<?")) continue;
    const close = /^<\/([A-Za-z][\w:.-]*)\s*>$/.exec(t);
    if (close) {
      if (stack.pop() !== close[1]) problems.push(`</${close[1]}> closes the wrong element`);
      continue;
    }
    const open = /^<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>$/.exec(
      t,
    );
    if (!open) {
      problems.push(`malformed tag ${t.slice(0, 60)}`);
      continue;
    }
    for (const [, value] of open[2]!.matchAll(/[\w:.-]+\s*=\s*("[^"]*"|'[^']*')/g))
      if (badText(value!.slice(1, -1))) problems.push(`bad attribute value ${value}`);
    if (stack.length === 0) roots++;
    if (!open[3]) stack.push(open[1]!);
  }
  if (badText(text.slice(last)) || text.slice(last).trim()) problems.push("text after the root");
  if (stack.length) problems.push(`unclosed ${stack.join(", ")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe("the funnel map", () => {
  it("has every step of every flow variant, in the variant's order, with its rank and label", () => {
    for (const { def: flow } of defs.flows.values()) {
      if (flow.answeredBy) continue; // a member's walk over the application's steps
      const group = map.groups.find((g) => g.id === `flow_${flow.id}`);
      expect(group, flow.id).toBeDefined();
      for (const variant of flow.variants) {
        const positions = variant.steps.map((id) => group!.nodes.indexOf(id));
        expect(
          positions.every((p) => p >= 0),
          `${flow.id}/${variant.id}`,
        ).toBe(true);
        expect(positions, `${flow.id}/${variant.id} in order`).toEqual([...positions].sort((a, b) => a - b));
        for (const id of variant.steps) {
          const step = defs.steps.get(id)!.def;
          expect(map.nodes.find((n) => n.id === id)?.label).toBe(`${step.label} · ${step.rank}`);
          expect(mermaid).toContain(`    ${id}["${step.label} · ${step.rank}"]`);
        }
      }
    }
    expect(mermaid).toContain('application5["Employment History · 16"]');
  });

  it("shows every step file somewhere, including those reached only by a branch or a link", () => {
    const stepNodes = map.nodes
      .filter((n) => n.kind === "step")
      .map((n) => n.id)
      .sort();
    expect(stepNodes).toEqual([...defs.steps.keys()].sort());
    expect(map.nodes.find((n) => n.id === "creditIncome")).toMatchObject({
      group: "flow_earlyFunnel",
      side: true,
    });
  });

  it("links the steps of a flow in order, naming the variant where the variants differ", () => {
    expect(edge("name", "email")).toEqual([expect.objectContaining({ kind: "flow" })]);
    expect(edge("name", "email")[0]!.label).toBeUndefined();
    expect(edge("zip", "propertyUsage")).toEqual([
      expect.objectContaining({ kind: "flow", label: "variantOne" }),
    ]);
    expect(edge("zip", "creditScore")).toEqual([
      expect.objectContaining({ kind: "flow", label: "variantTwo" }),
    ]);
    expect(mermaid).toContain('zip -->|"variantTwo"| creditScore');
  });

  it("draws the branches of has-fbm and credit-score as labelled edges, and the pages the pricing rules name", () => {
    expect(edge("hasFbm", "goto_rules_pricing_quote_route")).toEqual([
      expect.objectContaining({ kind: "branch", label: "hasFbm.ineligible" }),
    ]);
    expect(edge("creditScore", "goto_rules_pricing_quote_route")).toEqual([
      expect.objectContaining({ kind: "branch", label: "creditScore.ineligible" }),
    ]);
    expect(edge("creditScore", "coborrower")).toEqual([
      expect.objectContaining({ kind: "branch", label: "creditScore.coborrower" }),
    ]);
    expect(map.nodes.find((n) => n.id === "goto_rules_pricing_quote_route")).toMatchObject({
      kind: "router",
      label: "Page named by rules.pricing.quote.route",
    });
    expect(edge("goto_rules_pricing_quote_route", "page_app_ineligible_late_payment")).toEqual([
      expect.objectContaining({ kind: "rule", label: "pricing.late-payment" }),
    ]);
    expect(edge("goto_rules_pricing_quote_route", "page_app_ineligible_boost")[0]!.label).toBe(
      "pricing.credit-boost, pricing.high-debt-to-income",
    );
    expect(mermaid).toContain('hasFbm ==>|"hasFbm.ineligible"| goto_rules_pricing_quote_route');
    expect(mermaid).toContain('creditScore ==>|"creditScore.coborrower"| coborrower');
  });

  it("ends at the ineligible pages", () => {
    const pages = map.nodes
      .filter((n) => n.kind === "page")
      .map((n) => n.label)
      .sort();
    expect(pages).toEqual([
      "/app/ineligible/boost",
      "/app/ineligible/late-payment",
      "/app/ineligible/listed-for-sale",
      "/app/ineligible/low-equity",
      "/app/ineligible/not-available",
    ]);
    expect(mermaid).toContain('page_app_ineligible_low_equity(["/app/ineligible/low-equity"])');
  });

  it("shows a skipWhen as a dashed edge around the step", () => {
    expect(edge("application", "application2")).toContainEqual(
      expect.objectContaining({ kind: "skip", label: "skips Invite Co-borrower" }),
    );
    expect(edge("coborrowerInvite", "application3")).toContainEqual(
      expect.objectContaining({ kind: "skip", label: "skips Co-borrower Details" }),
    );
    expect(edge("application5", "manualIncomeVerification")).toContainEqual(
      expect.objectContaining({ kind: "skip" }),
    );
    expect(mermaid).toContain('coborrowerInvite -.->|"skips Co-borrower Details"| application3');
  });
});

describe("the funnel map as SVG", () => {
  it("is well-formed XML with an svg root", () => {
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it("the XML check catches broken markup", () => {
    expect(xmlProblems("<svg><g></svg>")).not.toEqual([]);
    expect(xmlProblems("<svg><text>a & b</text></svg>")).not.toEqual([]);
  });

  it("has a node per step, with its label as text", () => {
    for (const { def: step } of defs.steps.values()) {
      expect(svg.match(new RegExp(`<g class="node step" data-id="${step.id}">`, "g")), step.id).toHaveLength(
        1,
      );
      const text = [...svg.matchAll(new RegExp(`data-id="${step.id}">[\\s\\S]*?</g>`, "g"))][0]![0];
      const shown = [...text.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(" ");
      expect(shown).toBe(wrapText(`${step.label} · ${step.rank}`).join(" "));
    }
  });

  it("draws an edge for every edge of the model, with dashes for skips", () => {
    expect(svg.match(/<g class="edge /g)).toHaveLength(map.edges.length);
    expect(svg).toMatch(
      /<g class="edge skip" data-from="coborrowerInvite" data-to="application3">.*stroke-dasharray/,
    );
  });

  it("frames every label: the viewBox reaches left of the first lane, where the skip labels end", () => {
    const [vx, vy, vw, vh] = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/
      .exec(svg)!
      .slice(1)
      .map(Number) as [number, number, number, number];
    expect(svg).toContain(`width="${vw}" height="${vh}"`);
    // Each label at a generous half an em per character on the side its anchor grows to.
    const texts = [
      ...svg.matchAll(
        /<text x="([-\d.]+)" y="([-\d.]+)"( text-anchor="(end|middle)")? font-size="(\d+)"[^>]*>([^<]+)<\/text>/g,
      ),
    ];
    expect(texts.length).toBeGreaterThan(map.edges.filter((e) => e.label).length); // the edge labels, the titles, the legend
    for (const m of texts) {
      const [x, y, anchor, size, text] = [Number(m[1]), Number(m[2]), m[4] ?? "start", Number(m[5]), m[6]!];
      const w = text.length * size * 0.5;
      const left = anchor === "end" ? x - w : anchor === "middle" ? x - w / 2 : x;
      expect(left, text).toBeGreaterThanOrEqual(vx);
      expect(left + w, text).toBeLessThanOrEqual(vx + vw);
      expect(y - size, text).toBeGreaterThanOrEqual(vy);
      expect(y, text).toBeLessThanOrEqual(vy + vh);
    }
    const skip = /<text x="([-\d.]+)"[^>]*text-anchor="end"[^>]*>skips Co-borrower Details</.exec(svg)!;
    expect(Number(skip[1]) - "skips Co-borrower Details".length * 5).toBeLessThan(0); // it would be cut at x = 0
    expect(vx).toBeLessThan(Number(skip[1]) - "skips Co-borrower Details".length * 5);
  });

  it("wraps long labels at word boundaries, and long words after a / or -", () => {
    expect(wrapText("Foreclosure, Bankruptcy or Missed Payments · 3", 32)).toEqual([
      "Foreclosure, Bankruptcy or",
      "Missed Payments · 3",
    ]);
    expect(wrapText("/app/ineligible/listed-for-sale-somewhere", 32)).toEqual([
      "/app/ineligible/listed-for-sale-",
      "somewhere",
    ]);
  });
});
