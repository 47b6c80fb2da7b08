// Steps that advance when a choice is made (root ui:options.autoAdvance): product operations opt a
// step in by data; the linter lets only one-question single-choice steps do it.
import { describe, expect, it } from "vitest";
import { repo } from "../helpers/definitions";

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
});
