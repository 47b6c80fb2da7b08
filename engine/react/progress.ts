// Where a step sits in its funnel, from the flow files and the steps' labels and ranks. Pure.
import type { Definitions } from "../definitions";

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
 * The flow variant that lists `stepId` (the given flow and variant when they list it) and the
 * step's place in it; null when no flow lists the step.
 */
export function funnelPosition(defs: Definitions, stepId: string, flowId?: string, variantId?: string): FunnelPosition | null {
  const candidates = [...defs.flows.values()]
    .filter(({ def }) => flowId === undefined || def.id === flowId)
    .flatMap(({ def: flow }) => flow.variants.map((variant) => ({ flow, variant })))
    .filter((c) => c.variant.steps.includes(stepId));
  const chosen = candidates.find((c) => c.variant.id === variantId) ?? candidates[0];
  if (!chosen) return null;
  const steps = chosen.variant.steps.map((id) => {
    const step = defs.steps.get(id)?.def;
    return { id, label: step?.label ?? id, route: step?.route ?? "", rank: step?.rank ?? 0 };
  });
  return { flowId: chosen.flow.id, variantId: chosen.variant.id, steps, index: chosen.variant.steps.indexOf(stepId) };
}
