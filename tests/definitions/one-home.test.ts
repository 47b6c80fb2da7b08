// npm run check on the owner's role, on an edited copy of the definitions: the slow part of
// tests/unit/one-home.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("the owner's role", () => {
  it("cannot be renamed by a definitions change: check refuses it, naming the field", () => {
    const copy = copyDefinitions();
    copy.edit("rules/members.json", (json) => (json.params.owner.role = "primary"));
    const messages = loadCopy(copy).problems.map(problemText);
    expect(
      messages.some((m) => m.includes("/params/owner/role") && m.includes('cannot change to "primary"')),
    ).toBe(true);
  });
});
