// Borrowers' words read from an edited copy of rules/members.json: the slow part of
// tests/unit/borrowers-documents.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { roleWords } from "@engine/lending/borrowers";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("borrowers", () => {
  it("take their words from rules/members.json", () => {
    const copy = copyDefinitions();
    copy.edit("rules/members.json", (members) => {
      members.params.roles.coborrower.words.whose = "your partner's";
    });
    expect(roleWords(loadCopy(copy).defs, "coborrower").whose).toBe("your partner's");
  });
});
