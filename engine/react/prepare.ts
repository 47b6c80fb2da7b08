// Everything a step form needs that depends only on the definitions and the step, built once per
// definitions set and step: the self-contained render schema, the checked UI schema, the engine's
// step validator and the visibility/requirement logic.
import type { UiSchema } from "@rjsf/utils";
import { bundleStepSchema, type JsonSchema } from "../definitions/bundle";
import { stepById, type Definitions, type Step } from "../definitions/definitions";
import { createStepValidator, type StepValidator } from "../validation/validate";
import { createFieldLogic, type FieldLogic } from "../logic/field-logic";
import { toRenderSchema, unknownWidgets, withoutWidgets } from "../form/render-schema";
import { overlay } from "../definitions/each-borrower";
import { isWhole, schemaForPart, uiSchemaForPart, writes, type Part } from "../funnel/members";

export interface PreparedStep {
  step: Step;
  /** The step's answer schema, self-contained (engine/definitions/bundle.ts). */
  bundled: JsonSchema;
  /** What RJSF renders: the bundle with nullable unions shown as optional fields. */
  schema: JsonSchema;
  uiSchema: UiSchema;
  validate: StepValidator;
  logic: FieldLogic;
}

const cache = new WeakMap<Definitions, Map<string, PreparedStep>>();

/**
 * Prepares a step once per definitions set. A `ui:widget` name that is not registered throws in
 * development (`dev`), so a typo in a step file is seen at once; in production it is logged and the
 * field falls back to the default widget for its type.
 */
export function prepareStep(
  defs: Definitions,
  stepId: string,
  knownWidgets: Iterable<string>,
  dev: boolean,
): PreparedStep {
  let perStep = cache.get(defs);
  if (!perStep) cache.set(defs, (perStep = new Map()));
  const hit = perStep.get(stepId);
  if (hit) return hit;

  const step = stepById(defs, stepId);
  const bundled = bundleStepSchema(defs, stepId);
  let uiSchema = (step.uiSchema ?? {}) as UiSchema;
  const unknown = unknownWidgets(uiSchema, knownWidgets);
  if (unknown.length > 0) {
    const message = `step "${stepId}" uses unknown ui:widget ${unknown.map((u) => `"${u.widget}" at uiSchema${u.at || "/"}`).join(", ")}; known: ${[...knownWidgets].join(", ")}`;
    if (dev) throw new Error(message);
    console.error(message);
    uiSchema = withoutWidgets(uiSchema, unknown) as UiSchema;
  }
  const prepared: PreparedStep = {
    step,
    bundled,
    schema: toRenderSchema(bundled),
    uiSchema,
    validate: createStepValidator(defs, stepId),
    logic: createFieldLogic(defs, stepId),
  };
  perStep.set(stepId, prepared);
  return prepared;
}

const partCache = new WeakMap<PreparedStep, Map<string, PreparedStep>>();

/**
 * The step as one borrower answers it (rules/members.json): only their part is shown, asked and
 * judged; the other borrower's answers are theirs to give. The server holds the same line.
 */
export function prepareForPart(prepared: PreparedStep, part: Part | null | undefined): PreparedStep {
  if (!part || isWhole(part)) return prepared;
  let perPart = partCache.get(prepared);
  if (!perPart) partCache.set(prepared, (perPart = new Map()));
  const key = JSON.stringify(part);
  const hit = perPart.get(key);
  if (hit) return hit;
  const bundled = schemaForPart(prepared.bundled, part);
  // A member reads their part in their own voice: the step's textFor.<role> laid over its layout.
  const ownWords = prepared.step.textFor?.[part.role]?.uiSchema;
  const uiSchema = ownWords ? (overlay(prepared.uiSchema, ownWords) as UiSchema) : prepared.uiSchema;
  const out: PreparedStep = {
    ...prepared,
    bundled,
    schema: toRenderSchema(bundled),
    uiSchema: uiSchemaForPart(uiSchema as Record<string, unknown>, part) as UiSchema,
    validate: (answers, context) => {
      const result = prepared.validate(answers, { ...context, role: part.role });
      const errors = result.errors.filter((e) => e.pointer === "" || writes(part, e.pointer));
      return { ...result, errors, valid: errors.length === 0 };
    },
  };
  perPart.set(key, out);
  return out;
}
