// What a page waits for before it shows a step: the Fluent components its fields draw with
// (fluent-parts.tsx), so the step appears whole, with no field coming a moment later.
import type { JsonSchema } from "../definitions/bundle";
import type { Step } from "../definitions/definitions";
import { loadParts, partsForStep, partsLoaded } from "./fluent-parts";

const partsOf = (step: Step, schema: JsonSchema) =>
  partsForStep(schema, [step.uiSchema, ...Object.values(step.textFor ?? {}).map((text) => text?.uiSchema)], {
    sameAs: step.sameAs !== undefined,
  });

/** Loads the parts of `step`, whose answer schema, with its `$ref`s inlined, is `schema` (engine/definitions/bundle.ts). */
export const loadStepParts = (step: Step, schema: JsonSchema): Promise<void> =>
  loadParts(partsOf(step, schema));

/** Whether the parts of `step` are all loaded (a page then shows it without waiting a turn). */
export const stepPartsLoaded = (step: Step, schema: JsonSchema): boolean =>
  partsLoaded(partsOf(step, schema));
