// step.submit, the server side of every funnel screen, in named phases: read who is saving and
// where they are; check the step is open to them and the answers (the engine's step validator,
// the one the browser runs; the server is the authority); merge into the stored application;
// decide where they go next along their own path; save it all in one transaction with the step's
// effects; then the work after the commit. Nothing is saved unless everything passes.
import { TRPCError } from "@trpc/server";
import { todayIso } from "@engine/base/dates";
import type { Step } from "@engine/definitions/definitions";
import { chooseVariant, flowOf, nextStep, routeForStatus } from "@engine/funnel/funnel";
import { doneSteps, type Journey } from "@engine/funnel/journey";
import { flowOfPart, keepToPart, OWNER_ROLE, partOf, WHOLE, type Part } from "@engine/funnel/members";
import { answerBoundErrors } from "@engine/validation/answer-bounds";
import { changedPointers, deleteAt } from "@engine/base/pointer";
import type { APIInputs } from "@engine/generated/schema-types";
import { transaction, type Db } from "@server/persistence/db/client";
import { attachNoticePdf, deliverNotice, recordDecline } from "../decisions/adverse-action";
import { coverageOf, signingStepOf } from "../esign/coverage";
import { isCancelled } from "../esign/right-to-cancel";
import { memberStore, type Reader } from "../members/store";
import { accountEmail, dropStaleVerifications, emailPointerOf } from "@engine/lending/borrowers";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { recheckApplication } from "@server/persistence/store/recheck";
import { badRequest, type Context } from "@server/transport/trpc/init";
import { cancelledRefusal, refuseClosedStep, requireSessionFor, submittedRefusal } from "./access";
import { handlerOf } from "./effect-table";
import type { EffectCheck } from "./effects";
import {
  journeyFor,
  ownerCompleted,
  ownerJourney,
  readerCompleted,
  readerFacts,
  statusOf,
  withStep,
} from "./journey";
import { receiptsOf } from "./receipts";
import { notifyVoidedSigners, type Voided } from "./voided";
import { judgedAnswers, mergedApplication } from "./checked-answers";

type StepSubmit = NonNullable<APIInputs["stepSubmit"]>;

export interface SubmitResult {
  route: string;
  stepId: string | null;
  applicationStatus: string;
  revision: number;
  ruleId: string;
  /** The borrowers whose signature this save voided (a covered answer changed): they sign again. */
  voided?: string[];
}

const staleRevision = () =>
  new TRPCError({
    code: "CONFLICT",
    message: "Your application was changed in another window. Reload to see the latest answers.",
  });

function stepOf(ctx: Context, stepId: string): Step {
  const step = ctx.services.defs.steps.get(stepId)?.def;
  if (!step) throw badRequest([{ pointer: "/stepId", message: `Step "${stepId}" does not exist` }]);
  return step;
}

/** The request facts an effect may record. */
const requestOf = (ctx: Context): EffectCheck["request"] => ({
  ip: ctx.ip,
  userAgent: typeof ctx.userAgent === "string" && ctx.userAgent !== "" ? ctx.userAgent : null,
  origin: ctx.origin ?? null,
});

