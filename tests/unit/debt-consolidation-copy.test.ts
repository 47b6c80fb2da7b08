// Debt consolidation speaks of the debts the applicant listed earlier as theirs, never as found on a
// credit report: no consumer reporting agency is connected (issue 37, item 5; content/statements.json).
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import { createFieldLogic } from "@engine/logic/field-logic";
import { newItemValues } from "@engine/logic/new-items";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const logic = createFieldLogic(defs, "debtConsolidation");
const creditReport = /credit report/i;
const noticesAt = (answers: unknown, pointer: string) =>
  logic(answers, { today: TODAY })
    .notices.filter((n) => n.pointer === pointer)
    .map((n) => n.message);
const reported = {
  creditor: "Chase Card Services",
  type: "revolving",
  balance: 4200,
  monthlyPayment: 120,
  addedByUser: false,
};
const mine = {
  creditor: "Dr. Lee",
  type: "installment",
  balance: 900,
  monthlyPayment: 90,
  addedByUser: true,
};

const listedEarlier = /the debts you listed earlier/i;

describe("debt consolidation's words about where the debts came from", () => {
  it("does not speak of the credit report in the step's own words, which an empty list also reads", () => {
    expect(stepById(defs, "debtConsolidation").description).not.toMatch(creditReport);
  });

  it("says the debts listed before this step are the applicant's own, never that a credit report found them", () => {
    const said = noticesAt({ liabilities: [reported, mine] }, "/liabilities");
    expect(said).toEqual([expect.stringMatching(listedEarlier)]);
    expect(said[0]).not.toMatch(/from your credit report|on your credit report/i);
  });

  it("says nothing of the credit report over an empty list", () => {
    expect(noticesAt({ liabilities: [] }, "/liabilities")).toEqual([]);
    expect(noticesAt({}, "/liabilities")).toEqual([]);
  });

  it("says nothing of the credit report over debts the applicant added", () => {
    expect(noticesAt({ liabilities: [mine] }, "/liabilities")).toEqual([]);
  });

  it("marks a debt the applicant adds as theirs", () => {
    expect(
      newItemValues(defs, "debtConsolidation", "/liabilities", { liabilities: [] }, { today: TODAY }),
    ).toEqual({
      addedByUser: true,
    });
  });

  it("calls the mortgages the ones the applicant listed, not ones from a credit report", () => {
    const { uiSchema } = stepById(defs, "debtConsolidation") as { uiSchema: Record<string, any> };
    expect(uiSchema.mortgages["ui:description"]).toMatch(
      /^These are the mortgages and home loans you listed/,
    );
    expect(uiSchema.mortgages["ui:description"]).not.toMatch(/from your credit report/i);
  });

  it("hides the mortgages when none were listed", () => {
    expect(logic({ mortgages: [] }, { today: TODAY }).hidden).toContain("/mortgages");
    expect(
      logic(
        { mortgages: [{ creditor: "Rocket Mortgage", type: "mortgage", balance: 210000 }] },
        { today: TODAY },
      ).hidden,
    ).not.toContain("/mortgages");
  });
});
