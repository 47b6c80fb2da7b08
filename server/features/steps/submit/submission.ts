// Phase 1 of step.submit, read: the step, who saves it, when, and the facts every later phase uses.
import { said } from "@engine/locale/server-words";
import { fieldSaid, refuse, invalidAnswers } from "@server/features/refusal";
import { requestLocale } from "@server/features/locale/locale";
import { todayIso } from "@engine/base/dates";
import type { Definitions, Step } from "@engine/definitions/definitions";
import type { APIInputs } from "@engine/generated/schema-types";
import type { Part } from "@engine/funnel/members";
import { answerBoundErrors } from "@engine/validation/answer-bounds";
import { type Context } from "@server/transport/trpc/init";
import { requireSessionFor } from "../access";
import type { EffectCheck } from "../effects";
import { receiptsOf } from "../receipts";
import type { Judged } from "../checked-answers";

export type StepSubmit = NonNullable<APIInputs["stepSubmit"]>;
/** One section of a step in sections, saved as the reader finishes it (step.saveSection). */
export type StepSection = NonNullable<APIInputs["stepSection"]>;
export type Section = NonNullable<Step["sections"]>[number];

export interface SubmitResult {
  route: string;
  stepId: string | null;
  applicationStatus: string;
  revision: number;
  ruleId: string;
  /** The borrowers whose signature this save voided (a covered answer changed): they sign again. */
  voided?: string[];
}

/** One submission, as read before anything is judged. */
export interface Submission {
  ctx: Context;
  input: StepSubmit | StepSection;
  /** A part's save: the section saved (only its fields judged and taken; the step stays due). Null for a whole step. */
  section: Section | null;
  services: Context["services"];
  step: Step;
  /** The signed-in applicant, or null for a visitor's first answer. */
  userId: string | null;
  /** The idempotency key's receipt id, when the request carries one. */
  receipt: string | null;
  now: Date;
  today: string;
  /** The definitions the answers are judged with: the reader's language and experiment arms (set by submitStep). */
  judgeDefs?: Definitions;
  /** The answers as last judged, and on what (./check.ts validated): judged once per stored document and part. */
  judged?: { stored: object; part: Part; defs: Definitions; result: Judged };
  /** A visitor's network was admitted to start a guest (counted before the transaction: ./index.ts). */
  guestAdmitted?: boolean;
  /** What an effect sees of the request. */
  effectContext: Pick<EffectCheck, "step" | "services" | "request" | "now" | "today" | "actorId">;
}

export const staleRevision = () => refuse("conflict", said("refusal.changedInAnotherWindow"));

/** The section `id` of the step, or a refusal naming the field. */
function sectionOf(step: Step, id: string): Section {
  const found = step.sections?.find((s) => s.id === id);
  if (!found)
    throw invalidAnswers([
      fieldSaid("/section", said("refusal.step.noSection", { step: step.id, section: id })),
    ]);
  return found;
}

function stepOf(ctx: Context, stepId: string): Step {
  const step = ctx.services.defs.steps.get(stepId)?.def;
  if (!step) throw invalidAnswers([fieldSaid("/stepId", said("refusal.step.noSuch", { step: stepId }))]);
  return step;
}

/** The request facts an effect may record. */
const requestOf = (ctx: Context): EffectCheck["request"] => ({
  ip: ctx.ip,
  userAgent: typeof ctx.userAgent === "string" && ctx.userAgent !== "" ? ctx.userAgent : null,
  origin: ctx.origin ?? null,
  language: requestLocale(ctx.services.defs, ctx.cookies).code,
});

/** Reads a submission: the step exists, its answers fit their bounds (nothing reads an oversized answer), the session may save it. */
export function readSubmission(ctx: Context, input: StepSubmit | StepSection): Submission {
  const { services } = ctx;
  const step = stepOf(ctx, input.stepId);
  const section = "section" in input ? sectionOf(step, input.section) : null;
  const outOfBounds = answerBoundErrors(services.defs, step.id, input.answers);
  if (outOfBounds.length) throw invalidAnswers(outOfBounds);
  requireSessionFor(ctx, step.route);
  const userId = ctx.applicant?.userId ?? null;
  // A part is saved into an application that exists: the first answer of a visitor is a whole step.
  if (section && !userId) throw refuse("signInRequired", said("refusal.signInToContinue"));
  const receipt = input.idempotencyKey ? receiptsOf(services).macOf(input.idempotencyKey) : null;
  const now = services.now();
  const today = todayIso(now);
  const effectContext = { step, services, request: requestOf(ctx), now, today, actorId: userId };
  return { ctx, input, section, services, step, userId, receipt, now, today, effectContext };
}
