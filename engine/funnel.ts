// Walking the funnel: ranks, labels, the page for a status, the redirect guard and the next step.
// Every table and condition is in rules/ and steps/; this module only looks them up.
import { todayIso } from "./dates";
import { stepById, type Definitions } from "./definitions";
import { customOperators, holds, type Data } from "./logic";
import { evaluateRuleSet, presentResult } from "./rules";

const table = (defs: Definitions, ruleSetId: string, name: string) =>
  (defs.params[ruleSetId]?.[name] ?? {}) as Record<string, unknown>;
const lookup = customOperators.lookup!.fn as (table: unknown, key: unknown, fallback?: unknown) => unknown;

export function rankOf(defs: Definitions, status: string): number | null {
  return (lookup(table(defs, "funnel-order", "ranks"), status, null) as number | null) ?? null;
}

export function labelOf(defs: Definitions, status: string): string | null {
  return (lookup(table(defs, "step-labels", "labels"), status, null) as string | null) ?? null;
}

/** The one place a status becomes a page (rules/status-routes.json); unknown statuses get the default route. */
export function routeForStatus(defs: Definitions, status: string | null | undefined): string {
  return lookup(table(defs, "status-routes", "routes"), status, defs.params["status-routes"]?.defaultRoute) as string;
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

/** The redirect guard of rules/redirect.json: where to send a user who opens `path`, or null to stay. */
export function redirectFor(defs: Definitions, input: RedirectInput): Redirect {
  const result = presentResult(defs, "redirect", evaluateRuleSet(defs, "redirect", input));
  return { target: (result.target as string | null) ?? null, ruleId: String(result.ruleId), reason: String(result.reason) };
}

export interface NextStep {
  /** The next step's id, or null when the next page is not a step (an ineligible page) or the flow ends. */
  stepId: string | null;
  route: string | null;
  ruleId: string;
  reason: string;
}

/** The flow variant an applicant walks: theirs if it lists the step, else the first that does. */
function flowPosition(defs: Definitions, stepId: string, variantId?: string) {
  const candidates = [...defs.flows.values()].flatMap(({ def: flow }) => flow.variants.map((variant) => ({ flow, variant })));
  const holding = candidates.filter((c) => c.variant.steps.includes(stepId));
  return holding.find((c) => c.variant.id === variantId) ?? holding[0];
}

/** After `stepId` is saved: the first of its `next` branches that holds, else the next step of the flow. */
export function nextStep(defs: Definitions, stepId: string, application: unknown, options: { variant?: string; today?: string } = {}): NextStep {
  const step = stepById(defs, stepId);
  const data: Data = { ...(application as Data), today: options.today ?? todayIso(), params: defs.params };
  for (const branch of step.next ?? []) {
    if (branch.when !== undefined && !holds(branch.when, data)) continue;
    const target = defs.steps.get(branch.goto)?.def;
    return {
      stepId: target ? target.id : null,
      route: target ? target.route : branch.goto,
      ruleId: branch.id,
      reason: branch.description ?? `goes to ${branch.goto}`,
    };
  }
  const position = flowPosition(defs, stepId, options.variant);
  if (!position) return { stepId: null, route: null, ruleId: "flow.none", reason: `no flow lists step "${stepId}"` };
  const { flow, variant } = position;
  const nextId = variant.steps[variant.steps.indexOf(stepId) + 1];
  const ruleId = `flow.${flow.id}.${variant.id}`;
  if (!nextId) return { stepId: null, route: null, ruleId, reason: `"${stepId}" is the last step of ${flow.id} (${variant.id})` };
  return { stepId: nextId, route: stepById(defs, nextId).route, ruleId, reason: `the step after "${stepId}" in ${flow.id} (${variant.id})` };
}

/** Picks a variant of a flow by the variants' weights; `random` is in [0, 1). */
export function chooseVariant(defs: Definitions, flowId: string, random: number): string {
  const flow = defs.flows.get(flowId)?.def;
  if (!flow) throw new Error(`unknown flow "${flowId}"`);
  const weights = flow.variants.map((v) => v.weight ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let point = random * total;
  for (const [i, variant] of flow.variants.entries()) {
    point -= weights[i]!;
    if (point < 0) return variant.id;
  }
  return flow.variants.at(-1)!.id;
}

/** The session guard of rules/session-guard.json: where a visitor without a session is sent from `path`, or null. */
export function signOutTargetFor(defs: Definitions, path: string, hasSession: boolean): Redirect {
  const result = presentResult(defs, "session-guard", evaluateRuleSet(defs, "session-guard", { path, hasSession }));
  return { target: (result.signOutTo as string | null) ?? null, ruleId: String(result.ruleId), reason: String(result.reason) };
}

/** The id of the flow whose variants list `stepId`, or null for a step no flow lists. */
export function flowOf(defs: Definitions, stepId: string): string | null {
  for (const { def } of defs.flows.values()) if (def.variants.some((v) => v.steps.includes(stepId))) return def.id;
  return null;
}
