// The step renderer's RJSF validator judges nothing and compiles nothing (engine/react/render-validator.ts):
// every step renders without RJSF asking it a question.
import { createSchemaUtils, type RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { sliceAnswers } from "@engine/form/answers";
import { toRenderSchema } from "@engine/form/render-schema";
import { renderValidator } from "@engine/react/render-validator";
import { repo } from "../helpers/definitions";
import { twoBorrowers } from "../helpers/journeys";

describe("the step renderer's validator", () => {
  it("is never asked to choose between alternatives: no render schema has any", () => {
    const doc = twoBorrowers();
    for (const stepId of repo.defs.steps.keys()) {
      const schema = toRenderSchema(bundleStepSchema(repo.defs, stepId)) as RJSFSchema;
      const utils = createSchemaUtils(renderValidator, schema);
      for (const answers of [{}, sliceAnswers(bundleStepSchema(repo.defs, stepId), doc) ?? {}]) {
        expect(() => utils.getDefaultFormState(schema, answers), stepId).not.toThrow();
        expect(() => utils.retrieveSchema(schema, answers), stepId).not.toThrow();
      }
    }
  });

  it("says so, naming the schema, when asked to choose", () => {
    expect(() => renderValidator.isValid({ if: { properties: { a: { const: 1 } } } }, {}, {})).toThrow(
      /visibleWhen/,
    );
  });
});
