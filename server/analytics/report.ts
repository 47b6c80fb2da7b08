// The portal's funnel analytics: per step of each flow (in flow order) the journeys that viewed
// it, completed it and dropped off there, and the median time to complete it; per variant of a
// flow that has several, how many journeys started it and reached the conversion step
// (rules/analytics.json). Counts are of distinct journeys; SQL counts, JS takes the medians.
import { sql } from "drizzle-orm";
import type { Definitions } from "../../engine/definitions";
import type { Db } from "../db/client";

export interface StepFigures {
  stepId: string;
  label: string;
  viewed: number;
  completed: number;
  /** Journeys whose last event is on this step and which did not complete it. */
  droppedOff: number;
  medianMs: number | null;
}

export interface VariantFigures {
  flowId: string;
  variantId: string;
  description: string | null;
  started: number;
  converted: number;
  /** converted / started, or null before anyone started. */
  rate: number | null;
}

export interface FunnelReport {
  conversionStep: string;
  flows: { flowId: string; steps: StepFigures[] }[];
  variants: VariantFigures[];
}

export function median(sorted: readonly number[]): number | null {
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** A flow's steps in order: its first variant's, with the steps only later variants have put after their predecessor. */
function flowSteps(variants: readonly { steps: string[] }[]): string[] {
  const order: string[] = [];
  for (const { steps } of variants)
    for (const [i, id] of steps.entries()) {
      if (order.includes(id)) continue;
      const after = i > 0 ? order.indexOf(steps[i - 1]!) : -1;
      order.splice(after + 1, 0, id);
    }
  return order;
}

const keyOf = (stepId: string, kind: string) => `${stepId}\u0000${kind}`;

export function funnelReport(db: Db, defs: Definitions): FunnelReport {
  const conversionStep = String(defs.params.analytics?.conversionStep ?? "");

  const counts = new Map(
    db.all<{ step: string; kind: string; n: number }>(sql`SELECT step_id AS step, kind, count(DISTINCT journey_id) AS n FROM funnel_events GROUP BY step_id, kind`).map((r) => [keyOf(r.step, r.kind), r.n]),
  );
  const drops = new Map(
    db
      .all<{ step: string; n: number }>(sql`
        WITH ranked AS (
          SELECT journey_id, step_id, ROW_NUMBER() OVER (PARTITION BY journey_id ORDER BY at DESC, id DESC) AS n FROM funnel_events
        )
        SELECT r.step_id AS step, count(*) AS n FROM ranked r
        WHERE r.n = 1 AND NOT EXISTS (SELECT 1 FROM funnel_events c WHERE c.journey_id = r.journey_id AND c.step_id = r.step_id AND c.kind = 'completed')
        GROUP BY r.step_id`)
      .map((r) => [r.step, r.n]),
  );
  const durations = new Map<string, number[]>();
  for (const r of db.all<{ step: string; ms: number }>(sql`SELECT step_id AS step, duration_ms AS ms FROM funnel_events WHERE kind = 'completed' AND duration_ms IS NOT NULL ORDER BY step_id, duration_ms`)) {
    const list = durations.get(r.step) ?? [];
    list.push(r.ms);
    durations.set(r.step, list);
  }

  const flows = [...defs.flows.values()].map(({ def: flow }) => ({
    flowId: flow.id,
    steps: flowSteps(flow.variants).map((stepId) => ({
      stepId,
      label: defs.steps.get(stepId)?.def.label ?? stepId,
      viewed: counts.get(keyOf(stepId, "viewed")) ?? 0,
      completed: counts.get(keyOf(stepId, "completed")) ?? 0,
      droppedOff: drops.get(stepId) ?? 0,
      medianMs: median(durations.get(stepId) ?? []),
    })),
  }));

  // A journey's variant is the one its events name (the server picks it when the first answer is saved).
  const variantOf = new Map(db.all<{ journey: string; variant: string }>(sql`SELECT journey_id AS journey, max(variant) AS variant FROM funnel_events WHERE variant IS NOT NULL GROUP BY journey_id`).map((r) => [r.journey, r.variant]));
  const viewers = (stepId: string) => new Set(db.all<{ journey: string }>(sql`SELECT DISTINCT journey_id AS journey FROM funnel_events WHERE kind = 'viewed' AND step_id = ${stepId}`).map((r) => r.journey));
  const converted = viewers(conversionStep);
  const variants = [...defs.flows.values()]
    .filter(({ def }) => def.variants.length > 1)
    .flatMap(({ def: flow }) =>
      flow.variants.map((variant) => {
        const started = [...viewers(variant.steps[0] ?? "")].filter((j) => variantOf.get(j) === variant.id);
        const reached = started.filter((j) => converted.has(j)).length;
        return { flowId: flow.id, variantId: variant.id, description: variant.description ?? null, started: started.length, converted: reached, rate: started.length ? reached / started.length : null };
      }),
    );

  return { conversionStep, flows, variants };
}
