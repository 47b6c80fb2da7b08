// Finding steps by page: every step file names its route, so a new step file is a new page
// without code. Pure: unit-tested in node (tests/unit/web-step-routes.test.ts).
import type { Definitions, Step } from "../../../../engine/definitions";

export function stepForRoute(defs: Definitions, path: string): Step | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  for (const { def } of defs.steps.values()) if (def.route === normalized) return def;
  return null;
}

/** The route of the step before `stepId` in its flow variant (the given one if it lists the step), or null. */
export function previousStepRoute(defs: Definitions, stepId: string, variantId?: string | null): string | null {
  const holding = [...defs.flows.values()].flatMap(({ def }) => def.variants).filter((v) => v.steps.includes(stepId));
  const variant = holding.find((v) => v.id === variantId) ?? holding[0];
  if (!variant) return null;
  const previousId = variant.steps[variant.steps.indexOf(stepId) - 1];
  return previousId ? (defs.steps.get(previousId)?.def.route ?? null) : null;
}
