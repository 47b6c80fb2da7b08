// When the definitions change under an application in flight: which of the steps the applicant
// has already saved no longer accept their saved answers. Pure; the server decides when to ask
// (server/features/steps/recheck.ts) and takes those steps off the applicant's saved list, so the path
// (engine/funnel/journey.ts) leads them back through those steps, and only those.
import { bundleStepSchema } from "../definitions/bundle";
import type { Definitions } from "../definitions/definitions";
import { sliceAnswers } from "../form/answers";
import { completedUpTo } from "./journey";
import { createStepValidator, type StepValidator } from "../validation/validate";

/**
 * Saved on an application while a re-check is open: the steps to answer again, in path order (each
 * page says so while it is listed). `resume` is kept from re-checks opened before the path was the
 * server's; nothing reads it now.
 */
export interface Recheck {
  steps: string[];
  resume?: string;
}

export interface RecheckInput {
  /** The saved application document, identifiers in the clear. */
  application: unknown;
  /** The steps to judge: those the applicant has saved on their path, in path order. */
  steps?: readonly string[];
  /** Without `steps`: the applicant's status, whose walk gives them (steps from it on are not theirs yet). */
  status?: string;
  variant?: string | null;
  today: string;
}

export interface InvalidStep {
  stepId: string;
  /** The fields whose saved answers fail (pointers only: no values). */
  pointers: string[];
}

const validators = new WeakMap<Definitions, Map<string, StepValidator>>();

/** The step validator, compiled once per definitions set (step.submit shares it). */
export function cachedStepValidator(defs: Definitions, stepId: string): StepValidator {
  let byStep = validators.get(defs);
  if (!byStep) validators.set(defs, (byStep = new Map()));
  let validate = byStep.get(stepId);
  if (!validate) byStep.set(stepId, (validate = createStepValidator(defs, stepId)));
  return validate;
}

/** The steps saved on the way to `status`, walked from the start of the applicant's flow (engine/funnel/journey.ts). */
export const pathTo = (defs: Definitions, input: RecheckInput): string[] =>
  input.status
    ? completedUpTo(defs, input.status, {
        application: input.application,
        variant: input.variant,
        today: input.today,
      })
    : [];

const asksSomething = (defs: Definitions, stepId: string) =>
  Object.keys(defs.steps.get(stepId)?.def.schema.properties ?? {}).length > 0;

/**
 * The steps on the applicant's path whose saved answers the step's validator now refuses, in
 * path order. Each step is judged on its own slice of the document (its schema refuses other
 * fields), with the whole document for its logic; display-only steps never fail.
 */
export function invalidSteps(
  defs: Definitions,
  input: RecheckInput,
  validatorOf = cachedStepValidator,
): InvalidStep[] {
  const out: InvalidStep[] = [];
  for (const stepId of input.steps ?? pathTo(defs, input)) {
    if (!asksSomething(defs, stepId)) continue;
    const answers = sliceAnswers(bundleStepSchema(defs, stepId), input.application ?? {}) ?? {};
    const result = validatorOf(defs, stepId)(answers, { application: input.application, today: input.today });
    // An answer the step's effects only check (a one-time code), or a confirmation it only checks
    // (`transient`), is never saved: nothing to re-check.
    const step = defs.steps.get(stepId)?.def;
    const forgotten = new Set([
      ...(step?.effects ?? []).flatMap((effect) => effect.forget ?? []),
      ...(step?.transient ?? []),
    ]);
    const failing = [...new Set(result.errors.map((e) => e.pointer))].filter(
      (pointer) => !forgotten.has(pointer),
    );
    if (failing.length) out.push({ stepId, pointers: failing });
  }
  return out;
}
