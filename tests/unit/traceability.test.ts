// The traceability matrix (npm run compliance:matrix): each cited paragraph → what meets it → the
// worked cases and tests that prove it, and whether they passed in this run.
import { describe, expect, it } from "vitest";
import {
  buildMatrix,
  citationsIn,
  matrixFailures,
  normalCite,
  related,
  renderMatrix,
  testsFromVitestReport,
  testsInSource,
  type Claim,
  type Evidence,
} from "@engine/explain/traceability";
import { definitionClaims, workedCaseEvidence } from "@engine/explain/traceability-data";
import { repo } from "../helpers/definitions";

const rule = (cite: string, id: string): Claim => ({ cite, kind: "rule", id, file: "rules/pricing.json" });
const text = (cite: string, id: string): Claim => ({ cite, kind: "text", id, file: id });
const workedCase = (
  name: string,
  status: Evidence["status"],
  rules: string[],
  cites: string[] = [],
): Evidence => ({
  kind: "worked case",
  name,
  file: "rules/pricing.cases.json",
  status,
  cites,
  ruleSet: "pricing",
  rules,
});
const test = (name: string, status: Evidence["status"]): Evidence => ({
  kind: "test",
  name,
  file: "tests/api/x.test.ts",
  status,
  cites: citationsIn(name),
});

describe("citations", () => {
  it("are read from a test's name in one form, with or without the title number", () => {
    expect(citationsIn("a decline (12 CFR 1002.9) states its reasons (1002.9(b)(2))")).toEqual([
      "12 CFR 1002.9",
      "12 CFR 1002.9(b)(2)",
    ]);
    expect(citationsIn("the FCRA notice (15 U.S.C. 1681g(g)) and 15 USC 7001(c)(1)(C)(ii)")).toEqual([
      "15 U.S.C. 1681g(g)",
      "15 U.S.C. 7001(c)(1)(C)(ii)",
    ]);
    expect(citationsIn("version HELOC-TERMS-2026.3, 7.50%")).toEqual([]);
  });

  it("written as data keep law that is not a regulation as written", () => {
    expect(normalCite("Reg Z 1026.40(d)(5)(iii)")).toBe("12 CFR 1026.40(d)(5)(iii)");
    expect(normalCite("Cal. Fin. Code  22100")).toBe("Cal. Fin. Code 22100");
  });

  it("relate a paragraph to those inside it, never to a neighbour", () => {
    expect(related("12 CFR 1002.9", "12 CFR 1002.9(b)(2)")).toBe(true);
    expect(related("12 CFR 1026.40(d)(5)", "12 CFR 1026.40(d)(5)(iii)")).toBe(true);
    expect(related("12 CFR 1026.40(d)(5)", "12 CFR 1026.40(d)(50)")).toBe(false);
    expect(related("12 CFR 1026.4", "12 CFR 1026.40")).toBe(false);
  });
});

