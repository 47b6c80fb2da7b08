// A save judges only the reader's part of a step (and of a section, only its fields): the step
// validator is told which fields are judged, so it does not word errors the save drops (the other
// borrower's declarations, when the owner saves theirs). Told so, it returns exactly the errors it
// returns untold at those fields, on every step, for each borrower's part and each section.
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { isWithin } from "@engine/base/pointer";
import { sliceAnswers } from "@engine/form/answers";
import { OWNER_ROLE, partOf, writes } from "@engine/funnel/members";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";

/** The answers, then each answer made wrong in turn (a text no choice has, a number), then none. */
const answerSets = (answers: unknown): unknown[] => [
  answers,
  {},
  ...wrongAnswers(answers, ["not-a-choice", 7]),
];

describe("a step validator told which fields are judged", () => {
  it("returns the errors it returns untold at those fields, for each borrower's part and each section", () => {
    const doc = twoBorrowers();
    const parts = [OWNER_ROLE, "coborrower"].map((role) => partOf(defs, role, doc, TODAY));
    let dropped = 0;
    for (const [stepId, { def }] of defs.steps) {
      const validate = createStepValidator(defs, stepId);
      const slice = sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {};
      const sections = [undefined, ...(def.sections ?? []).map((s) => s.fields)];
      for (const answers of answerSets(slice))
        for (const part of parts)
          for (const within of sections) {
            const judged = (pointer: string) =>
              (pointer === "" ? !within : writes(part, pointer)) &&
              (!within || within.some((f) => isWithin(pointer, f)));
            const context = { application: doc, today: TODAY, role: part.role };
            const untold = validate(answers, context);
            const told = validate(answers, { ...context, judged });
            const expected = untold.errors.filter((e) => judged(e.pointer));
            expect(told.errors, `${stepId} ${part.role} ${JSON.stringify(answers).slice(0, 100)}`).toEqual(
              expected,
            );
            expect(told.answers).toEqual(untold.answers);
            expect(told.hidden).toEqual(untold.hidden);
            dropped += untold.errors.length - expected.length;
          }
    }
    // The fields left unjudged did fail: the comparison covers errors the told validator drops.
    expect(dropped).toBeGreaterThan(100);
  }, 120_000);
});
