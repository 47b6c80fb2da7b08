// What compliance reads before going live (issue 22): npm run check lists each placeholder left in
// the texts an applicant reads (content, steps, rules and the schemas' labels and help), with its
// file and line, including a note left in a comment; and the rule book shows the adverse action
// reasons and the rescission date cases, each worked case run.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { placeholdersIn } from "@engine/lending/lender";
import { lenderReport } from "@engine/lending/lender-file";
import { REPO_ROOT } from "@engine/base/paths";
import { buildRuleBook, renderMarkdown } from "@engine/explain/rule-book";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const tsx = join(REPO_ROOT, "node_modules/.bin/tsx");

/** A copy of a folder of the repository, to put placeholders in. */
function copyOf(folder: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), `heloc-${folder}-`)), folder);
  cpSync(join(REPO_ROOT, folder), dir, { recursive: true });
  return dir;
}

const append = (file: string, text: string) => writeFileSync(file, `${readFileSync(file, "utf8")}${text}`);

describe("npm run check and the placeholders left in texts", () => {
  it("finds none in today's texts: what it lists is the sample lender profile, field by field", () => {
    const { findings } = lenderReport();
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.file !== "content/lender.json")).toEqual([]);
  });

  it("finds the kinds of placeholder the texts had: bracketed fields, example addresses, notes for the lender, notes left in comments", () => {
    const old =
      "NMLS ID [NMLS ID], [SUPPORT PHONE], support@example.com\n<!-- Compliance: 12 CFR 1026.40(e) requires the CFPB booklet or a suitable substitute. Link or attach the current official booklet here and confirm this text with counsel. -->";
    expect(placeholdersIn(old).map((f) => f.what)).toEqual([
      "a bracketed placeholder",
      "a bracketed placeholder",
      "an example address",
      "a note left in a comment",
    ]);
  });

  it("lists each placeholder put into a copy of the texts, with its file and line", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => (s.description = "Questions? Call [SUPPORT PHONE]."));
    copy.edit(
      "rules/pricing.json",
      (r) => (r.params.adverseActionReasons.recentDerogatory = "Note for the lender: word this reason"),
    );
    const content = copyOf("content");
    append(
      join(content, "pages/license.md"),
      "\n[LENDER LEGAL NAME] is licensed. Write to support@example.com.\n",
    );
    append(
      join(content, "disclosures/heloc-booklet.md"),
      "\n<!-- Compliance: attach the current booklet here -->\n",
    );
    const out = spawnSync(
      tsx,
      [
        join(REPO_ROOT, "engine/cli/check.ts"),
        "--steps",
        copy.steps,
        "--rules",
        copy.rules,
        "--content",
        content,
      ],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(out.status).toBe(0); // listed, not refused, while the profile is sample data
    const lines = out.stdout.split("\n");
    const license = readFileSync(join(content, "pages/license.md"), "utf8").split("\n").length - 1;
    // file:line:column, as an editor jumps to it.
    expect(lines).toContain(
      `  content/pages/license.md:${license}:1: a bracketed placeholder "[LENDER LEGAL NAME]" would reach applicants`,
    );
    expect(lines).toContain(
      `  content/pages/license.md:${license}:43: an example address "support@example.com" would reach applicants`,
    );
    expect(
      lines.some((l) =>
        /^ {2}content\/disclosures\/heloc-booklet\.md:\d+:1: a note left in a comment "<!-- Compliance: attach the current booklet here -->" would reach applicants$/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(
      lines.some((l) =>
        /^ {2}steps\/initial-setup\/zip\.json:\d+:\d+: a bracketed placeholder "\[SUPPORT PHONE\]"/.test(l),
      ),
    ).toBe(true);
    expect(
      lines.some((l) =>
        /^ {2}rules\/pricing\.json:\d+:\d+: a note for the lender "Note for the lender"/.test(l),
      ),
    ).toBe(true);
  });

  it("reads the schemas' labels and help (what the form shows), not their patterns", () => {
    const schemas = copyOf("schemas");
    const file = join(schemas, "declarations.json");
    const json = JSON.parse(readFileSync(file, "utf8"));
    json.title = "Declarations for [LENDER LEGAL NAME]";
    writeFileSync(file, JSON.stringify(json, null, 2));
    const found = lenderReport(undefined, { schemas }).findings.filter((f) => f.file.startsWith("schemas/"));
    const line =
      readFileSync(file, "utf8")
        .split("\n")
        .findIndex((l) => l.includes("[LENDER LEGAL NAME]")) + 1;
    expect(found).toEqual([
      {
        file: "schemas/declarations.json",
        pointer: "",
        line,
        column: expect.any(Number),
        message: 'a bracketed placeholder "[LENDER LEGAL NAME]" would reach applicants',
      },
    ]);
  });
});

