// What a page waits for before it shows a step: the Fluent components its fields draw with
// (fluent-chunks.tsx), so the step appears whole, with no field coming a moment later.
import type { JsonSchema } from "../definitions/bundle";
import type { Step } from "../definitions/definitions";
import { loadChunks, chunksForStep, chunksLoaded } from "./fluent-chunks";

const partsOf = (step: Step, schema: JsonSchema) =>
  chunksForStep(schema, [step.uiSchema, ...Object.values(step.textFor ?? {}).map((text) => text?.uiSchema)], {
    sameAs: step.sameAs !== undefined,
  });

/** Loads the parts of `step`, whose answer schema, with its `$ref`s inlined, is `schema` (engine/definitions/bundle.ts). */
export const loadStepChunks = (step: Step, schema: JsonSchema): Promise<void> =>
  loadChunks(partsOf(step, schema));

/** Whether the parts of `step` are all loaded (a page then shows it without waiting a turn). */
export const stepChunksLoaded = (step: Step, schema: JsonSchema): boolean =>
  chunksLoaded(partsOf(step, schema));
