// Every text that states a fact states it the same way, and true of today's product (issue 37,
// item 5): one statement about credit pulls (content/statements.json), one derogatory question in
// both funnels, a privacy notice that claims no affiliates it does not have.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { stepById } from "@engine/definitions/definitions";
import { fillLenderText } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const statements = JSON.parse(readFileSync(join(REPO_ROOT, "content/statements.json"), "utf8")) as {
  creditPull: string;
  creditPullShort: string;
};

function files(dir: string): { file: string; text: string }[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.(md|json|tsx?)$/.test(e.name) && !e.name.endsWith(".cases.json")
        ? [{ file: join(dir, e.name), text: readFileSync(join(REPO_ROOT, dir, e.name), "utf8") }]
        : [],
  );
}

const everyText = ["content", "steps", "rules", "schemas", "web/src"].flatMap(files);
/** Words that speak of a credit pull's effect or kind. */
const SPEAKS_OF_PULLS =
  /soft (credit )?(inquir|pull|check)|hard (credit )?(inquir|pull|check)|affects? your credit score/i;

describe("the statement about credit pulls", () => {
  it("is true today: the offer rests on the self-reported range, and the report is obtained before approval", () => {
    expect(statements.creditPull).toMatch(/rests on the credit range you told us/);
    expect(statements.creditPull).toMatch(/Before we approve your line, we obtain your credit report/);
    expect(statements.creditPull).not.toMatch(/soft inquiry|we will tell you before/i);
  });

  it("is the only way any text speaks of a credit pull: its token, the statement itself or its short form", () => {
    const offending = everyText
      .filter(({ file }) => file !== join("content", "statements.json"))
      .flatMap(({ file, text }) =>
        text
          .split(/\n/)
          .filter((line) => SPEAKS_OF_PULLS.test(line))
          .filter(
            (line) =>
              !line.includes("{{creditPullStatement}}") &&
              !line.includes(statements.creditPull) &&
              !line.includes(statements.creditPullShort),
          )
          .map((line) => `${file}: ${line.trim().slice(0, 160)}`),
      );
    expect(offending).toEqual([]);
  });

  it("reaches the FAQ and the credit check authorization filled in", () => {
    const lender = readLenderProfile();
    for (const file of ["content/pages/faq.md", "content/disclosures/credit-check-authorization.md"]) {
      const filled = fillLenderText(readFileSync(join(REPO_ROOT, file), "utf8"), lender, {
        keepOthers: true,
      });
      expect(filled, file).toContain(statements.creditPull);
    }
  });

  it("is quoted word for word by the prequalification credit step, which has no tokens", () => {
    expect(stepById(defs, "prequalCredit").description).toContain(statements.creditPull);
  });
});

describe("the derogatory question", () => {
  it("is the same question in the early funnel and in prequalification: 30 or more days late, not 'missed'", () => {
    const early = stepById(defs, "hasFbm").title;
    const prequal = (stepById(defs, "prequalDerogatory") as { uiSchema: Record<string, any> }).uiSchema.setup
      .hasDerogatory["ui:title"];
    expect(early).toBe(prequal);
    expect(early).toMatch(/30 or more days late/);
    for (const { file, text } of everyText) expect(text, file).not.toMatch(/missed mortgage payment/i);
  });
});

describe("the privacy notice", () => {
  const notice = readFileSync(join(REPO_ROOT, "content/disclosures/privacy-notice.md"), "utf8");

  it("carries its revision date, as the model form does", () => {
    expect(notice).toMatch(
      /\*\*Rev\. (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\*\*/,
    );
  });

  it("says the lender has no affiliates, and never that it collects from or shares with them", () => {
    expect(notice).toContain("*{{legalName}} has no affiliates.*");
    expect(notice).not.toMatch(/from others, such as [^.]*affiliates/);
    for (const row of notice.split("\n").filter((l) => /^\| \*\*For (our )?affiliates/.test(l)))
      expect(row).toMatch(/\| No \| We don't share \|$/);
  });
});

describe("docs/decisions.md", () => {
  it("no longer calls the index, margin and maximum APR placeholders: the pricing rules set them", () => {
    const decisions = readFileSync(join(REPO_ROOT, "docs/decisions.md"), "utf8");
    expect(decisions).not.toMatch(/\(index, margin, maximum APR\) show as visible\s+placeholders/);
    const pricing = defs.params.pricing as Record<string, unknown>;
    for (const name of ["indexRate", "maximumApr", "indexRateAsOf"]) expect(pricing[name]).toBeTruthy();
  });
});
