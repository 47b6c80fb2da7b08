// step.get and step.submit: the server side of every funnel screen. The submit is the authority:
// it validates with the engine's step validator (the same one the browser runs), merges, saves,
// walks to the next step and sets applicationStatus, all in one transaction or not at all. The
// step's effects (server/trpc/step-effects.ts) check before and record inside that transaction.
import { TRPCError } from "@trpc/server";
import type { Definitions } from "../../../engine/definitions";
import { compileSchemaFile } from "../../../engine/definitions";
import { chooseVariant, flowOf, nextStep, rankOf, routeForStatus, signOutTargetFor } from "../../../engine/funnel";
import type { JsonSchema } from "../../../engine/bundle";
import { flowOfRole, keepToPart, opensStep, OWNER_ROLE, partOf, stepHasPart, viewFor, writes, type Part } from "../../../engine/members";
import { describeAjvErrors } from "../../../engine/messages";
import { answerBoundErrors } from "../../../engine/answer-bounds";
import { changedPointers, deleteAt, escapeSegment, getAt, mergeDocs, setAt } from "../../../engine/pointer";
import { afterRecheckAnswer, cachedStepValidator } from "../../../engine/recheck";
import { restoreMasked } from "../../../engine/sensitive";
import { todayIso } from "../../../engine/dates";
import { accountEmail, dropStaleVerifications, emailPointerOf } from "../../store/account-fields";
import { applicationStore } from "../../store/applications";
import { memberStore, readerFacts, type Reader } from "../../members/store";
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
  return { ip: ctx.ip, userAgent: typeof userAgent === "string" && userAgent !== "" ? userAgent : null, origin: ctx.origin ?? null };
};

function stepOf(defs: Definitions, stepId: string) {
  const step = defs.steps.get(stepId)?.def;
  if (!step) throw badRequest([{ pointer: "/stepId", message: `Step "${stepId}" does not exist` }]);
  return step;
}

/** The owner's next step, passing over steps wholly answered by a member (the co-borrower's details). */
function ownersNextStep(defs: Definitions, stepId: string, doc: Record<string, unknown>, options: { variant?: string; today: string }) {
  const part = partOf(defs, OWNER_ROLE, doc);
  let next = nextStep(defs, stepId, doc, options);
  for (let hops = 0; next.stepId && !stepHasPart(stepOf(defs, next.stepId).schema as JsonSchema, part) && hops < 50; hops++)
    next = nextStep(defs, next.stepId, doc, options);
  return next;
}

/** A visitor's first answer: theirs is the whole application. */
const WHOLE: Part = { role: OWNER_ROLE, only: null, except: [] };

/** The values of `doc` at the given top-level pointers (a step's answers as stored). */
const pickAt = (doc: unknown, pointers: string[]) => pointers.reduce<unknown>((out, p) => (getAt(doc, p) === undefined ? out : setAt(out, p, getAt(doc, p))), {});

const staleRevision = () => new TRPCError({ code: "CONFLICT", message: "Your application was changed in another window. Reload to see the latest answers." });

/** Refuses a visitor without a session on the pages the session guard protects. */
function guard(ctx: Context, route: string) {
  const { target } = signOutTargetFor(ctx.services.defs, route, ctx.applicant !== null);
  if (target) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue your application" });
}

/** A member opens only the steps of their flow (answeredBy); the owner opens any. */
function refuseOutsideFlow(defs: Definitions, reader: Reader, stepId: string) {
  if (!opensStep(defs, reader.role, stepId))
    throw new TRPCError({ code: "FORBIDDEN", message: "This page is not part of the answers you give. Your progress page shows what is yours." });
}

