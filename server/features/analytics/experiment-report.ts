// The portal's figures of each wording experiment (rules/experiments.json), per arm: the journeys
// shown the experiment's step in that arm (a "viewed" event of the step carrying the arm), and of
// those, how many converted (the experiment's conversion event: the step completed, the offer
// reached or the submitted page reached) and how many completed each later step of the flow, each
// with its 95% Wilson interval and, for every arm after the first, whether it differs from the
// first (the control) significantly: Fisher's exact test for small counts, else the z-test
// (engine/base/proportions.ts). Journeys are counted as the funnel report counts them (a tab's visit).
import { sql, type SQL } from "drizzle-orm";
import type { Definitions } from "@engine/definitions/definitions";
import { compareProportions, wilson, type Comparison, type Interval } from "@engine/base/proportions";
import { conversionStepOf, experimentsOf, isRunning, type Experiment } from "@engine/funnel/experiments";
import { rows, type Db } from "@server/persistence/db/client";

export interface ArmRate {
  armId: string;
  count: number;
  /** count / shown (null before anyone was shown the arm). */
  rate: number | null;
  interval: Interval | null;
  /** Against the first arm (null for the first arm, and while either has no journeys). */
  vsFirst: Comparison | null;
}

export interface ExperimentFigures {
  id: string;
  description: string;
  stepId: string;
  conversion: Experiment["conversion"];
  /** The step the conversion is reached on (the experiment's own, completed, for nextStep). */
  conversionStepId: string;
  start: string;
  end: string;
  running: boolean;
  arms: { armId: string; description: string | null; weight: number; shown: number }[];
  /** Per flow: each arm's conversion. */
  converted: ArmRate[];
  /** Per step: each arm's completions of the step and of each later step of its flow. */
  steps: { stepId: string; label: string; arms: ArmRate[] }[];
}

const rates = (shown: Map<string, number>, counts: Map<string, number>, armIds: string[]): ArmRate[] => {
  const first = armIds[0]!;
  return armIds.map((armId) => {
    const n = shown.get(armId) ?? 0;
    const x = counts.get(armId) ?? 0;
    return {
      armId,
      count: x,
      rate: n ? x / n : null,
      interval: wilson(x, n),
      vsFirst:
        armId === first ? null : compareProportions(x, n, counts.get(first) ?? 0, shown.get(first) ?? 0),
    };
  });
};

/** The steps from the experiment's step to the end of the longest variant of its flow that lists it. */
function stepsAfter(defs: Definitions, stepId: string): string[] {
  let best: string[] = [];
  for (const { def } of defs.flows.values())
    for (const { steps } of def.variants) {
      const at = steps.indexOf(stepId);
      if (at !== -1 && steps.length - at > best.length) best = steps.slice(at);
    }
  return best;
}

export async function experimentReport(
  db: Db,
  defs: Definitions,
  scoped: SQL,
  at: { now: Date; demo: boolean },
): Promise<ExperimentFigures[]> {
  const experiments = experimentsOf(defs);
  if (!experiments.length) return [];
  // The journeys shown each experiment's step, by their arm.
  const shownRows = await rows<{ journey: string; step: string; arms: string }>(
    db,
    sql`SELECT DISTINCT journey_id AS journey, step_id AS step, arms FROM ${scoped} f WHERE kind = 'viewed' AND arms IS NOT NULL`,
  );
  // What those journeys did: each step they viewed and completed.
  const done = new Map<string, Set<string>>();
  for (const r of await rows<{ journey: string; step: string; kind: string }>(
    db,
    sql`SELECT DISTINCT journey_id AS journey, step_id AS step, kind FROM ${scoped} f WHERE kind IN ('viewed', 'completed') AND journey_id IN (SELECT journey_id FROM ${scoped} g WHERE arms IS NOT NULL)`,
  ))
    done.set(r.journey, (done.get(r.journey) ?? new Set()).add(`${r.kind}:${r.step}`));

  return experiments.map((experiment) => {
    const armIds = experiment.arms.map((a) => a.id);
    const armOf = new Map<string, string>();
    for (const r of shownRows) {
      if (r.step !== experiment.step || armOf.has(r.journey)) continue;
      const arm = (JSON.parse(r.arms) as Record<string, string>)[experiment.id];
      if (arm && armIds.includes(arm)) armOf.set(r.journey, arm);
    }
    const shown = new Map<string, number>();
    for (const arm of armOf.values()) shown.set(arm, (shown.get(arm) ?? 0) + 1);
    const countWhere = (event: string) => {
      const counts = new Map<string, number>();
      for (const [journey, arm] of armOf)
        if (done.get(journey)?.has(event)) counts.set(arm, (counts.get(arm) ?? 0) + 1);
      return counts;
    };
    const target = conversionStepOf(defs, experiment.conversion);
    const conversionEvent = target === null ? `completed:${experiment.step}` : `viewed:${target}`;
    return {
      id: experiment.id,
      description: experiment.description,
      stepId: experiment.step,
      conversion: experiment.conversion,
      conversionStepId: target ?? experiment.step,
      start: experiment.start,
      end: experiment.end,
      running: isRunning(experiment, at),
      arms: experiment.arms.map((a) => ({
        armId: a.id,
        description: a.description ?? null,
        weight: a.weight,
        shown: shown.get(a.id) ?? 0,
      })),
      converted: rates(shown, countWhere(conversionEvent), armIds),
      steps: stepsAfter(defs, experiment.step).map((stepId) => ({
        stepId,
        label: defs.steps.get(stepId)?.def.label ?? stepId,
        arms: rates(shown, countWhere(`completed:${stepId}`), armIds),
      })),
    };
  });
}
