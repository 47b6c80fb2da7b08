// The portal's funnel analytics: per step of each flow (in flow order) the journeys that viewed
// it, completed it and dropped off there, and the median time to complete it; per variant of a
// flow that has several, how many journeys started it and reached the conversion step
// (rules/analytics.json). Counts are of distinct journeys; SQL counts, JS takes the medians.
import { sql } from "drizzle-orm";
import type { Definitions } from "../../engine/definitions";
import { rows, type Db } from "../db/client";

export interface StepFigures {
  stepId: string;
  label: string;
  viewed: number;
  completed: number;
  /** Journeys whose last event is on this step and which did not complete it (none on an end step). */
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

// Raw rows come back as the driver reads them (PostgreSQL's counts and bigints as strings): numbers are made here.
export async function funnelReport(db: Db, defs: Definitions): Promise<FunnelReport> {
  const conversionStep = String(defs.params.analytics?.conversionStep ?? "");
  // Where a journey ends by design (rules/analytics.json endSteps): finishing there is no drop-off.
  const endSteps = new Set(((defs.params.analytics?.endSteps as unknown[] | undefined) ?? []).map(String));

  const counts = new Map(
    (await rows<{ step: string; kind: string; n: number | string }>(db, sql`SELECT step_id AS step, kind, count(DISTINCT journey_id) AS n FROM funnel_events GROUP BY step_id, kind`)).map((r) => [keyOf(r.step, r.kind), Number(r.n)]),
  );
  const drops = new Map(
    (
      await rows<{ step: string; n: number | string }>(
        db,
        sql`
        WITH ranked AS (
          SELECT journey_id, step_id, ROW_NUMBER() OVER (PARTITION BY journey_id ORDER BY at DESC, id DESC) AS n FROM funnel_events
        )
        SELECT r.step_id AS step, count(*) AS n FROM ranked r
        WHERE r.n = 1 AND NOT EXISTS (SELECT 1 FROM funnel_events c WHERE c.journey_id = r.journey_id AND c.step_id = r.step_id AND c.kind = 'completed')
        GROUP BY r.step_id`,
      )
    ).map((r) => [r.step, Number(r.n)]),
  );
  const durations = new Map<string, number[]>();
  for (const r of await rows<{ step: string; ms: number | string }>(db, sql`SELECT step_id AS step, duration_ms AS ms FROM funnel_events WHERE kind = 'completed' AND duration_ms IS NOT NULL ORDER BY step_id, duration_ms`)) {
    const list = durations.get(r.step) ?? [];
    list.push(Number(r.ms));
    durations.set(r.step, list);
  }

  const flows = [...defs.flows.values()].map(({ def: flow }) => ({
    flowId: flow.id,
    steps: flowSteps(flow.variants).map((stepId) => ({
      stepId,
      label: defs.steps.get(stepId)?.def.label ?? stepId,
      viewed: counts.get(keyOf(stepId, "viewed")) ?? 0,
      completed: counts.get(keyOf(stepId, "completed")) ?? 0,
      droppedOff: endSteps.has(stepId) ? 0 : (drops.get(stepId) ?? 0),
      medianMs: median(durations.get(stepId) ?? []),
    })),
  }));

  // A journey's variant is the one its events name (the server picks it when the first answer is saved).
  const variantOf = new Map((await rows<{ journey: string; variant: string }>(db, sql`SELECT journey_id AS journey, max(variant) AS variant FROM funnel_events WHERE variant IS NOT NULL GROUP BY journey_id`)).map((r) => [r.journey, r.variant]));
  const viewed = new Map<string, Set<string>>();
  for (const r of await rows<{ step: string; journey: string }>(db, sql`SELECT DISTINCT step_id AS step, journey_id AS journey FROM funnel_events WHERE kind = 'viewed'`))
    viewed.set(r.step, (viewed.get(r.step) ?? new Set()).add(r.journey));
  const viewers = (stepId: string) => viewed.get(stepId) ?? new Set<string>();
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
