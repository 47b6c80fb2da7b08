// A visitor's early-funnel variant before their first answer: the browser draws the random number
// once per tab (kept in sessionStorage, no personal data), counts the pages of the variant it
// picks, and sends the same number with the first answer, so the server assigns that very variant
// (step.submit variantDraw): "step 1 of 11" is never followed by "step 2 of 10".
import type { Definitions } from "@engine/definitions/definitions";
import { chooseVariant, flowOf } from "@engine/funnel/funnel";

const KEY = "heloc.variantDraw";

/** This tab's draw in [0, 1), made on first use. */
export function variantDraw(): number {
  try {
    const kept = Number(sessionStorage.getItem(KEY));
    if (sessionStorage.getItem(KEY) !== null && kept >= 0 && kept < 1) return kept;
    const drawn = Math.random();
    sessionStorage.setItem(KEY, String(drawn));
    return drawn;
  } catch {
    return Math.random(); // no storage: the count may be of another variant than the one assigned
  }
}

/** The variant a visitor without an application is shown at `stepId` (the one their first answer will get). */
export function visitorVariant(defs: Definitions, stepId: string, pinned: string | null): string | undefined {
  const flowId = flowOf(defs, stepId);
  return flowId ? chooseVariant(defs, flowId, variantDraw(), pinned ?? undefined) : undefined;
}
