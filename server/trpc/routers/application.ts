// The applicant's own application: the whole (masked) document, and a summary of where they are.
import { TRPCError } from "@trpc/server";
import type { Definitions } from "../../../engine/definitions";
import { labelOf, rankOf, routeForStatus } from "../../../engine/funnel";
import { applicationStore } from "../../store/applications";
import { applicantProcedure, router, type ApplicantContext } from "../init";
import { optionalInputOf } from "../inputs";

/** The steps of the applicant's variant of every flow, in funnel order, each marked done or not. */
function stepsOf(defs: Definitions, variant: string | null, status: string) {
  const statusRank = rankOf(defs, status) ?? -1;
  const ids = [...defs.flows.values()].flatMap(({ def }) => (def.variants.find((v) => v.id === variant) ?? def.variants[0])?.steps ?? []);
  return ids.flatMap((id) => {
    const step = defs.steps.get(id)?.def;
    if (!step) return [];
    return [{ id, label: labelOf(defs, id) ?? step.label, route: step.route, rank: step.rank, done: step.rank < statusRank, current: id === status }];
  });
}

/** The session's own application; naming any other one is refused, whether or not it exists. */
function ownApplication(ctx: ApplicantContext, applicationId: string | undefined) {
  const app = applicationStore(ctx.services).ofOwner(ctx.services.db, ctx.applicant.userId);
  if (applicationId !== undefined && applicationId !== app?.id) throw new TRPCError({ code: "FORBIDDEN", message: "That application is not yours" });
  if (!app) throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
  return app;
}

export const applicationRouter = router({
  get: applicantProcedure.input(optionalInputOf("applicationRef")).query(({ ctx, input }) => {
    const store = applicationStore(ctx.services);
    const app = ownApplication(ctx, input?.applicationId);
    return { id: app.id, applicationStatus: app.status, route: routeForStatus(ctx.services.defs, app.status), revision: app.revision, application: store.view(app.doc) };
  }),

  summary: applicantProcedure.input(optionalInputOf("applicationRef")).query(({ ctx, input }) => {
    const { defs } = ctx.services;
    const app = ownApplication(ctx, input?.applicationId);
    return {
      applicationStatus: app.status,
      label: labelOf(defs, app.status),
      route: routeForStatus(defs, app.status),
      updatedRevision: app.revision,
      steps: stepsOf(defs, app.variant, app.status),
    };
  }),
});
