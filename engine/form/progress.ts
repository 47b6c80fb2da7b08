// Where a step sits in its funnel: the applicant's flow walk (engine/funnel/funnel.ts, skipped steps
// passed over) with the steps' labels and routes. Pure.
import type { Definitions } from "../definitions/definitions";
import { applicantLabelOf, flowStepsFor } from "../funnel/funnel";
import { asksReader } from "../funnel/asks";
import { stepLogicData } from "../logic/step-data";
import type { Part } from "../funnel/members";

export interface FunnelStep {
  id: string;
  label: string;
  route: string;
  rank: number;
}

export interface FunnelPosition {
  flowId: string;
  variantId: string;
  steps: FunnelStep[];
  /** The step's place in `steps` (0-based). */
  index: number;
}

/**
 * The flow variant that lists `stepId` (the applicant's variant when it lists it) as this
 * application walks it, and the step's place in it; null when no flow lists the step.
 */
export function funnelPosition(
  defs: Definitions,
  stepId: string,
  options: {
    variant?: string | null;
    flow?: string | null;
    part?: Part | null;
    application?: unknown;
    /** The day the step logic reads (yyyy-MM-dd): the caller's, never a default. */
    today: string;
  },
): FunnelPosition | null {
  const data = stepLogicData(defs, options.application ?? {}, options.today);
  const walk = flowStepsFor(
    defs,
    stepId,
    options.application ?? {},
    { variant: options.variant, flow: options.flow, today: options.today },
    data,
  );
  if (!walk) return null;
  // Steps that ask the reader nothing now (wholly another borrower's, or all hidden) are not theirs
  // to walk: the server's path passes them over the same way (engine/funnel/asks.ts).
  const ids = walk.steps.filter((id) => id === stepId || asksReader(defs, id, options.part, data));
  const steps = ids.map((id) => {
    const step = defs.steps.get(id)?.def;
    return { id, label: applicantLabelOf(defs, id) ?? id, route: step?.route ?? "", rank: step?.rank ?? 0 };
  });
  return { flowId: walk.flowId, variantId: walk.variantId, steps, index: ids.indexOf(stepId) };
}

export interface PhaseProgress {
  id: string;
  label: string;
  state: "done" | "current" | "upcoming";
}

/** One progress across the whole journey: its phases in plain words, and where this step sits. */
export interface JourneyProgress {
  phases: PhaseProgress[];
  /** The current phase's place in `phases`. */
  current: number;
  /** The step's place among the steps of its phase on this walk (0-based), and how many those are. */
  stepInPhase: number;
  stepsInPhase: number;
  /** The steps of the current phase on this walk, in order. */
  phaseSteps: FunnelStep[];
  step: FunnelStep;
}

/** Each step of a flow variant with the phase it falls in (the flow's `phases`: a phase runs from its step to the next entry). */
export function phaseOfSteps(
  phases: readonly { phase: string; from: string }[] | undefined,
  steps: readonly string[],
): Map<string, string> {
  const starts = new Map((phases ?? []).map((p) => [p.from, p.phase]));
  const out = new Map<string, string>();
  let phase: string | undefined;
  for (const id of steps) {
    phase = starts.get(id) ?? phase;
    if (phase !== undefined) out.set(id, phase);
  }
  return out;
}

/**
 * Where `stepId` sits in the whole journey: the phases of rules/funnel.json (an owner sees them
 * all, from their home to their documents; a member, such as an invited co-borrower, the phases
 * of their own flow), which of them are behind, and the step's place within its phase. Null when
 * no flow lists the step or its flow places no phases (the progress then counts the flow's steps).
 */
export function journeyProgress(
  defs: Definitions,
  stepId: string,
  options: Parameters<typeof funnelPosition>[2],
): JourneyProgress | null {
  const position = funnelPosition(defs, stepId, options);
  if (!position) return null;
  const flow = defs.flows.get(position.flowId)?.def;
  const variant = flow?.variants.find((v) => v.id === position.variantId);
  if (!flow?.phases || !variant) return null;
  const phaseOf = phaseOfSteps(flow.phases, variant.steps);
  const own = new Set(flow.phases.map((p) => p.phase));
  const shown = defs.funnel.phases.filter((p) => (flow.answeredBy === undefined ? true : own.has(p.id)));
  const here = phaseOf.get(stepId);
  const current = shown.findIndex((p) => p.id === here);
  if (current < 0) return null;
  const inPhase = position.steps.filter((s) => phaseOf.get(s.id) === here);
  return {
    phases: shown.map((p, i) => ({
      ...p,
      state: i < current ? "done" : i === current ? "current" : "upcoming",
    })),
    current,
    stepInPhase: inPhase.findIndex((s) => s.id === stepId),
    stepsInPhase: inPhase.length,
    phaseSteps: inPhase,
    step: position.steps[position.index]!,
  };
}

/** What changed in a phase's pages between two pages of it: pages the answers added, and pages they no longer need. */
export interface PhaseChange {
  added: FunnelStep[];
  removed: FunnelStep[];
}

/**
 * The pages of the current phase that appeared or left since the previous page was shown (both in
 * the same phase); null when none did. The count then changed for a reason the page can say. The
 * previous page itself (`stepId`) leaving is not one: a page that leaves the path once answered
 * (confirming the email's code) was done, not made unnecessary.
 */
export function phaseChange(
  before: { phase: string; steps: readonly FunnelStep[]; stepId?: string } | null,
  now: JourneyProgress,
): PhaseChange | null {
  const phase = now.phases[now.current]?.id;
  if (!before || before.phase !== phase) return null;
  const was = new Set(before.steps.map((s) => s.id));
  const is = new Set(now.phaseSteps.map((s) => s.id));
  const added = now.phaseSteps.filter((s) => !was.has(s.id));
  const removed = before.steps.filter((s) => !is.has(s.id) && s.id !== before.stepId);
  return added.length || removed.length ? { added, removed } : null;
}
