// The schemas ajv compiles, each enumeration (oneOf of const branches) checked against its values
// first (engine/definitions/enum-guard.ts), decide exactly as the schemas as written, with the same
// messages, on the demo applications and on every one of their answers made wrong: application.json,
// every step's validator and every rule set's input. A whole second definitions set is compiled.
import { describe, expect, it } from "vitest";
import { createAjv, type ErrorObject } from "@engine/definitions/ajv";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { buildDefinitions, compileRuleInput, compileSchemaFile } from "@engine/definitions/definitions";
import { sliceAnswers } from "@engine/form/answers";
import { describeAjvErrors } from "@engine/validation/messages";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
/** The same definitions compiled from the schemas as written. */
const plain = buildDefinitions(defs.files, {
  trusted: true,
  compiler: (schemas) => createAjv(schemas, { trusted: true, guard: false }),
}).defs;

/** Every answer of `doc` made wrong in turn: a text no choice has, a number, null. */
const wrongs = (doc: unknown): unknown[] => wrongAnswers(doc, ["not-a-choice", 7, null]);

/** ajv's errors as a person's message reads them, and as the meta-checks list them (which skip `if`). */
const raw = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .filter((e) => e.keyword !== "if")
    .map((e) =>
      JSON.stringify([
        e.instancePath,
        e.keyword,
        e.params,
        e.message,
        (e.parentSchema as { title?: string })?.title,
      ]),
    )
    .sort();

describe("the guarded schemas decide as the schemas as written", () => {
  const docs = [singleBorrower(), twoBorrowers()];

  it("on the whole application, its every answer made wrong", () => {
    const guarded = compileSchemaFile(defs, "application.json");
    const written = compileSchemaFile(plain, "application.json");
    expect(guarded).not.toBe(written);
    let refused = 0;
    for (const doc of docs)
      for (const edited of [doc, ...wrongs(doc)]) {
        const ok = guarded(edited);
        expect(ok).toBe(written(edited));
        if (ok) continue;
        refused++;
        expect(describeAjvErrors(guarded.errors)).toEqual(describeAjvErrors(written.errors));
        expect(raw(guarded.errors)).toEqual(raw(written.errors));
      }
    expect(refused).toBeGreaterThan(500);
  });

  it("on every step's answers, its every answer made wrong", () => {
    let refused = 0;
    for (const stepId of defs.steps.keys()) {
      const guarded = createStepValidator(defs, stepId);
      const written = createStepValidator(plain, stepId);
      for (const doc of docs) {
        const slice = sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {};
        for (const answers of [slice, ...wrongs(slice)]) {
          const context = { application: doc, today: TODAY };
          const result = guarded(answers, context);
          expect(result, `${stepId}: ${JSON.stringify(answers).slice(0, 160)}`).toEqual(
            written(answers, context),
          );
          if (!result.valid) refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
  }, 120_000);

  it("on every rule set's input", () => {
    for (const id of defs.ruleSets.keys()) {
      const guarded = compileRuleInput(defs, id);
      const written = compileRuleInput(plain, id);
      if (!guarded || !written) {
        expect(guarded).toBe(written);
        continue;
      }
      for (const doc of docs)
        for (const edited of [doc, ...wrongs(doc).slice(0, 400)]) {
          expect(guarded(edited), id).toBe(written(edited));
          expect(raw(guarded.errors)).toEqual(raw(written.errors));
        }
    }
  });
});
