// The applicant's own application: the whole (masked) document, and a summary of where they are
// (steps named as applicants read them: applicantLabel).
import type { Definitions } from "@engine/definitions/definitions";
import { applicantLabelOf, labelOf, rankOf, routeForStatus } from "@engine/funnel/funnel";
import { applicationStore } from "@server/persistence/store/applications";
import { applicantProcedure, router } from "../init";
import { todayIso } from "@engine/base/dates";
import { viewFor } from "@engine/funnel/members";
import { ownApplication, readApplication } from "../own-application";
import { optionalInputOf } from "../inputs";
import { originatorOf } from "@server/features/loan/originator";

/** The steps of the applicant's variant of every flow, in funnel order, each marked done or not. */
function stepsOf(defs: Definitions, variant: string | null, status: string) {
  const statusRank = rankOf(defs, status) ?? -1;
  const ids = [...defs.flows.values()]
    .filter(({ def }) => def.answeredBy === undefined)
    .flatMap(({ def }) => (def.variants.find((v) => v.id === variant) ?? def.variants[0])?.steps ?? []);
  return ids.flatMap((id) => {
    const step = defs.steps.get(id)?.def;
    if (!step) return [];
    return [
      {
        id,
        label: applicantLabelOf(defs, id) ?? step.label,
        route: step.route,
        rank: step.rank,
        done: step.rank < statusRank,
        current: id === status,
      },
    ];
  });
}

export const applicationRouter = router({
  get: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    const store = applicationStore(ctx.services);
    const { app, part } = await readApplication(ctx, input?.applicationId);
    // A co-borrower who joined reads their part and the shared facts only (rules/members.json).
    return {
      id: app.id,
      applicationStatus: app.status,
      route: routeForStatus(ctx.services.defs, app.status),
      revision: app.revision,
      application: store.view(viewFor(ctx.services.defs, part, app.doc, todayIso(ctx.services.now()))),
    };
  }),

  summary: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    const { defs } = ctx.services;
    const app = await ownApplication(ctx, input?.applicationId);
    return {
      applicationStatus: app.status,
      label: applicantLabelOf(defs, app.status) ?? labelOf(defs, app.status),
      route: routeForStatus(defs, app.status),
      updatedRevision: app.revision,
      steps: stepsOf(defs, app.variant, app.status),
    };
  }),

  /** Who originates the loan (URLA section 9): the company and the loan officer assigned to the file, if any. */
  originator: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    const app = await ownApplication(ctx, input?.applicationId);
    return originatorOf(ctx.services, app.id);
  }),
});
