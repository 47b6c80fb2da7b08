// When the definitions change under an application in flight: which steps the applicant has
// already passed no longer accept their saved answers, and where each answer given again leads.
// Pure; the server decides when to ask (server/store/recheck.ts).
import { bundleStepSchema } from "./bundle";
import type { Definitions } from "./definitions";
import { nextStep, rankOf, routeForStatus, type NextStep } from "./funnel";
import { sliceAnswers } from "./form/answers";
import { createStepValidator, type StepValidator } from "./validate";

/** Saved on an application while a re-check is open: the steps to answer again, in path order, and the status to return to. */
export interface Recheck {
  steps: string[];
  resume: string;
}

export interface RecheckInput {
  /** The saved application document, identifiers in the clear. */
  application: unknown;
  /** The applicant's status: steps from here on are not theirs yet and are never re-checked. */
  status: string;
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

/**
 * Where a path can begin: the first step of every flow variant that no step's branch leads into
 * (the early funnel, prequal; not the application, which the offer preview leads to), the
 * applicant's own variant first.
 */
function entries(defs: Definitions, variant: string | null | undefined): string[] {
  const branchTargets = new Set([...defs.steps.values()].flatMap(({ def }) => (def.next ?? []).map((b) => b.goto).filter((g) => typeof g === "string")));
  const firsts = [...defs.flows.values()]
    .flatMap(({ def }) => def.variants)
    .filter((v) => v.steps[0] !== undefined && !branchTargets.has(v.steps[0]))
    .sort((a, b) => Number(b.id === variant) - Number(a.id === variant))
    .map((v) => v.steps[0]!);
  return [...new Set(firsts)];
}

/**
 * The steps the applicant has passed on the way to `status` under these definitions: walked from
 * the start of their flow with `next` (branches, skipped steps and branch-only steps as the funnel
 * walks them), stopping at the status and never going beyond its rank. When no walk reaches the
 * status (the definitions moved it), the walk from the applicant's own flow up to its rank.
 */
export function pathTo(defs: Definitions, input: RecheckInput): string[] {
  const limit = rankOf(defs, input.status);
  if (limit === null) return []; // a status the definitions no longer rank: we cannot tell where the applicant is
  let fallback: string[] | null = null;
  for (const start of entries(defs, input.variant)) {
    const path: string[] = [];
    let at: string | null = start;
    while (at !== null && at !== input.status && !path.includes(at) && (rankOf(defs, at) ?? Infinity) <= limit) {
      path.push(at);
      at = nextStep(defs, at, input.application, { variant: input.variant ?? undefined, today: input.today }).stepId;
    }
    if (at === input.status) return path;
    fallback ??= path;
  }
  return fallback ?? [];
}

const asksSomething = (defs: Definitions, stepId: string) => Object.keys(defs.steps.get(stepId)?.def.schema.properties ?? {}).length > 0;

/**
 * The steps on the applicant's path whose saved answers the step's validator now refuses, in
 * path order. Each step is judged on its own slice of the document (its schema refuses other
 * fields), with the whole document for its logic; display-only steps never fail.
 */
export function invalidSteps(defs: Definitions, input: RecheckInput, validatorOf = cachedStepValidator): InvalidStep[] {
  const out: InvalidStep[] = [];
  for (const stepId of pathTo(defs, input)) {
    if (!asksSomething(defs, stepId)) continue;
    const answers = sliceAnswers(bundleStepSchema(defs, stepId), input.application ?? {}) ?? {};
    const result = validatorOf(defs, stepId)(answers, { application: input.application, today: input.today });
    // An answer the step's effects only check (a one-time code) is never saved: nothing to re-check.
    const forgotten = new Set((defs.steps.get(stepId)?.def.effects ?? []).flatMap((effect) => effect.forget ?? []));
    const failing = [...new Set(result.errors.map((e) => e.pointer))].filter((pointer) => !forgotten.has(pointer));
    if (failing.length) out.push({ stepId, pointers: failing });
  }
  return out;
}

/**
 * True for the last step of a flow with no branch out (the submitted page): a submitted
 * application is not re-opened; its answers keep the version they were submitted under.
 */
export function isFinalStatus(defs: Definitions, status: string): boolean {
  const step = defs.steps.get(status)?.def;
  if (!step || (step.next ?? []).length > 0) return false;
  const listing = [...defs.flows.values()].flatMap(({ def }) => def.variants).filter((v) => v.steps.includes(status));
  return listing.length > 0 && listing.every((v) => v.steps.at(-1) === status);
}

export interface AfterAnswer {
  status: string;
  /** Where the applicant goes next, and its step (null for a page that is not a step). */
  route: string;
  stepId: string | null;
  recheck: Recheck | null;
}

/**
 * Where an answer takes an applicant while a re-check is open. `resume` moves forward as the
 * status would (an answer past it, given before the re-check opened, counts). The list is worked
 * out again on the saved document (an answer can put a step on the path, a co-borrower's for
 * one), so it shrinks as the applicant answers; the status is the first step still listed, or
 * `resume` once none is. A branch off the funnel (an ineligible page) is followed as always;
 * walking forward through valid steps is too, but never past a step still to answer again.
 */
export function afterRecheckAnswer(defs: Definitions, open: Recheck, answered: { stepId: string; next: NextStep; application: unknown; variant?: string | null; today: string }): AfterAnswer {
  const { next } = answered;
  const rank = (id: string) => rankOf(defs, id) ?? -1;
  const resume = next.stepId !== null && rank(next.stepId) > rank(open.resume) ? next.stepId : open.resume;
  const left = invalidSteps(defs, { application: answered.application, status: resume, variant: answered.variant, today: answered.today }).map((s) => s.stepId);
  const first = left[0];
  const recheck = first === undefined ? null : { steps: left, resume };
  const status = first ?? resume;
  if (next.route !== null && (next.stepId === null || (first !== undefined && !open.steps.includes(answered.stepId) && rank(next.stepId) <= rank(first))))
    return { status, route: next.route, stepId: next.stepId, recheck };
  const to = first ?? resume;
  return { status, route: defs.steps.get(to)?.def.route ?? routeForStatus(defs, to), stepId: defs.steps.has(to) ? to : null, recheck };
}
