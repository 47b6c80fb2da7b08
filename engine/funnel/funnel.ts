// Walking the funnel: ranks, labels, the page for a status, the redirect guard and the next step.
// Every table and condition is in rules/ and steps/; this module only looks them up.
import { stepById, type Definitions, type Flow } from "../definitions/definitions";
import { evaluate, holds, operatorFunctions, type Data } from "../logic/logic";
import { evaluateRuleSet, presentResult } from "../logic/rules";
import { stepLogicData } from "../logic/step-data";

export { stepLogicData };

const lookup = operatorFunctions.lookup;

/** A status's place in the funnel: its step's rank, or the rank rules/funnel.json gives a status that is not a step. */
export function rankOf(defs: Definitions, status: string): number | null {
  return (lookup(defs.funnel.ranks, status, null) as number | null) ?? null;
}

/** A status's name for applicants and portal users: its step's label (or a non-step status's own). */
export function labelOf(defs: Definitions, status: string): string | null {
  return (lookup(defs.funnel.labels, status, null) as string | null) ?? null;
}

/**
 * A step's name as applicants read it: its applicantLabel where the label (the spec's name, which
 * the portal keeps) is jargon, else the label; null for a status that is not a step.
 */
export function applicantLabelOf(defs: Definitions, stepId: string): string | null {
  const step = defs.steps.get(stepId)?.def;
  return step ? (step.applicantLabel ?? step.label) : null;
}

/** The one place a status becomes a page: its step's route; a status without a page gets the default route. */
export function routeForStatus(defs: Definitions, status: string | null | undefined): string {
  return lookup(defs.funnel.routes, status, defs.funnel.defaultRoute) as string;
}

export interface RedirectInput {
  applicationStatus: string | null;
  path: string;
  previousPath: string | null;
  hasLoan: boolean;
}

export interface Redirect {
  target: string | null;
  ruleId: string;
  reason: string;
}

/**
 * The redirect guard of rules/redirect.json: where to send a user who opens `path`, or null to
 * stay. `today` is the caller's day (the server's clock, the browser's), never a default.
 */
export function redirectFor(defs: Definitions, input: RedirectInput, today: string): Redirect {
  const result = presentResult(defs, "redirect", evaluateRuleSet(defs, "redirect", input, { today }));
  return {
    target: (result.target as string | null) ?? null,
    ruleId: String(result.ruleId),
    reason: String(result.reason),
  };
}

export interface NextStep {
  /** The next step's id, or null when the next page is not a step (an ineligible page) or the flow ends. */
  stepId: string | null;
  route: string | null;
  ruleId: string;
  reason: string;
}

/** Which walk: the applicant's variant; `flow` names a member's flow (answeredBy), never walked otherwise. */
export interface WalkOptions {
  variant?: string | null;
  flow?: string | null;
  /** The day the step logic reads (yyyy-MM-dd): the caller's (the server's clock, the browser's), never a default. */
  today: string;
}

type Position = {
  flow: Flow;
  variant: Flow["variants"][number];
  /** Its rule id and reasons, made when first given (each position is one step's, so the text is the same for every walk). */
  said?: { ruleId: string; after: string; last: string };
};

/** Every step's flow variants, in the flows' order: a walk asks at each of its steps. Worked out once per loaded set. */
const positions = new WeakMap<Definitions, Map<string, Position[]>>();
function positionsOf(defs: Definitions): Map<string, Position[]> {
  let byStep = positions.get(defs);
  if (!byStep) {
    byStep = new Map();
    for (const { def: flow } of defs.flows.values())
      for (const variant of flow.variants)
        for (const stepId of new Set(variant.steps))
          byStep.set(stepId, [...(byStep.get(stepId) ?? []), { flow, variant }]);
    positions.set(defs, byStep);
  }
  return byStep;
}

const NONE: readonly Position[] = [];

/** The flow variant an applicant walks: theirs if it lists the step, else the first that does. */
function flowPosition(
  defs: Definitions,
  stepId: string,
  variantId?: string | null,
  flowId?: string | null,
): Position | undefined {
  // One pass, no filtered copy: a walk asks at each of its steps.
  let first: Position | undefined;
  for (const c of positionsOf(defs).get(stepId) ?? NONE) {
    if (flowId ? c.flow.id !== flowId : c.flow.answeredBy !== undefined) continue;
    if (c.variant.id === variantId) return c;
    first ??= c;
  }
  return first;
}

/** A position's rule id and reasons for the step it is at (`stepId`): made once, not per walk. */
const saidAt = (position: Position, stepId: string) =>
  (position.said ??= {
    ruleId: `flow.${position.flow.id}.${position.variant.id}`,
    after: `the step after "${stepId}" in ${position.flow.id} (${position.variant.id})`,
    last: `"${stepId}" is the last step of ${position.flow.id} (${position.variant.id})`,
  });

const skipped = (defs: Definitions, stepId: string, data: Data) => {
  const when = defs.steps.get(stepId)?.def.skipWhen;
  return when !== undefined && holds(when, data);
};

/**
 * The step after `stepId` in the applicant's flow, skipped steps passed over: what flowStepsFor's
 * list has next, found by reading on from the step instead of judging every step of the flow (a
 * walk asks at each of its steps).
 */
