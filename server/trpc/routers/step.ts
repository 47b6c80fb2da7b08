// step.get and step.submit: the server side of every funnel screen. The submit is the authority:
// it validates with the engine's step validator (the same one the browser runs), merges, saves,
// walks to the next step and sets applicationStatus, all in one transaction or not at all.
import { TRPCError } from "@trpc/server";
import type { Definitions } from "../../../engine/definitions";
import { compileSchemaFile } from "../../../engine/definitions";
import { chooseVariant, flowOf, nextStep, rankOf, routeForStatus, signOutTargetFor } from "../../../engine/funnel";
import { describeAjvErrors } from "../../../engine/messages";
import { changedPointers, deleteAt, mergeDocs } from "../../../engine/pointer";
import { afterRecheckAnswer, cachedStepValidator } from "../../../engine/recheck";
import { restoreMasked } from "../../../engine/sensitive";
import { todayIso } from "../../../engine/dates";
import { accountEmail, emailPointerOf } from "../../store/account-fields";
import { applicationStore } from "../../store/applications";
import { recheckApplication, recheckOnVisit } from "../../store/recheck";
import type { Services } from "../../services";
import { transaction, type Db } from "../../db/client";
import type { Step } from "../../../engine/generated/schema-types";
import { badRequest, router, visitorProcedure, type Context } from "../init";
import { inputOf } from "../inputs";

// ---------------------------------------------------------------- step effects
// Server-side work a step file declares in `effects` (schemas/step.schema.json), by kind. A module
// registers the kinds it implements (server/esign registers recordSignatures); step.submit runs
// every effect of the step inside its transaction, after the answers are valid and saved, so an
// effect that throws saves nothing. A handler may return work for after the commit (a file to
// render); that work's failure is logged and does not undo the step.

export type StepEffect = NonNullable<Step["effects"]>[number];

export interface EffectRun {
  effect: StepEffect;
  step: Step;
  tx: Db;
  services: Services;
  application: { id: string; ownerId: string };
  /** The application document as saved (identifiers in the clear): never for a response. */
  doc: Record<string, unknown>;
  /** Where the answers came from: the connection's address (no proxy header is trusted) and the browser's User-Agent. */
  request: { ip: string; userAgent: string | null };
  now: Date;
  today: string;
}

export type EffectHandler = (run: EffectRun) => Promise<void | (() => Promise<void>)>;

const effectHandlers = new Map<string, EffectHandler>();

export function registerEffect(kind: StepEffect["kind"], handler: EffectHandler) {
  effectHandlers.set(kind, handler);
}

export const registeredEffectKinds = (): string[] => [...effectHandlers.keys()];

/** The request facts an effect may record; the User-Agent is in the context when app.ts puts it there. */
const requestOf = (ctx: Context): EffectRun["request"] => {
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
      const answers = restoreMasked(input.answers, stored, ctx.services.sensitive);
      const result = cachedStepValidator(defs, step.id)(answers, { application: stored, today });
      if (!result.valid) throw badRequest(result.errors.map((e) => ({ pointer: e.pointer, message: e.message })));

      const doc = mergeDocs(stored, result.answers) as Record<string, unknown>;
      for (const pointer of result.hidden) deleteAt(doc, pointer);
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
        const handler = effectHandlers.get(effect.kind);
        if (!handler) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: `no handler is registered for the effect kind "${effect.kind}"` });
        const later = await handler({ effect, step, tx, services: ctx.services, application: app, doc, request: requestOf(ctx), now, today });
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
