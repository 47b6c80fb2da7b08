// What a page waits for before it shows a step: the Fluent components its fields draw with
// (fluent-parts.tsx), so the step appears whole, with no field coming a moment later.
import type { JsonSchema } from "../bundle";
import type { Step } from "../definitions";
import { loadParts, partsForStep } from "./fluent-parts";

/** Loads the parts of `step`, whose answer schema, with its `$ref`s inlined, is `schema` (engine/bundle.ts). */
export function loadStepParts(step: Step, schema: JsonSchema): Promise<void> {
  const uiSchemas = [step.uiSchema, ...Object.values(step.textFor ?? {}).map((text) => text?.uiSchema)];
  return loadParts(partsForStep(schema, uiSchemas, { sameAs: step.sameAs !== undefined }));
}
