// Pure facts of a step's page from step.get's answer: which notices show, and where Back goes.
import type { Definitions, Step } from "@engine/definitions/definitions";
import { reach, type Part } from "@engine/funnel/members";
import type { StepPage } from "./next-step-data";

/** Whether the owner's step leaves out a part another borrower answers themselves (rules/members.json). */
function sharesStep(step: Step, part: Part | null | undefined): boolean {
  if (!part || part.only) return false;
  return Object.keys((step.schema as { properties?: object }).properties ?? {}).some(
    (key) => reach(part, `/${key}`) !== "all",
  );
}

export function stepNotices(step: Step, data: StepPage | undefined) {
  return {
    shared: sharesStep(step, data?.part),
    locked: data?.locked ?? false,
    recheck: data?.recheck ?? false,
    because: data?.because ?? null,
  };
}

export const anyNotice = (notices: ReturnType<typeof stepNotices>) =>
  notices.shared || notices.locked || notices.recheck || notices.because !== null;

/**
 * Back is the step before this one on the reader's own path (the server walks it: skipped steps
 * and another borrower's steps are not on it), not browser history; the path's first step has none.
 */
export function backRouteOf(defs: Definitions, stepId: string, data: StepPage | undefined): string | null {
  const done = data?.done ?? [];
  const at = done.indexOf(stepId);
  const previousId = at > 0 ? done[at - 1] : at === -1 && data?.due === stepId ? done.at(-1) : undefined;
  return previousId ? (defs.steps.get(previousId)?.def.route ?? null) : null;
}
