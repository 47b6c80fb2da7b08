// Where a reader goes after a save: the next step of their path, and the rule that sends them.
import { routeForStatus } from "@engine/funnel/funnel";
import { nextStepOn, type Journey } from "@engine/funnel/journey";
import { flowOfPart, type Part } from "@engine/funnel/members";
import { isShared } from "@server/persistence/store/opened-documents";
import type { StoredApplication } from "@server/persistence/store/applications";
import { statusOf } from "../journey";
import type { Submission, SubmitResult } from "./submission";

/**
 * The rule that names the step after this one (a branch of `next`, or the flow's order): why they go
 * there. On the document the save shares (deep-frozen) and has just walked, it is the walk's, kept
 * with it (engine/funnel/journey.ts nextStepOn): not worked out again for this one step.
 */
export function ruleOf(
  s: Submission,
  doc: Record<string, unknown>,
  app: StoredApplication,
  part: Part,
): string {
  const { defs } = s.services;
  const walk = { application: doc, variant: app.variant, flow: flowOfPart(defs, part), part, today: s.today };
  return nextStepOn(defs, { ...walk, fixed: isShared(doc) }, s.step.id).ruleId;
}

/** After a part: the reader stays on the step's page (the next part is on screen already). */
export const stayOn = (s: Submission): Pick<SubmitResult, "route" | "stepId" | "ruleId"> => ({
  route: s.step.route,
  stepId: s.step.id,
  ruleId: "stayOnPage",
});

/**
 * Where the reader goes after saving: the next step of their path (walking forward through pages
 * already answered, like any wizard), or straight to `jump` (the step still due while a re-check is
 * open, or after the page that was due: one put back in front of them, a signature to give again,
 * leads on to the next page still due, not through the pages answered before); off the funnel,
 * the page the branch names.
 */
export function routeAfter(
  s: Submission,
  journey: Journey,
  jump: string | null,
  ruleId: string,
): Pick<SubmitResult, "route" | "stepId" | "ruleId"> {
  const { defs } = s.services;
  const at = journey.path.indexOf(s.step.id);
  const next = at >= 0 && at + 1 < journey.path.length ? journey.path[at + 1]! : null;
  const to = jump ?? next ?? (journey.exit ? null : journey.due);
  if (to) return { route: defs.steps.get(to)!.def.route, stepId: to, ruleId };
  if (journey.exit) return { route: journey.exit.route, stepId: null, ruleId: journey.exit.ruleId };
  return { route: routeForStatus(defs, statusOf(journey, s.step.id)), stepId: null, ruleId };
}
