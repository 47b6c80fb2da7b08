// step.get and step.submit: the server side of every funnel screen. The submit is the authority:
// it validates with the engine's step validator (the same one the browser runs), merges, saves,
// walks to the next step and sets applicationStatus, all in one transaction or not at all. The
// step's effects (server/trpc/step-effects.ts) check before and record inside that transaction.
import { TRPCError } from "@trpc/server";
import type { Definitions } from "../../../engine/definitions";
import { compileSchemaFile } from "../../../engine/definitions";
import { chooseVariant, flowOf, nextStep, rankOf, routeForStatus, signOutTargetFor } from "../../../engine/funnel";
import { describeAjvErrors } from "../../../engine/messages";
import { changedPointers, deleteAt, mergeDocs, setAt } from "../../../engine/pointer";
import { afterRecheckAnswer, cachedStepValidator } from "../../../engine/recheck";
import { restoreMasked } from "../../../engine/sensitive";
import { todayIso } from "../../../engine/dates";
import { accountEmail, emailPointerOf } from "../../store/account-fields";
import { applicationStore } from "../../store/applications";
import { recheckApplication, recheckOnVisit } from "../../store/recheck";
import type { Services } from "../../services";
import { transaction, type Db } from "../../db/client";
import { badRequest, router, visitorProcedure, type Context } from "../init";
import { handlerOf, type EffectCheck } from "../step-effects";
import { inputOf } from "../inputs";

export { registerEffect, registeredEffectKinds } from "../step-effects";

/** The request facts an effect may record; the User-Agent is in the context when app.ts puts it there. */
const requestOf = (ctx: Context): EffectCheck["request"] => {
  const userAgent = (ctx as Context & { userAgent?: unknown }).userAgent;
  return { ip: ctx.ip, userAgent: typeof userAgent === "string" && userAgent !== "" ? userAgent : null };
};

function stepOf(defs: Definitions, stepId: string) {
  const step = defs.steps.get(stepId)?.def;
  if (!step) throw badRequest([{ pointer: "/stepId", message: `Step "${stepId}" does not exist` }]);
  return step;
}

const staleRevision = () => new TRPCError({ code: "CONFLICT", message: "Your application was changed in another window. Reload to see the latest answers." });

/** Refuses a visitor without a session on the pages the session guard protects. */
function guard(ctx: Context, route: string) {
  const { target } = signOutTargetFor(ctx.services.defs, route, ctx.applicant !== null);
  if (target) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue your application" });
}

