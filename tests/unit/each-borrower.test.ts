// A step's part for each borrower is written once (eachBorrower) and the engine makes the main
// borrower's and the co-borrower's copies, from the borrowers of rules/members.json.
import { describe, expect, it } from "vitest";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const step = (id: string) => defs.steps.get(id)!.def;

describe("a step's part for each borrower", () => {
  it("is made into the main borrower's part (user) and the co-borrower's (coborrower)", () => {
    const employment = step("application5");
    expect(Object.keys(employment.schema.properties as object)).toEqual(["user", "coborrower"]);
    expect((employment.uiSchema as Record<string, unknown>)["ui:order"]).toEqual(["user", "coborrower"]);
    expect(employment.visibleWhen).toMatchObject({
      "/coborrower": { "==": [{ var: "setup.hasCoborrower" }, true] },
      "/user/employments/*/percentageOwned": { "==": [{ var: "user.isSelfEmployed" }, true] },
      "/coborrower/employments/*/percentageOwned": { "==": [{ var: "coborrower.isSelfEmployed" }, true] },
    });
  });

  it("requires the main borrower's answers always, the co-borrower's only while one applies", () => {
    const employment = step("application5");
    expect((employment.schema as { required?: string[] }).required).toEqual(["user"]);
    expect(employment.requiredWhen).toMatchObject({
      "/coborrower/isSelfEmployed": true,
      "/coborrower/employments": true,
    });
  });

  it("gives the co-borrower's copy of a check its own id and, where the step says so, its own message", () => {
    const checks = step("application5").checks!.map((c) => [c.id, c.field, c.message.slice(0, 30)]);
    expect(checks).toContainEqual([
      "employment.two-year-coverage",
      "/user/employments",
      "Your employment history must c",
    ]);
    expect(checks).toContainEqual([
      "employment.coborrower.two-year-coverage",
      "/coborrower/employments",
      "Your co-borrower's employment ",
    ]);
  });

  it("validates each borrower's copy on their own answers", () => {
    const validate = createStepValidator(defs, "manualIncomeVerification");
    const together = { setup: { hasCoborrower: true }, coborrower: { firstName: "Sam" } };
    const rental = {
      type: "rental",
      otherValue: 12000,
      address: { line1: "1 Main St", city: "Tampa", state: "FL", zip: "33602" },
      rentalUnits: 0,
    };
    const result = validate(
      { user: { incomeSources: [] }, coborrower: { incomeSources: [rental] } },
      { application: together, today: "2026-11-22" },
    );
    expect(result.errors).toEqual([
      expect.objectContaining({
        pointer: "/coborrower/incomeSources/0/rentalUnits",
        ruleId: "other-income.coborrower.rented-units",
      }),
    ]);
  });
});