describe("the matrix", () => {
  const claims = [
    rule("12 CFR 1002.9(b)(2)", "pricing.late-payment"),
    text("12 CFR 1026.40(e)", "content/disclosures/heloc-booklet.md"),
    rule("12 U.S.C. 5531", "pricing.not-available-in-state"),
  ];
  const evidence = [
    workedCase("a recent foreclosure is declined", "passed", ["pricing.late-payment"]),
    workedCase("an offer", "passed", ["pricing.offer"]),
    test("the booklet (12 CFR 1026.40(e)) is given before the first credit question", "failed"),
    test("a decline (12 CFR 1002.9) is recorded", "passed"),
  ];
  const rows = buildMatrix(claims, evidence);
  const row = (cite: string) => rows.find((r) => r.cite === cite)!;

  it("proves a cited rule with the worked cases it decided and the tests that cite its paragraph", () => {
    expect(row("12 CFR 1002.9(b)(2)")).toMatchObject({ status: "proved", passed: 2, failed: 0 });
    expect(row("12 CFR 1002.9(b)(2)").evidence.map((e) => e.name)).toEqual([
      "a recent foreclosure is declined",
      "a decline (12 CFR 1002.9) is recorded",
    ]);
  });

  it("lists every citation found in the data and the tests, in citation order", () => {
    expect(rows.map((r) => r.cite)).toEqual([
      "12 CFR 1002.9",
      "12 CFR 1002.9(b)(2)",
      "12 CFR 1026.40(e)",
      "12 U.S.C. 5531",
    ]);
    expect(row("12 CFR 1002.9").claims).toEqual([]);
  });

  it("marks a paragraph whose evidence failed, and one with none", () => {
    expect(row("12 CFR 1026.40(e)")).toMatchObject({ status: "FAILED", failed: 1 });
    expect(row("12 U.S.C. 5531")).toMatchObject({ status: "no passing evidence", passed: 0 });
  });

  it("fails on a cited rule without passing evidence and on failed evidence, not on an uncited text", () => {
    expect(matrixFailures(rows).map((r) => r.cite)).toEqual(["12 CFR 1026.40(e)", "12 U.S.C. 5531"]);
    const onlyText = buildMatrix([text("12 CFR 1016.6", "content/pages/privacy-statement.md")], []);
    expect(onlyText[0]!.status).toBe("no passing evidence");
    expect(matrixFailures(onlyText)).toEqual([]);
  });

  it("renders a table naming what meets each paragraph and how its proof fared", () => {
    const md = renderMatrix(rows, { date: "2026-11-28", report: null });
    expect(md).toContain("| Citation | Met by | Proved by | Result |");
    expect(md).toContain(
      "| 12 CFR 1002.9(b)(2) | rule `pricing.late-payment` (rules/pricing.json) | ✓ worked case: a recent foreclosure is declined (rules/pricing.cases.json)<br>✓ test: a decline (12 CFR 1002.9) is recorded (tests/api/x.test.ts) | proved (2 passed) |",
    );
    expect(md).toContain("**2 fail the matrix**");
  });
});

describe("tests as evidence", () => {
  it("come from a vitest JSON report with their full names and status", () => {
    const report = {
      testResults: [
        {
          name: "/repo/tests/api/licensing.test.ts",
          assertionResults: [
            { fullName: "a home elsewhere stops at the page (12 U.S.C. 5531)", status: "passed" },
            { ancestorTitles: ["notices"], title: "the booklet (1026.40(e))", status: "failed" },
            { fullName: "skipped one", status: "skipped" },
          ],
        },
      ],
    };
    expect(testsFromVitestReport(report, "/repo")).toEqual([
      expect.objectContaining({
        file: "tests/api/licensing.test.ts",
        status: "passed",
        cites: ["12 U.S.C. 5531"],
      }),
      expect.objectContaining({
        name: "notices the booklet (1026.40(e))",
        status: "failed",
        cites: ["12 CFR 1026.40(e)"],
      }),
      expect.objectContaining({ status: "not run" }),
    ]);
    expect(() => testsFromVitestReport({})).toThrow(/not a vitest JSON report/);
  });

  it("are read from a test file's source when no report is given, a describe's name applying to the tests inside it", () => {
    const source = `describe("a decline (12 CFR 1002.9)", () => {\n  it("is recorded", () => {\n    expect(1).toBe(1);\n  });\n});\nit("stands alone", () => {});\n`;
    expect(testsInSource(source, "tests/x.test.ts")).toEqual([
      expect.objectContaining({
        name: "a decline (12 CFR 1002.9) is recorded",
        cites: ["12 CFR 1002.9"],
        status: "not run",
      }),
      expect.objectContaining({ name: "stands alone", cites: [] }),
    ]);
  });
});

describe("the repository's matrix", () => {
  it("proves every cited rule with a passing worked case", () => {
    const rows = buildMatrix(definitionClaims(repo.defs), workedCaseEvidence(repo.defs));
    const cited = rows.filter((r) => r.claims.some((c) => c.kind === "rule"));
    expect(cited.length).toBeGreaterThan(3);
    expect(cited.filter((r) => r.status !== "proved").map((r) => r.cite)).toEqual([]);
  });
});