export async function submitStep(ctx: Context, input: StepSubmit): Promise<SubmitResult> {
  const { services } = ctx;
  const { defs, db, auth } = services;
  const members = memberStore(services);
  const store = applicationStore(services);
  const receipts = receiptsOf(services);

  // 1. Read: the step, who saves it, and whether this exact submission was answered already.
  const step = stepOf(ctx, input.stepId);
  const outOfBounds = answerBoundErrors(services.defs, step.id, input.answers); // size and shape first: nothing reads an oversized answer
  if (outOfBounds.length) throw badRequest(outOfBounds);
  requireSessionFor(ctx, step.route);
  const userId = ctx.applicant?.userId ?? null;
  const receipt = input.idempotencyKey ? receipts.macOf(input.idempotencyKey) : null;
  if (receipt) {
    const replay = await receipts.find<SubmitResult>(db, receipt, userId);
    if (replay) return replay;
  }
  const now = services.now();
  const today = todayIso(now);
  const context = { step, services, request: requestOf(ctx), now, today, actorId: userId };

  /** The reader's path now; a refusal when the step is not open to them or the application is submitted. */
  const admit = (reader: Reader | null): Journey | null => {
    if (userId && !reader)
      throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
    const journey = reader ? journeyFor(services, reader) : null;
    refuseClosedStep(services, reader, journey, step);
    if (reader && isCancelled(defs, reader.app)) throw cancelledRefusal(services, reader.app);
    if (reader) {
      const owner = reader.member ? ownerJourney(services, reader.app, reader.app.doc) : journey!;
      if (owner.submitted) throw submittedRefusal(services, owner);
    }
    return journey;
  };

  // 2. Check: only the reader's part of the request is taken and judged (the rest of the step is
  // what the other borrower saved); a refusal names the fields (./checked-answers.ts).
  const judge = { defs, sensitive: services.sensitive, step, today };
  const validated = (stored: Record<string, unknown>, part: Part) =>
    judgedAnswers(judge, stored, part, input.answers);

  // Effects that check before the save (a texted code) see valid answers; what they set is saved with them.
  // Without such an effect, nothing is read before the transaction: it reads and admits the reader itself.
  const serverSet: Record<string, unknown> = {};
  const checking = (step.effects ?? []).filter((effect) => handlerOf(effect).check);
  if (checking.length) {
    const before = userId ? await members.readerOf(db, userId) : null;
    admit(before);
    const stored = before?.app.doc ?? {};
    const { answers } = validated(stored, before?.part ?? WHOLE);
    for (const effect of checking)
      Object.assign(
        serverSet,
        await handlerOf(effect).check!({
          ...context,
          effect,
          role: before?.role ?? OWNER_ROLE,
          ownerId: userId,
          answers: answers as Record<string, unknown>,
          stored,
        }),
      );
  }

  let started: { token: string; expiresAt: Date } | null = null;
  const afterCommit: (() => Promise<void>)[] = [];
  const response = await transaction(db, async (tx): Promise<SubmitResult> => {
    // The work may run again (PostgreSQL retries a serialization failure): what an earlier try
    // started was rolled back with it, so its session cookie and its mail must not go out.
    started = null;
    afterCommit.length = 0;
    if (receipt) {
      const replay = await receipts.find<SubmitResult>(tx, receipt, userId);
      if (replay) return replay;
    }
    let reader = userId ? await members.readerOf(tx, userId) : null;
    admit(reader);
    // Answers are never saved unchecked against the running definitions: a change since the
    // last visit opens its owner's re-check first.
    if (reader && !reader.member)
      reader = { ...reader, app: await recheckApplication(tx, services, reader.app) };
    const stored = reader?.app.doc ?? {};
    const part = reader?.part ?? WHOLE;

    // 3. Merge: the step's answers, what the server set, without hidden answers and one-time codes.
    const merged = mergedApplication(judge, stored, validated(stored, part), serverSet);
    // The last word on who changes what: only the reader's part moves. The owner's part is taken
    // on the new answers, so that stopping to apply with a co-borrower takes their part back.
    const doc = keepToPart(partOf(defs, reader?.role ?? OWNER_ROLE, merged), stored, merged);
    dropStaleVerifications(defs, stored, doc, serverSet);
    const changed = changedPointers(stored, doc);

    // A page sent again from a stale view is refused, unless it changes nothing (a double click).
    const revision = reader ? (reader.member?.revision ?? reader.app.revision) : null;
    if (
      reader &&
      input.revision !== undefined &&
      input.revision !== revision &&
      (changed.length > 0 || (step.effects ?? []).length > 0)
    )
      throw staleRevision();

    // A change to an answer a signature covers voids that signature: its signer signs again.
    const voided: Voided[] = [];
    let ownerDone = reader ? ownerCompleted(services, reader.app) : [];
    if (reader && changed.length) {
      for (const { signer, changed: pointers } of await coverageOf(services).voidChanged(
        tx,
        reader.app.id,
        doc,
        now,
      )) {
        const signing = signingStepOf(defs, signer);
        if (signing) deleteAt(doc, signing.pointer);
        if (signer === OWNER_ROLE) ownerDone = ownerDone.filter((id) => id !== signing?.stepId);
        else if (signing) await members.reopen(tx, reader.app.id, signer, signing.stepId);
        voided.push({ signer, pointers });
        await store.audit(tx, {
          actorKind: "system",
          actorId: null,
          action: `esign.voided:${signer}`,
          applicationId: reader.app.id,
          changed: pointers,
        });
      }
    }

    // 4. Decide and save. A visitor's first saved answer starts a guest account, application and session.
    let app: StoredApplication;
    let journey: Journey;
    let saved: SubmitResult;
    if (reader?.member) {
      // A member's save changes their part and their own path; the owner's revision stays (their
      // open page is not stale), and the owner's status follows what the member's answers decide.
      const member = reader.member;
      app = reader.app;
      const completed = withStep(readerCompleted(services, reader), step.id);
      journey = journeyFor(services, reader, doc, completed);
      const owner = ownerJourney(services, app, doc, ownerDone);
      if (
        !(await store.save(tx, app, doc, statusOf(owner, app.status), app.recheck, {
          bumpRevision: false,
          completed: ownerDone,
        }))
      )
        throw staleRevision();
      if (!(await members.saved(tx, member, step.id))) throw staleRevision();
      saved = {
        ...routeAfter(journey, null, ruleOf(doc, app, reader.part)),
        revision: member.revision + 1,
        applicationStatus: readerFacts(services, {
          ...reader,
          member: { ...member, completed: JSON.stringify(completed) },
        }).applicationStatus,
      };
    } else {
      if (reader) app = reader.app;
      else {
        const flowId = flowOf(defs, step.id);
        app = await store.createGuest(
          tx,
          step.id,
          flowId ? chooseVariant(defs, flowId, Math.random(), services.config.funnelVariant) : null,
        );
        const { token, session } = await auth.applicant.sessions.create(app.ownerId, tx);
        started = { token, expiresAt: session.expiresAt };
        ownerDone = [];
      }
      const email = accountEmail(defs, doc);
      if (
        email !== null &&
        email !== accountEmail(defs, stored) &&
        !(await store.claimEmail(tx, app.ownerId, email.toLowerCase()))
      )
        throw badRequest([
          {
            pointer: emailPointerOf(defs),
            message: "An application with this email already exists. Sign in to continue it.",
          },
        ]);
      const completed = withStep(ownerDone, step.id);
      journey = ownerJourney(services, app, doc, completed);
      // While a re-check is open, the steps still listed are those not answered again yet.
      const listed = app.recheck?.steps.filter((id) => !completed.includes(id) || id === step.id) ?? [];
      const left = listed.filter((id) => id !== step.id && !doneSteps(journey).includes(id));
      const recheck = left.length ? { steps: left } : null;
      const status = statusOf(journey, app.status);
      // A decline the pricing rules make is a credit decision: recorded with its notice, which is mailed after the commit.
      const declined = recordDecline(defs, doc, now);
      const noticePdf = declined
        ? await attachNoticePdf(app.id, declined.decision, services.defs.texts)
        : null;
      if (!(await store.save(tx, app, doc, status, recheck, { completed }))) throw staleRevision();
      if (declined) {
        await store.audit(tx, {
          actorKind: "system",
          actorId: null,
          action: `decision.declined:${declined.decision.ruleId}`,
          applicationId: app.id,
          changed: ["/decisions"],
        });
        afterCommit.push(() => deliverNotice(services, email, declined.text, noticePdf!));
      }
      saved = {
        ...routeAfter(journey, app.recheck ? journey.due : null, ruleOf(doc, app, part)),
        revision: app.revision + 1,
        applicationStatus: status,
      };
    }
    await store.audit(tx, {
      actorKind: "applicant",
      actorId: userId ?? app.ownerId,
      action: `step.submit:${step.id}`,
      applicationId: app.id,
      changed,
    });
    for (const effect of step.effects ?? []) {
      const later = await handlerOf(effect).record?.({
        ...context,
        effect,
        tx,
        role: reader?.role ?? OWNER_ROLE,
        actorId: userId ?? app.ownerId,
        application: app,
        doc,
      });
      if (later) afterCommit.push(later);
    }
    if (voided.length) afterCommit.push(() => notifyVoidedSigners(services, app, voided));
    const out: SubmitResult = { ...saved, ...(voided.length ? { voided: voided.map((v) => v.signer) } : {}) };
    if (receipt) await receipts.record(tx, receipt, app.id, userId, out);
    return out;
  });

  // 5. After the commit: the guest's cookie goes out only once its session is committed; then mail and files.
  const fresh = started as { token: string; expiresAt: Date } | null;
  if (fresh) auth.applicant.jar.set(ctx.cookies, "session", fresh.token, fresh.expiresAt);
  for (const work of afterCommit)
    await work().catch((error: unknown) =>
      console.error(
        `step.submit ${step.id}: work after the save failed (${error instanceof Error ? error.name : "error"})`,
      ),
    );
  return response;

  /** The rule that names the step after this one (a branch of `next`, or the flow's order): why they go there. */
  function ruleOf(doc: Record<string, unknown>, app: StoredApplication, part: Part): string {
    return nextStep(defs, step.id, doc, {
      variant: app.variant ?? undefined,
      flow: flowOfPart(defs, part) ?? undefined,
      today,
    }).ruleId;
  }

  /**
   * Where the reader goes after saving: the next step of their path (walking forward through
   * pages already answered, like any wizard), or straight to `jump` (the step still due while a
   * re-check is open); off the funnel, the page the branch names.
   */
  function routeAfter(
    journey: Journey,
    jump: string | null,
    ruleId: string,
  ): Pick<SubmitResult, "route" | "stepId" | "ruleId"> {
    const at = journey.path.indexOf(step.id);
    const to =
      jump ??
      (at >= 0 && at + 1 < journey.path.length ? journey.path[at + 1]! : journey.exit ? null : journey.due);
    if (to) return { route: defs.steps.get(to)!.def.route, stepId: to, ruleId };
    if (journey.exit) return { route: journey.exit.route, stepId: null, ruleId: journey.exit.ruleId };
    return { route: routeForStatus(defs, statusOf(journey, step.id)), stepId: null, ruleId };
  }
}
