// Issue 23, item 7: debt consolidation speaks of "debts from your credit report" only over debts
// that came from it, never over an empty list or one the applicant filled in.
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import { createFieldLogic } from "@engine/logic/field-logic";
import { newItemValues } from "@engine/logic/new-items";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const logic = createFieldLogic(defs, "debtConsolidation");
const creditReport = /credit report/i;
const noticesAt = (answers: unknown, pointer: string) =>
  logic(answers)
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

describe("debt consolidation's words about the credit report", () => {
  it("does not speak of the credit report in the step's own words, which an empty list also reads", () => {
    expect(stepById(defs, "debtConsolidation").description).not.toMatch(creditReport);
  });

  it("says the debts listed are from the credit report when some came from it", () => {
    expect(noticesAt({ liabilities: [reported, mine] }, "/liabilities")).toEqual([
      expect.stringMatching(creditReport),
    ]);
  });

  it("says nothing of the credit report over an empty list", () => {
    expect(noticesAt({ liabilities: [] }, "/liabilities")).toEqual([]);
    expect(noticesAt({}, "/liabilities")).toEqual([]);
  });

  it("says nothing of the credit report over debts the applicant added", () => {
    expect(noticesAt({ liabilities: [mine] }, "/liabilities")).toEqual([]);
  });

  it("marks a debt the applicant adds as theirs", () => {
    expect(newItemValues(defs, "debtConsolidation", "/liabilities", { liabilities: [] })).toEqual({
      addedByUser: true,
    });
  });

  it("hides the credit report's mortgages when it found none", () => {
    expect(logic({ mortgages: [] }).hidden).toContain("/mortgages");
    expect(
      logic({ mortgages: [{ creditor: "Rocket Mortgage", type: "mortgage", balance: 210000 }] }).hidden,
    ).not.toContain("/mortgages");
  });
});