function nextInFlow(
  defs: Definitions,
  stepId: string,
  options: WalkOptions,
  data: Data,
): { position: Position; nextId: string | undefined } | null {
  const position = flowPosition(defs, stepId, options.variant, options.flow);
  if (!position) return null;
  const { steps } = position.variant;
  let nextId: string | undefined;
  for (let i = steps.indexOf(stepId) + 1; i < steps.length && nextId === undefined; i++) {
    const id = steps[i]!;
    if (id === stepId || !skipped(defs, id, data)) nextId = id;
  }
  return { position, nextId };
}

/**
 * The steps of the applicant's flow around `stepId`, without those whose skipWhen holds on the
 * application (the step itself always stays): for progress lists and Back.
 */
export function flowStepsFor(
  defs: Definitions,
  stepId: string,
  application: unknown,
  options: WalkOptions,
  logicData?: Data,
) {
  const position = flowPosition(defs, stepId, options.variant, options.flow);
  if (!position) return null;
  const data = logicData ?? stepLogicData(defs, application, options.today);
  const steps = position.variant.steps.filter((id) => id === stepId || !skipped(defs, id, data));
  return { flowId: position.flow.id, variantId: position.variant.id, steps, index: steps.indexOf(stepId) };
}

/**
 * The step before `stepId` in the applicant's flow (skipped steps passed over); for a step no flow
 * lists (one reached by a branch), the step whose branch leads to it; else null.
 */
export function previousStep(
  defs: Definitions,
  stepId: string,
  application: unknown,
  options: WalkOptions,
): string | null {
  const walk = flowStepsFor(defs, stepId, application, options);
  if (walk) return walk.index > 0 ? walk.steps[walk.index - 1]! : null;
  for (const { def } of defs.steps.values())
    if (def.id !== stepId && def.next?.some((b) => b.goto === stepId)) return def.id;
  return null;
}

/**
 * After `stepId` is saved: the first of its `next` branches that holds, else the next step of the
 * flow. `logicData`: the application's stepLogicData when the caller has it (a walk over many
 * steps of one application works each rule set out once, not once per step).
 */
export function nextStep(
  defs: Definitions,
  stepId: string,
  application: unknown,
  options: WalkOptions,
  logicData?: Data,
): NextStep {
  const step = stepById(defs, stepId);
  const data = logicData ?? stepLogicData(defs, application, options.today);
  for (const branch of step.next ?? []) {
    if (branch.when !== undefined && !holds(branch.when, data)) continue;
    const goto = typeof branch.goto === "string" ? branch.goto : evaluate(branch.goto, data);
    if (typeof goto !== "string" || goto === "") continue; // logic that names no target: branch not taken
    const target = defs.steps.get(goto)?.def;
    return {
      stepId: target ? target.id : null,
      route: target ? target.route : goto,
      ruleId: branch.id,
      reason: branch.description ?? `goes to ${goto}`,
    };
  }
  // The same data as the branches read: each rule set is worked out once per call.
  const walk = nextInFlow(defs, stepId, options, data);
  if (!walk)
    return { stepId: null, route: null, ruleId: "flow.none", reason: `no flow lists step "${stepId}"` };
  const { nextId } = walk;
  const said = saidAt(walk.position, stepId);
  if (!nextId) return { stepId: null, route: null, ruleId: said.ruleId, reason: said.last };
  return { stepId: nextId, route: stepById(defs, nextId).route, ruleId: said.ruleId, reason: said.after };
}

/**
 * Picks a variant of a flow by the variants' weights; `random` is in [0, 1). A `pinned` variant
 * (development's FUNNEL_VARIANT) is taken when the flow has it.
 */
export function chooseVariant(defs: Definitions, flowId: string, random: number, pinned?: string): string {
  const flow = defs.flows.get(flowId)?.def;
  if (!flow) throw new Error(`unknown flow "${flowId}"`);
  if (pinned !== undefined && flow.variants.some((v) => v.id === pinned)) return pinned;
  const weights = flow.variants.map((v) => v.weight ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let point = random * total;
  for (const [i, variant] of flow.variants.entries()) {
    point -= weights[i]!;
    if (point < 0) return variant.id;
  }
  return flow.variants.at(-1)!.id;
}

// The guard decides on its input alone (a path and whether there is a session) and the day, and
// every request of a step asks it about that step's route: decided once per day and route, kept
// for the definitions.
const guardDecisions = new WeakMap<Definitions, Map<string, Redirect>>();

/**
 * The session guard of rules/session-guard.json: where a visitor without a session is sent from
 * `path`, or null. `today` is the caller's day (the server's clock, the browser's), never a default.
 */
export function signOutTargetFor(
  defs: Definitions,
  path: string,
  hasSession: boolean,
  today: string,
): Redirect {
  let decided = guardDecisions.get(defs);
  if (!decided) guardDecisions.set(defs, (decided = new Map()));
  const key = `${today} ${hasSession ? "session" : "none"} ${path}`;
  const known = decided.get(key);
  if (known) return { ...known };
  const result = presentResult(
    defs,
    "session-guard",
    evaluateRuleSet(defs, "session-guard", { path, hasSession }, { today }),
  );
  const redirect: Redirect = {
    target: (result.signOutTo as string | null) ?? null,
    ruleId: String(result.ruleId),
    reason: String(result.reason),
  };
  if (decided.size >= 1000) decided.clear(); // paths any visitor may type: the memory stays bounded
  decided.set(key, redirect);
  return { ...redirect };
}

/** The id of the flow whose variants list `stepId`, or null for a step no flow lists. */
export function flowOf(defs: Definitions, stepId: string): string | null {
  for (const { def } of defs.flows.values())
    if (def.answeredBy === undefined && def.variants.some((v) => v.steps.includes(stepId))) return def.id;
  return null;
}
