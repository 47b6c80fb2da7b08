// The income verification step on an edited copy of the definitions: the slow part of
// tests/unit/steps-after-application.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { nextStep } from "@engine/funnel/funnel";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

const today = "2026-11-22";

const borrower = { firstName: "Maria", lastName: "Alvarez" };
const coborrower = { firstName: "Daniel", lastName: "Alvarez" };
const together = { user: borrower, coborrower, setup: { hasCoborrower: true } };

describe("the income verification step (application6)", () => {
  it("asks, after the disclosures, once connecting an account is offered (rules/documents.json params.dataConnectionOffered)", () => {
    const copy = copyDefinitions();
    copy.edit("rules/documents.json", (r) => (r.params.dataConnectionOffered = true));
    const offered = loadCopy(copy).defs;
    expect(nextStep(offered, "disclosures", together, { today }).stepId).toBe("application6");
    expect(
      nextStep(offered, "application6", { ...together, incomeVerification: { method: "manual" } }, { today })
        .stepId,
    ).toBe("identityVerification");
  });
});
