// npm run check on auto-advance, on an edited copy of the definitions: the slow part of
// tests/unit/auto-advance.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

const AT = "/uiSchema/ui:options/autoAdvance";
const autoAdvanceProblems = (problems: { file: string; pointer: string; message: string }[]) =>
  problems.filter((p) => p.pointer === AT).map((p) => `${p.file}: ${p.message}`);

describe("auto-advance on a single-choice question", () => {
  it("is refused on a step with two questions, or with a question that is not a single choice", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/initial-setup/name.json",
      (step) => (step.uiSchema = { ...step.uiSchema, "ui:options": { autoAdvance: true } }),
    );
    copy.edit(
      "steps/initial-setup/property-value.json",
      (step) => (step.uiSchema = { ...step.uiSchema, "ui:options": { autoAdvance: true } }),
    );
    const problems = autoAdvanceProblems(loadCopy(copy).problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /name\.json: a step advances on a choice only when it asks one single-choice question .*this one asks 3 fields/,
        ),
        expect.stringMatching(
          /property-value\.json: .*this one asks \/setup\/propertyValue with the currency widget/,
        ),
      ]),
    );
  });
});