export const stepRouter = router({
  get: visitorProcedure.input(inputOf("stepRef")).query(async ({ ctx, input }) => {
    const { defs } = ctx.services;
    const step = stepOf(defs, input.stepId);
    guard(ctx, step.route);
    const store = applicationStore(ctx.services);
    if (ctx.applicant) await recheckOnVisit(ctx.services, ctx.applicant.userId);
    const reader = ctx.applicant ? await memberStore(ctx.services).readerOf(ctx.services.db, ctx.applicant.userId) : null;
    if (reader) refuseOutsideFlow(defs, reader, step.id);
    const app = reader?.app ?? null;
    const facts = reader ? readerFacts(ctx.services, reader) : null;
    return {
      step,
      application: reader ? store.view(viewFor(defs, reader.part, reader.app.doc)) : {},
      applicationStatus: facts?.applicationStatus ?? null,
      /** The reader's own revision: a member's saves never make the owner's page stale, nor the reverse. */
      revision: reader ? (reader.member?.revision ?? reader.app.revision) : null,
      /** The early-funnel variant the applicant walks (progress and Back follow it). */
      variant: app?.variant ?? null,
      /** Who reads (owner or member role), which part of each step is theirs, and a member's flow. */
      role: facts?.role ?? null,
      part: facts?.part ?? null,
      flow: facts?.flow ?? null,
      /** The definitions changed since this step was answered and its answers no longer pass. */
      recheck: app?.recheck?.steps.includes(step.id) ?? false,
    };
  }),

  submit: visitorProcedure.input(inputOf("stepSubmit")).mutation(async ({ ctx, input }) => {
    const { defs, db, auth } = ctx.services;
    const step = stepOf(defs, input.stepId);
    const outOfBounds = answerBoundErrors(defs, step.id, input.answers); // size and shape first: nothing reads an oversized answer
    if (outOfBounds.length) throw badRequest(outOfBounds);
    guard(ctx, step.route);
    const store = applicationStore(ctx.services);
    const now = ctx.services.now();
    const today = todayIso(now);
    const afterCommit: (() => Promise<void>)[] = [];

    const request = requestOf(ctx);
    const context = { step, services: ctx.services, request, now, today };
    const members = memberStore(ctx.services);
    const stepKeys = Object.keys((step.schema as { properties?: object }).properties ?? {}).map((key) => `/${escapeSegment(key)}`);
    /**
     * The answers checked by the step's validator against what is stored; a refusal names the
     * fields. Only the reader's part is taken from the request and judged: the rest of the step is
     * what the other borrower saved.
     */
    const validated = (stored: Record<string, unknown>, part: Part) => {
      const answers = keepToPart(part, pickAt(stored, stepKeys), restoreMasked(input.answers, stored, ctx.services.sensitive));
      const result = cachedStepValidator(defs, step.id)(answers, { application: stored, today });
      const errors = result.errors.filter((e) => e.pointer === "" || writes(part, e.pointer));
      if (errors.length) throw badRequest(errors.map((e) => ({ pointer: e.pointer, message: e.message })));
      return { ...result, hidden: result.hidden.filter((pointer) => writes(part, pointer)) };
    };
    // Effects that check before the save (a texted code): their answers must be valid first.
    const checking = (step.effects ?? []).filter((effect) => handlerOf(effect).check);
    const serverSet: Record<string, unknown> = {};
    if (checking.length) {
      const before = ctx.applicant ? await members.readerOf(db, ctx.applicant.userId) : null;
      const stored = before?.app.doc ?? {};
      const checked = validated(stored, before?.part ?? WHOLE);
      for (const effect of checking)
        Object.assign(serverSet, await handlerOf(effect).check!({ ...context, effect, ownerId: ctx.applicant?.userId ?? null, answers: checked.answers as Record<string, unknown>, stored }));
    }

    let started: { token: string; expiresAt: Date } | null = null;
    const response = await transaction(db, async (tx) => {
      const reader = ctx.applicant ? await members.readerOf(tx, ctx.applicant.userId) : null;
      if (ctx.applicant && !reader) throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
      const member = reader?.member ?? null;
      if (reader) refuseOutsideFlow(defs, reader, step.id);
      let app = reader?.app ?? null;
      if (reader && input.revision !== undefined && input.revision !== (member?.revision ?? reader.app.revision))
        throw staleRevision();
      // Answers are never saved unchecked against the running definitions: a change since the
      // last visit opens its owner's re-check first.
      if (app && !member) app = await recheckApplication(tx, ctx.services, app);

      const stored = app?.doc ?? {};
      const result = validated(stored, reader?.part ?? WHOLE);

      // Answers an effect only checks (a one-time code) are never kept; what the server sets is.
      const merged = Object.entries(serverSet).reduce((d, [pointer, value]) => setAt(d, pointer, value), mergeDocs(stored, result.answers)) as Record<string, unknown>;
      for (const pointer of result.hidden) deleteAt(merged, pointer);
      for (const pointer of (step.effects ?? []).flatMap((effect) => effect.forget ?? [])) deleteAt(merged, pointer);
      const validateApplication = compileSchemaFile(defs, "application.json");
      if (!validateApplication(merged)) throw badRequest(describeAjvErrors(validateApplication.errors));
      // The last word on who changes what: only the reader's part moves. The owner's part is taken
      // on the new answers, so that stopping to apply with a co-borrower takes their part back.
      const doc = keepToPart(partOf(defs, reader?.role ?? OWNER_ROLE, merged), stored, merged);
      dropStaleVerifications(defs, stored, doc, serverSet);
      if (member) {
        // A member's save changes their part only: the owner's status and revision stay.
        const next = nextStep(defs, step.id, doc, { flow: flowOfRole(defs, member.role), today });
        if (!(await store.save(tx, app!, doc, app!.status, app!.recheck, { bumpRevision: false }))) throw staleRevision();
        if (!(await members.saved(tx, member, step.id))) throw staleRevision();
        await store.audit(tx, { actorKind: "applicant", actorId: member.userId, action: `step.submit:${step.id}`, applicationId: app!.id, changed: changedPointers(stored, doc) });
        const done = readerFacts(ctx.services, { ...reader!, app: { ...app!, doc } }, [step.id]).applicationStatus;
        return { route: next.route ?? routeForStatus(defs, done), stepId: next.stepId, applicationStatus: done, revision: member.revision + 1, ruleId: next.ruleId };
      }

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
      const next = ownersNextStep(defs, step.id, doc, { variant: app.variant ?? undefined, today });
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
