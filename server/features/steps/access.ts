// Whether a reader may open or save a step now, from their path (engine/funnel/journey.ts): the steps
// reached on it and the next one, plus pages open whatever the path; after submission, nothing on
// the applicant side changes. A refusal says where to go instead, and the page goes there.
import { todayIso } from "@engine/base/dates";
import { said } from "@engine/locale/server-words";
import { refuse, refuseWithRoute } from "@server/features/refusal";
import type { Step } from "@engine/definitions/definitions";
import { routeForStatus, signOutTargetFor } from "@engine/funnel/funnel";
import { accessTo, NOT_OPEN_YET, START_FROM_FIRST, type Journey } from "@engine/funnel/journey";
import { flowOfPart } from "@engine/funnel/members";
import type { Reader } from "../members/store";
import type { Services } from "@server/services";
import { type Context } from "@server/transport/trpc/init";
import { ownerJourney } from "./journey";

/** Refuses a visitor without a session on the pages the session guard protects. */
export function requireSessionFor(ctx: Context, route: string) {
  const { target } = signOutTargetFor(
    ctx.services.defs,
    route,
    ctx.applicant !== null,
    todayIso(ctx.services.now()),
  );
  if (target) throw refuse("signInRequired", said("refusal.signInToContinue"));
}

/** Refuses a step that is not open to this reader now (null: a visitor), naming the page to go to. */
export function refuseClosedStep(
  services: Services,
  reader: Reader | null,
  journey: Journey | null,
  step: Step,
) {
  const { defs } = services;
  const access = accessTo(defs, journey, step.id, reader ? flowOfPart(defs, reader.part) : null);
  if (access.open) return;
  const route = access.stepId
    ? (defs.steps.get(access.stepId)?.def.route ?? routeForStatus(defs, access.stepId))
    : routeForStatus(defs, null);
  // The engine's own reasons are its words; a step's dueReason is the definitions' (translated by its English).
  const reason =
    access.reason === START_FROM_FIRST
      ? said("refusal.startFromFirst")
      : access.reason === NOT_OPEN_YET
        ? said("refusal.notOpenYet")
        : access.reason;
  throw refuseWithRoute("notNow", route, reason);
}

/** The owner's path when the application is submitted (due at the flow's final step); else null. */
export function submittedJourney(services: Services, reader: Reader): Journey | null {
  const journey = ownerJourney(services, reader.app, reader.app.doc);
  return journey.submitted ? journey : null;
}

/** The refusal of any change on the applicant side once the application is submitted: to the submitted page. */
export const submittedRefusal = (services: Services, journey: Journey) =>
  refuseWithRoute("forbidden", routeForStatus(services.defs, journey.due), said("refusal.submitted"));

/** The refusal of any change on the applicant side once the line is cancelled: to the page that shows the cancellation. */
export const cancelledRefusal = (services: Services, app: { status: string }) =>
  refuseWithRoute("forbidden", routeForStatus(services.defs, app.status), said("refusal.cancelled"));
