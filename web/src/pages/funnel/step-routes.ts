// Finding steps by page: every step file names its route, so a new step file is a new page
// without code. Pure: unit-tested in node (tests/unit/web-step-routes.test.ts).
import type { Definitions, Step } from "@engine/definitions/definitions";

export function stepForRoute(defs: Definitions, path: string): Step | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  for (const { def } of defs.steps.values()) if (def.route === normalized) return def;
  return null;
}
