// What readers see says nothing of how the definitions are made (engine/lint/reader-words.ts):
// npm run check names the file and field of a text that cites the spec, a definitions file, a
// rule id or an editor's term, whichever kind of definition holds it.
import { describe, expect, it } from "vitest";
import { checkSet } from "@engine/lint/check-set";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions } from "../helpers/definitions";

const readerProblems = (copy: ReturnType<typeof copyDefinitions>) =>
  checkSet(copy.dirs)
    .problems.map(formatProblem)
    .filter((line) => line.includes("readers see this text"));

describe("texts readers see", () => {
  it("the shipped definitions cite nothing an editor meant for editors", () => {
    expect(readerProblems(copyDefinitions({ content: true }))).toEqual([]);
  });

  it("refuses a condition description that tells the borrower which spec section has no document type", () => {
    const copy = copyDefinitions({ content: true });
    copy.edit("rules/conditions.json", (r) => {
      r.params.conditions["416"].description += " (No document type of spec §5 fits, so none is set.)";
    });
    expect(readerProblems(copy)).toEqual([
      expect.stringMatching(
        /^rules\/conditions\.json:\d+:\d+ #\/params\/conditions\/416\/description: readers see this text, and it names a section of the spec \(“spec §”\)/,
      ),
    ]);
  });

  it("refuses a step title that names a rule id or a rules file", () => {
    const copy = copyDefinitions({ content: true });
    copy.edit("steps/initial-setup/email.json", (step) => {
      step.title = "Your email, which the rule identity.email-proof checks (rules/identity.json)";
    });
    const lines = readerProblems(copy);
    expect(lines).toContainEqual(
      expect.stringMatching(/^steps\/initial-setup\/email\.json:\d+:\d+ #\/title: .*a rule id/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^steps\/initial-setup\/email\.json:\d+:\d+ #\/title: .*a definitions or code file \(“rules\/identity\.json”\)/,
      ),
    );
  });

  it("lets a description for editors say all of that", () => {
    const copy = copyDefinitions({ content: true });
    copy.edit("rules/conditions.json", (r) => {
      r.params.conditions["416"].designNote =
        "Designed entry: no document type of spec §5 fits (rules/document-types.json).";
    });
    expect(readerProblems(copy)).toEqual([]);
  });
});
