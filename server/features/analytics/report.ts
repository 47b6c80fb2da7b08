// The portal's funnel analytics: per step of each flow (in flow order) the journeys that viewed
// it, completed it and dropped off there, and the median time to complete it; per variant of a
// flow that has several, how many journeys started it and reached the conversion step
// (rules/analytics.json). Counts are of distinct journeys; SQL counts, JS takes the medians.
// A flow counts only the events of the borrower role that walks it (its answeredBy, else the
// owner's), so a step both borrowers take (personal info) counts each borrower in their own table.
import { sql } from "drizzle-orm";
import { ownerRole, roleOfFlow } from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import { roleLabel } from "@engine/funnel/members";
import { rows, type Db } from "@server/persistence/db/client";
import { experimentReport, type ExperimentFigures } from "./experiment-report";

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
  /** Each flow with the borrower role whose steps it counts, and how that role is named. */
  flows: { flowId: string; role: string; roleLabel: string; steps: StepFigures[] }[];
  variants: VariantFigures[];
  /** Each wording experiment's arms compared (./experiment-report.ts). */
  experiments: ExperimentFigures[];
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

const keyOf = (...parts: string[]) => parts.join("\u0000");

// Raw rows come back as the driver reads them (PostgreSQL's counts and bigints as strings): numbers are made here.
/** The partner a visitor's journey counts for: the lender's own ("house"), until an application says otherwise. */
export const HOUSE_PARTNER = "house";

/** The funnel of one partner's applicants: a broker's staff never read the house's journeys, nor another broker's. */
export async function funnelReport(
  db: Db,
  defs: Definitions,
  partnerId: string,
  at: { now: Date; demo: boolean } = { now: new Date(), demo: false },
): Promise<FunnelReport> {
  const scoped = sql`(SELECT * FROM funnel_events WHERE COALESCE(partner_id, ${HOUSE_PARTNER}) = ${partnerId})`;
  const conversionStep = String(defs.params.analytics?.conversionStep ?? "");
  // Where a journey ends by design (rules/analytics.json endSteps): finishing there is no drop-off.
  const endSteps = new Set(((defs.params.analytics?.endSteps as unknown[] | undefined) ?? []).map(String));

  // Events before sign-in carry no role: they are the owner's, who starts the application.
  const events = sql`(SELECT id, at, journey_id, kind, step_id, duration_ms, COALESCE(role, ${ownerRole(defs)}) AS role FROM ${scoped} f)`;
  const counts = new Map(
    (
      await rows<{ step: string; kind: string; role: string; n: number | string }>(
        db,
        sql`SELECT step_id AS step, kind, role, count(DISTINCT journey_id) AS n FROM ${events} e GROUP BY step_id, kind, role`,
      )
    ).map((r) => [keyOf(r.step, r.role, r.kind), Number(r.n)]),
  );
  // A journey's walk per role: a tab where one borrower signs out and the other signs in holds two.
  const drops = new Map(
    (
      await rows<{ step: string; role: string; n: number | string }>(
        db,
        sql`
        WITH e AS ${events}, ranked AS (
          SELECT journey_id, step_id, role, ROW_NUMBER() OVER (PARTITION BY journey_id, role ORDER BY at DESC, id DESC) AS n FROM e
        )
        SELECT r.step_id AS step, r.role AS role, count(*) AS n FROM ranked r
        WHERE r.n = 1 AND NOT EXISTS (SELECT 1 FROM e c WHERE c.journey_id = r.journey_id AND c.step_id = r.step_id AND c.role = r.role AND c.kind = 'completed')
        GROUP BY r.step_id, r.role`,
      )
    ).map((r) => [keyOf(r.step, r.role), Number(r.n)]),
  );
  const durations = new Map<string, number[]>();
  for (const r of await rows<{ step: string; role: string; ms: number | string }>(
    db,
    sql`SELECT step_id AS step, role, duration_ms AS ms FROM ${events} e WHERE kind = 'completed' AND duration_ms IS NOT NULL ORDER BY step_id, role, duration_ms`,
  )) {
    const key = keyOf(r.step, r.role);
    const list = durations.get(key) ?? [];
    list.push(Number(r.ms));
    durations.set(key, list);
  }

  const flows = [...defs.flows.values()].map(({ def: flow }) => {
    const role = roleOfFlow(defs, flow);
    return {
      flowId: flow.id,
      role,
      roleLabel: roleLabel(defs, role),
      steps: flowSteps(flow.variants).map((stepId) => ({
        stepId,
        label: defs.steps.get(stepId)?.def.label ?? stepId,
        viewed: counts.get(keyOf(stepId, role, "viewed")) ?? 0,
        completed: counts.get(keyOf(stepId, role, "completed")) ?? 0,
        droppedOff: endSteps.has(stepId) ? 0 : (drops.get(keyOf(stepId, role)) ?? 0),
        medianMs: median(durations.get(keyOf(stepId, role)) ?? []),
      })),
    };
  });

  // A journey's variant is the one its events name (the server picks it when the first answer is saved).
  const variantOf = new Map(
    (
      await rows<{ journey: string; variant: string }>(
        db,
        sql`SELECT journey_id AS journey, max(variant) AS variant FROM ${scoped} f WHERE variant IS NOT NULL GROUP BY journey_id`,
      )
    ).map((r) => [r.journey, r.variant]),
  );
  const viewed = new Map<string, Set<string>>();
  for (const r of await rows<{ step: string; journey: string }>(
    db,
    sql`SELECT DISTINCT step_id AS step, journey_id AS journey FROM ${scoped} f WHERE kind = 'viewed'`,
  ))
    viewed.set(r.step, (viewed.get(r.step) ?? new Set()).add(r.journey));
  const viewers = (stepId: string) => viewed.get(stepId) ?? new Set<string>();
  const converted = viewers(conversionStep);
  const variants = [...defs.flows.values()]
    .filter(({ def }) => def.variants.length > 1)
    .flatMap(({ def: flow }) =>
      flow.variants.map((variant) => {
        const started = [...viewers(variant.steps[0] ?? "")].filter((j) => variantOf.get(j) === variant.id);
        const reached = started.filter((j) => converted.has(j)).length;
        return {
          flowId: flow.id,
          variantId: variant.id,
          description: variant.description ?? null,
          started: started.length,
          converted: reached,
          rate: started.length ? reached / started.length : null,
        };
      }),
    );

  const experiments = await experimentReport(db, defs, scoped, at);
  return { conversionStep, flows, variants, experiments };
}
