// The rule book on an edited copy of the definitions, and npm run rules:book run as a process: the
// slow half of tests/unit/rule-book.test.ts, kept out of the everyday loop (npm run test:unit).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { buildRuleBook, renderHtml, renderMarkdown } from "@engine/explain/rule-book";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const { defs } = repo;

describe("the rule book", () => {
  const book = buildRuleBook(defs);

  it("marks a failing worked case, and escapes what it quotes", () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.cases.json", (c) => (c.cases[0].expect.quote.lineAmount = 1));
    copy.edit("rules/pricing.json", (r) => (r.rules[0].description = "Late <script>alert(1)</script> & co"));
    const broken = buildRuleBook(loadCopy(copy).defs);
    const page = renderHtml(broken);
    expect(broken.figures.passed).toBe(book.figures.passed - 1);
    expect(page.match(/<span class="fail">✗ FAIL<\/span>/g)).toHaveLength(
      broken.figures.cases - broken.figures.passed,
    );
    expect(page).toMatch(/<tr id="case-pricing-1">.*<span class="fail">✗ FAIL<\/span><\/td><\/tr>/);
    expect(page).toContain("Late &lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
    expect(page).not.toContain("<script>");
    expect(renderMarkdown(broken)).toContain("Late \\<script>alert(1)\\</script> & co");
  });
});

describe("npm run rules:book", () => {
  it("writes rule-book.md and rule-book.html to --out and prints their paths", () => {
    const out = join(mkdtempSync(join(tmpdir(), "heloc-book-")), "docs");
    const run = spawnSync(
      join(REPO_ROOT, "node_modules/.bin/tsx"),
      [join(REPO_ROOT, "engine/cli/rules-book.ts"), "--out", out],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    for (const name of ["rule-book.md", "rule-book.html"]) {
      expect(existsSync(join(out, name))).toBe(true);
      expect(run.stdout).toContain(name);
    }
    expect(readFileSync(join(out, "rule-book.html"), "utf8")).toMatch(/^<!doctype html>/);
    expect(run.stdout).toMatch(/rules:book: \d+ rule sets, \d+ rules, (\d+) worked cases \(\1 pass\)/);
  });
});
