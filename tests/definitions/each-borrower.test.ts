// npm run check on a step's part for each borrower, on an edited copy of the definitions: the slow
// part of tests/unit/each-borrower.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("a step's part for each borrower", () => {
  it("refuses words for a borrower rules/members.json does not have", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/other-income.json",
      (s) => (s.eachBorrower.as = { coborower: { uiSchema: {} } }),
    );
    expect(loadCopy(copy).problems.map(problemText)).toContain(
      'steps/application/other-income.json#/eachBorrower/as/coborower: "coborower" is not a borrower of rules/members.json params.borrowers (borrower, coborrower), did you mean `coborrower`?',
    );
  });
});
