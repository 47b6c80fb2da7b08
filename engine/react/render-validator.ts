// RJSF's validator, for the renderer only. RJSF asks a validator two things: whether answers are
// valid (we pass `noValidate`: the engine's step validator judges, engine/validation/validate.ts) and, for a
// schema with alternatives (if/then/else, dependencies, oneOf/anyOf), which branch the answers
// match. Render schemas have no such alternatives (engine/form/render-schema.ts turns nullable
// unions and labelled enumerations into plain fields; steps show and hide fields with visibleWhen),
// so neither is ever asked, and the renderer needs no JSON Schema compiler: RJSF's own
// (@rjsf/validator-ajv8) compiles in the browser, which the CSP forbids. A question it cannot
// answer is an error naming the schema, never a guess.
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";

const unsupported = (what: string, schema: unknown): never => {
  throw new Error(
    `the step renderer does not ${what} (schema ${JSON.stringify(schema).slice(0, 200)}): show and hide fields with visibleWhen instead of JSON Schema alternatives`,
  );
};

export const renderValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema: RJSFSchema) => unsupported("choose between schema alternatives", schema),
  rawValidation: (schema: RJSFSchema) => unsupported("validate answers", schema),
};
