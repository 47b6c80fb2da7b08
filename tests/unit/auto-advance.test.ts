// Steps that advance when a choice is made (root ui:options.autoAdvance): product operations opt a
// step in by data; the linter lets only one-question single-choice steps do it.
import { describe, expect, it } from "vitest";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const AT = "/uiSchema/ui:options/autoAdvance";
const autoAdvanceProblems = (problems: { file: string; pointer: string; message: string }[]) =>
  problems.filter((p) => p.pointer === AT).map((p) => `${p.file}: ${p.message}`);

describe("auto-advance on a single-choice question", () => {
  it("is opted in by the early funnel's yes/no and credit range steps", () => {
    for (const id of ["hasFbm", "isSelfEmployed", "creditRange"])
      expect((repo.defs.steps.get(id)!.def.uiSchema as Record<string, any>)["ui:options"]).toEqual({
        autoAdvance: true,
      });
    expect(autoAdvanceProblems(repo.problems)).toEqual([]);
  });

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
