import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { repo } from "../helpers/definitions";

const ALIMONY =
  "Alimony, child support, or separate maintenance income need not be revealed if you do not wish to have it considered as a basis for repaying this obligation.";
const step = (id: string) => repo.defs.steps.get(id)!.def as any;

describe("the alimony, child support and separate maintenance statement (Reg B 1002.5(d)(2))", () => {
  it("tells the borrower on the other-income step", () => {
    expect(step("manualIncomeVerification").description).toContain(ALIMONY);
  });

  it("tells the co-borrower, in their own session and where the borrower lists the co-borrower's income", () => {
    const other = step("manualIncomeVerification");
    expect(other.textFor.coborrower.description).toContain(ALIMONY);
    expect(other.uiSchema.coborrower.incomeSources["ui:description"]).toMatch(
      /co-borrower's alimony, child support, or separate maintenance income need not be revealed if they do not wish to have it considered/,
    );
  });
});

describe("the FCRA 609(g) Notice to the Home Loan Applicant", () => {
  const notice = readFileSync(join(REPO_ROOT, "content/disclosures/credit-score-notice.md"), "utf8");

  it("has the notice's statutory wording and room for the score we used", () => {
    expect(notice).toContain(
      "In connection with your application for a home loan, the lender must disclose to you the score that a consumer reporting agency distributed to users and the lender used in connection with your home loan, and the key factors affecting your credit scores.",
    );
    expect(notice).toContain(
      "The consumer reporting agency plays no part in the decision to take any action on the loan application",
    );
    expect(notice).toContain("{{creditScoreDisclosure}}");
    expect(notice).toContain("{{legalName}}");
  });

  it("is given, and its receipt recorded, on each borrower's sign page", () => {
    for (const id of ["disclosures", "coborrowerSign"]) {
      const def = step(id);
      expect(JSON.stringify(def.uiSchema), id).toContain("credit-score-notice");
      expect(def.effects[0].documents, id).toContain("credit-score-notice");
    }
  });
});
