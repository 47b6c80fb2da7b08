// One lender profile (content/lender.json): every text that names the lender reads it, nothing
// bracketed reaches an applicant once it is marked production, and a live server refuses a sample
// or incomplete profile in one line.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fillLenderText, lenderTokens, placeholdersIn, productionGaps } from "@engine/lending/lender";
import { readLenderProfile, lenderReport } from "@engine/lending/lender-file";
import { formatProblem } from "@engine/lint/lint";
import { REPO_ROOT } from "@engine/base/paths";
import { repo } from "../helpers/definitions";
import { todayIso } from "@engine/base/dates";
import { liveLender, productionLender } from "../helpers/lender";

const sample = readLenderProfile();
const live = productionLender;

const publicText = ["pages", "ineligible", "insights"].flatMap((folder) =>
  readdirSync(join(REPO_ROOT, "content", folder)).map((name) => ({
    file: `content/${folder}/${name}`,
    text: readFileSync(join(REPO_ROOT, "content", folder, name), "utf8"),
  })),
);

describe("the lender profile", () => {
  it("is valid against schemas/lender.json and says plainly that it is sample data", () => {
    expect(sample.status).toBe("sample");
    expect(sample.legalName).toMatch(/sample/i);
    expect(sample.supportEmail).toMatch(/\.invalid$/);
  });

  it("fills every public page: each {{token}} there is a field of the profile", () => {
    for (const { file, text } of publicText) expect(() => fillLenderText(text, live, { file })).not.toThrow();
    expect(() => fillLenderText("Call {{supportFax}}", live)).toThrow(
      /\{\{supportFax\}\} is not a field of the lender profile/,
    );
  });

  it("writes the creditor's name, address and licenses from the profile, not from the page", () => {
    const license = fillLenderText(readFileSync(join(REPO_ROOT, "content/pages/license.md"), "utf8"), live);
    expect(license).toContain("Hearthline Lending, LLC is a licensed lender, NMLS ID 1234567");
    expect(license).toContain("200 Market Street, San Francisco, CA 94105");
    expect(license).toContain("| California | California Financing Law license | 60DBO-123456 |");
    expect(lenderTokens(live).lenderAddress).toBe("200 Market Street, San Francisco, CA 94105");
  });

  it("leaves no placeholder, example address or note for the lender in a public page", () => {
    for (const { file, text } of publicText)
      expect({ file, found: placeholdersIn(fillLenderText(text, sample)) }).toEqual({ file, found: [] });
  });

  it("has one E-SIGN consent text: the public page is the disclosure the applicant signs", () => {
    expect(existsSync(join(REPO_ROOT, "content/pages/e-consent.md"))).toBe(false);
    expect(readFileSync(join(REPO_ROOT, "web/src/pages/public/content.ts"), "utf8")).toContain(
      'content/disclosures/e-sign-consent.md?lender"',
    );
  });
});

describe("placeholders that must not reach applicants", () => {
  it("finds today's kinds: bracketed fields, example addresses, notes for the lender", () => {
    const found = placeholdersIn(
      "> **Note for the lender:** <mark>[LENDER LEGAL NAME]</mark>, NMLS ID [NMLS ID], support@example.com, [e.g. Consumer Loan License]",
    );
    expect(found.map((f) => f.text)).toEqual([
      "[LENDER LEGAL NAME]",
      "[NMLS ID]",
      "[e.g. Consumer Loan License]",
      "support@example.com",
      "Note for the lender",
    ]);
  });

  it("lets an input hint's illustration through", () => {
    expect(placeholdersIn("Enter a valid email address, like name@example.com.")).toEqual([]);
  });

  it("is listed by npm run check's report with file and line", () => {
    const report = lenderReport();
    expect(report.findings.filter((f) => f.file.startsWith("content/pages/"))).toEqual([]);
    // The profile's line of the field, as an editor jumps to it (content/lender.json: "legalName" on line 4).
    const line =
      readFileSync(join(REPO_ROOT, "content/lender.json"), "utf8")
        .split("\n")
        .findIndex((l) => l.includes('"legalName"')) + 1;
    expect(report.findings).toContainEqual({
      file: "content/lender.json",
      pointer: "/legalName",
      message: "is a sample value",
      line,
      column: 3,
    });
    expect(formatProblem(report.findings.find((f) => f.pointer === "/legalName")!)).toBe(
      `content/lender.json:${line}:3 #/legalName: is a sample value`,
    );
  });

  it("gives each placeholder left in a text its file, line and column", () => {
    const content = mkdtempSync(join(tmpdir(), "content-"));
    cpSync(join(REPO_ROOT, "content"), content, { recursive: true });
    writeFileSync(
      join(content, "pages/faq.md"),
      "---\ntitle: FAQ\n---\n# Questions\n\nCall us at [SUPPORT PHONE] any day.\n",
    );
    const found = lenderReport(undefined, { content }).findings.find(
      (f) => f.file === "content/pages/faq.md",
    )!;
    expect(found).toEqual({
      file: "content/pages/faq.md",
      pointer: "",
      line: 6,
      column: 12,
      message: 'a bracketed placeholder "[SUPPORT PHONE]" would reach applicants',
    });
    expect(formatProblem(found)).toBe(
      'content/pages/faq.md:6:12: a bracketed placeholder "[SUPPORT PHONE]" would reach applicants',
    );
  });

  it("adds, with the pricing rules, a disclosed figure they lack and a contradiction with the profile, each at its line in its file", () => {
    const { defs } = repo;
    // Fresh figures (an index read today, a table to the latest January), so only these two findings are left.
    const pricing = {
      ...(defs.params.pricing as Record<string, unknown>),
      minimumDraw: null,
      indexRateAsOf: todayIso(),
    };
    const file = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
    writeFileSync(
      file,
      JSON.stringify(
        {
          ...liveLender,
          heloc: { ...liveLender.heloc, rateChanges: { ...liveLender.heloc.rateChanges, annualCap: 25 } },
        },
        null,
        2,
      ),
    );
    const findings = lenderReport(file, {}, pricing).findings.filter(
      (f) => f.file === "rules/pricing.json" || f.pointer.startsWith("/heloc"),
    );
    const pricingText = readFileSync(join(REPO_ROOT, "rules/pricing.json"), "utf8").split("\n");
    const profileText = readFileSync(file, "utf8").split("\n");
    expect(findings).toEqual([
      {
        file: "rules/pricing.json",
        pointer: "/params/minimumDraw",
        message: "is empty",
        line: pricingText.findIndex((l) => l.includes('"minimumDraw"')) + 1,
        column: expect.any(Number),
      },
      expect.objectContaining({
        pointer: "/heloc/rateChanges/annualCap",
        message: expect.stringMatching(/^25 percentage points a year is not below the maximum APR/),
        line: profileText.findIndex((l) => l.includes('"annualCap"')) + 1,
      }),
    ]);
  });
});

describe("production", () => {
  it("accepts a complete, real profile", () => {
    expect(productionGaps(live)).toEqual([]);
  });

  it("names each field a sample or incomplete profile lacks", () => {
    expect(productionGaps({ ...live, nmlsId: " ", supportEmail: "support@example.com" })).toEqual([
      "/nmlsId is empty",
      "/supportEmail is a sample value",
    ]);
    expect(productionGaps(sample)).toContain('/status is "sample", not "production"');
  });
});
