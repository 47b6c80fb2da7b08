// Where a step sits in its funnel: the applicant's flow walk (engine/funnel.ts, skipped steps
// passed over) with the steps' labels and routes. Pure.
import type { Definitions } from "../definitions";
import type { JsonSchema } from "../bundle";
import { flowStepsFor } from "../funnel";
import { stepHasPart, type Part } from "../members";

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
export function funnelPosition(defs: Definitions, stepId: string, options: { variant?: string | null; flow?: string | null; part?: Part | null; application?: unknown } = {}): FunnelPosition | null {
  const walk = flowStepsFor(defs, stepId, options.application ?? {}, { variant: options.variant, flow: options.flow });
  if (!walk) return null;
  // Steps wholly another borrower's (the co-borrower's details, once invited) are not the reader's to walk.
  const { part } = options;
  const ids = part ? walk.steps.filter((id) => id === stepId || stepHasPart((defs.steps.get(id)?.def.schema ?? {}) as JsonSchema, part)) : walk.steps;
  const steps = ids.map((id) => {
    const step = defs.steps.get(id)?.def;
    return { id, label: step?.progressLabel ?? step?.label ?? id, route: step?.route ?? "", rank: step?.rank ?? 0 };
  });
  return { flowId: walk.flowId, variantId: walk.variantId, steps, index: ids.indexOf(stepId) };
}
