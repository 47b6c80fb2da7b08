// The funnel map of an edited copy of the definitions, and npm run funnel:map run as a process: the
// slow half of tests/unit/funnel-map.test.ts, kept out of the everyday loop (npm run test:unit).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFunnelMap, renderMermaid, renderSvg } from "@engine/explain/funnel-map";
import { REPO_ROOT } from "@engine/definitions/load";
import { addSsnStep, copyDefinitions, loadCopy, repo } from "../helpers/definitions";
const { defs } = repo;
const map = buildFunnelMap(defs);
const mermaid = renderMermaid(map);
const svg = renderSvg(map);

describe("the funnel map", () => {
  it("shows a new step file dropped into the definitions, with no code change", () => {
    const copy = addSsnStep(copyDefinitions());
    const copied = buildFunnelMap(loadCopy(copy).defs);
    expect(copied.groups.find((g) => g.id === "flow_ssnCheckFlow")?.nodes).toEqual(["ssnCheck"]);
  });
});

describe("npm run funnel:map", () => {
  it("writes funnel-map.mmd and funnel-map.svg to --out and prints their paths", () => {
    const out = join(mkdtempSync(join(tmpdir(), "heloc-map-")), "docs");
    const run = spawnSync(
      join(REPO_ROOT, "node_modules/.bin/tsx"),
      [join(REPO_ROOT, "engine/cli/funnel-map.ts"), "--out", out],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    for (const name of ["funnel-map.mmd", "funnel-map.svg"]) {
      expect(existsSync(join(out, name))).toBe(true);
      expect(run.stdout).toContain(name);
    }
    expect(readFileSync(join(out, "funnel-map.mmd"), "utf8")).toBe(mermaid);
    expect(readFileSync(join(out, "funnel-map.svg"), "utf8")).toBe(svg);
  });
});