export const stepRouter = router({
  get: visitorProcedure.input(inputOf("stepRef")).query(async ({ ctx, input }) => {
    const { defs } = ctx.services;
    const step = stepOf(defs, input.stepId);
    guard(ctx, step.route);
    const store = applicationStore(ctx.services);
    if (ctx.applicant) await recheckOnVisit(ctx.services, ctx.applicant.userId);
    const app = ctx.applicant ? await store.ofOwner(ctx.services.db, ctx.applicant.userId) : null;
    return {
      step,
      application: app ? store.view(app.doc) : {},
      applicationStatus: app?.status ?? null,
      revision: app?.revision ?? null,
      /** The early-funnel variant the applicant walks (progress and Back follow it). */
      variant: app?.variant ?? null,
      /** The definitions changed since this step was answered and its answers no longer pass. */
      recheck: app?.recheck?.steps.includes(step.id) ?? false,
    };
  }),

  submit: visitorProcedure.input(inputOf("stepSubmit")).mutation(async ({ ctx, input }) => {
    const { defs, db, auth } = ctx.services;
    const step = stepOf(defs, input.stepId);
    guard(ctx, step.route);
    const store = applicationStore(ctx.services);
    const now = ctx.services.now();
    const today = todayIso(now);
    const afterCommit: (() => Promise<void>)[] = [];

    const request = requestOf(ctx);
    const context = { step, services: ctx.services, request, now, today };
    /** The answers checked by the step's validator against what is stored; a refusal names the fields. */
    const validated = (stored: Record<string, unknown>) => {
      const result = cachedStepValidator(defs, step.id)(restoreMasked(input.answers, stored, ctx.services.sensitive), { application: stored, today });
      if (!result.valid) throw badRequest(result.errors.map((e) => ({ pointer: e.pointer, message: e.message })));
      return result;
    };
    // Effects that check before the save (a texted code): their answers must be valid first.
    const checking = (step.effects ?? []).filter((effect) => handlerOf(effect).check);
    const serverSet: Record<string, unknown> = {};
    if (checking.length) {
      const before = ctx.applicant ? await store.ofOwner(db, ctx.applicant.userId) : null;
      const stored = before?.doc ?? {};
      const checked = validated(stored);
      for (const effect of checking)
        Object.assign(serverSet, await handlerOf(effect).check!({ ...context, effect, ownerId: ctx.applicant?.userId ?? null, answers: checked.answers as Record<string, unknown>, stored }));
    }

    let started: { token: string; expiresAt: Date } | null = null;
    const response = await transaction(db, async (tx) => {
      let app = ctx.applicant ? await store.ofOwner(tx, ctx.applicant.userId) : null;
      if (ctx.applicant && !app) throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
      if (app && input.revision !== undefined && input.revision !== app.revision)
        throw staleRevision();
      // Answers are never saved unchecked against the running definitions: a change since the
      // last visit opens its re-check first.
      if (app) app = await recheckApplication(tx, ctx.services, app);

      const stored = app?.doc ?? {};
      const result = validated(stored);

      // Answers an effect only checks (a one-time code) are never kept; what the server sets is.
      const doc = Object.entries(serverSet).reduce((d, [pointer, value]) => setAt(d, pointer, value), mergeDocs(stored, result.answers)) as Record<string, unknown>;
      for (const pointer of result.hidden) deleteAt(doc, pointer);
      for (const pointer of (step.effects ?? []).flatMap((effect) => effect.forget ?? [])) deleteAt(doc, pointer);
      const validateApplication = compileSchemaFile(defs, "application.json");
      if (!validateApplication(doc)) throw badRequest(describeAjvErrors(validateApplication.errors));

      if (!app) {
        // A visitor's first saved answer starts a guest account, application and session.
        const flowId = flowOf(defs, step.id);
        app = await store.createGuest(tx, step.id, flowId ? chooseVariant(defs, flowId, Math.random()) : null);
        const { token, session } = await auth.applicant.sessions.create(app.ownerId, tx);
        started = { token, expiresAt: session.expiresAt };
      }
      const email = accountEmail(defs, doc);
      if (email !== null && email !== accountEmail(defs, stored) && !(await store.claimEmail(tx, app.ownerId, email.toLowerCase())))
        throw badRequest([{ pointer: emailPointerOf(defs), message: "An application with this email already exists. Sign in to continue it." }]);
      const next = nextStep(defs, step.id, doc, { variant: app.variant ?? undefined, today });
      // The status moves forward only: revisiting an earlier step does not send the applicant back.
      // While a re-check is open, the answers lead through the steps to answer again, then back.
      const due = next.stepId ?? app.status;
      const { status, recheck, ...to } = app.recheck
        ? afterRecheckAnswer(defs, app.recheck, { stepId: step.id, next, application: doc, variant: app.variant, today })
        : { status: (rankOf(defs, due) ?? -1) >= (rankOf(defs, app.status) ?? -1) ? due : app.status, route: next.route, stepId: next.stepId, recheck: null };
      if (!(await store.save(tx, app, doc, status, recheck))) throw staleRevision();
      await store.audit(tx, { actorKind: "applicant", actorId: app.ownerId, action: `step.submit:${step.id}`, applicationId: app.id, changed: changedPointers(stored, doc) });
      for (const effect of step.effects ?? []) {
        const later = await handlerOf(effect).record?.({ ...context, effect, tx, application: app, doc });
        if (later) afterCommit.push(later);
      }
      return {
        route: to.route ?? routeForStatus(defs, status),
        stepId: to.stepId,
        applicationStatus: status,
        revision: app.revision + 1,
        ruleId: next.ruleId,
      };
    });
    // The cookie goes out only once the guest's session is committed.
    const fresh = started as { token: string; expiresAt: Date } | null;
    if (fresh) auth.applicant.jar.set(ctx.cookies, "session", fresh.token, fresh.expiresAt);
    for (const work of afterCommit)
      await work().catch((error: unknown) => console.error(`step.submit ${step.id}: work after the save failed (${error instanceof Error ? error.name : "error"})`));
    return response;
  }),
});