describe("the rule book (npm run rules:book) for compliance", () => {
  const md = renderMarkdown(buildRuleBook(repo.defs));
  const section = (id: string) =>
    md.slice(md.indexOf(`(${id})\n`), md.indexOf("\n## ", md.indexOf(`(${id})\n`) + 1));

  it("shows every adverse action reason's wording, and the reasons each decline rule names", () => {
    const reasons = (repo.defs.params.pricing as { adverseActionReasons: Record<string, string> })
      .adverseActionReasons;
    const pricing = section("pricing");
    for (const [code, text] of Object.entries(reasons))
      expect(pricing, code).toContain(`| \`${code}\` | "${text}" |`);
    expect(pricing).toContain(
      "- **Decides** `quote`: eligible: no; route: /app/ineligible/late-payment; reasons: \\[recentDerogatory\\]",
    );
  });

  it("shows the rescission date cases, run and passing: Columbus Day, Juneteenth, a holiday on a weekend", () => {
    const disbursement = section("disbursement");
    for (const name of ["Columbus Day does not count", "Juneteenth does not count"])
      expect(disbursement).toMatch(new RegExp(`\\| ${name}[^\\n]*✓ pass \\|`));
    expect(disbursement).toMatch(/Saturday[^\n]*✓ pass \|/);
    expect(disbursement).not.toContain("FAIL");
    expect(disbursement).toContain("`params.disbursement.rescission`");
  });
});

describe("the cancelled status in the definitions", () => {
  it("refuses a cancelled status that is no status, or has no page to send a cancelled applicant to", () => {
    const copy = copyDefinitions();
    copy.edit("rules/disbursement.json", (r) => (r.params.rescission.cancelledStatus = "rescindd"));
    expect(loadCopy(copy).problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        /rules\/disbursement\.json.*#\/params\/rescission\/cancelledStatus: "rescindd" is not a status .*did you mean `rescinded`\?/,
      ),
    );
    copy.edit("rules/disbursement.json", (r) => (r.params.rescission.cancelledStatus = "rescinded"));
    copy.edit("rules/funnel.json", (r) => delete r.params.statuses.rescinded.route);
    expect(loadCopy(copy).problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(/cancelledStatus: status "rescinded" has no page/),
    );
  });
});

describe("the statuses that release money", () => {
  it("are statuses the funnel declares (funded, disbursed), so the draw hold sees every move to one", () => {
    const { defs } = loadCopy(copyDefinitions());
    for (const status of (defs.params.disbursement as { rescission: { releasedStatuses: string[] } })
      .rescission.releasedStatuses)
      expect(defs.funnel.ranks[status]).toBeGreaterThan(defs.funnel.ranks.applicationSubmitted!);
  });

  it("refuses a released status that is no status: a typo must not silently let money out", () => {
    const copy = copyDefinitions();
    copy.edit(
      "rules/disbursement.json",
      (r) => (r.params.rescission.releasedStatuses = ["funded", "disbursd"]),
    );
    const problems = loadCopy(copy).problems.map(formatProblem);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /rules\/disbursement\.json.*#\/params\/rescission\/releasedStatuses\/1: "disbursd" is not a status .*the draw hold would never see it, did you mean `disbursed`\?/,
      ),
    );
    expect(problems.filter((p) => p.includes("releasedStatuses/0"))).toEqual([]);
    copy.edit("rules/disbursement.json", (r) => (r.params.rescission.releasedStatuses = []));
    expect(loadCopy(copy).problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(/releasedStatuses: must list the statuses that release money/),
    );
  });
});
