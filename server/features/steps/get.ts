// step.get: a step's saved answers as this reader may see them, with where they are on their
// path. A step not open to them now (a later one, another borrower's) is refused with the page to
// go to instead.
import { localizedSet, requestLocale } from "../locale/locale";
import { said } from "@engine/locale/server-words";
import { fieldSaid, refuse, invalidAnswers } from "@server/features/refusal";
import type { APIInputs } from "@engine/generated/schema-types";
import { doneSteps } from "@engine/funnel/journey";
import { memberStore } from "../members/store";
import { recheckDue, recheckOnVisit } from "@server/features/steps/recheck";
import { type Context } from "@server/transport/trpc/init";
import { refuseClosedStep, requireSessionFor } from "./access";
import { journeyFor, ownerJourney, readerFacts } from "./journey";
import { becauseOf, type Because } from "./because";
import { lastSavedSection } from "./sections";
import { readerPage } from "./reader-view";

type StepRef = NonNullable<APIInputs["stepRef"]>;

export async function getStep(ctx: Context, input: StepRef) {
  const { services } = ctx;
  const step = services.defs.steps.get(input.stepId)?.def;
  if (!step)
    throw invalidAnswers([fieldSaid("/stepId", said("refusal.step.noSuch", { step: input.stepId }))]);
  requireSessionFor(ctx, step.route);
  const members = memberStore(services);
  // The application they own came with their session when the context read it so (one statement).
  let reader = ctx.applicant
    ? await members.readerOf(services.db, ctx.applicant.userId, ctx.ownedApplication?.())
    : null;
  // A change of definitions since the owner's last visit: the answers are checked first.
  if (ctx.applicant && reader && !reader.member && recheckDue(services, reader.app)) {
    await recheckOnVisit(services, ctx.applicant.userId);
    reader = await members.readerOf(services.db, ctx.applicant.userId);
  }
  if (ctx.applicant && !reader) throw refuse("notFound", said("refusal.noApplication"));
  const journey = reader ? journeyFor(services, reader) : null;
  refuseClosedStep(services, reader, journey, step);
  if (!reader) {
    return {
      stepId: step.id,
      definitionsVersion: services.definitionsVersion,
      application: {},
      applicationStatus: null,
      revision: null,
      variant: null,
      /** Development's FUNNEL_VARIANT: the variant every new applicant walks (the page counts its steps). */
      pinnedVariant: services.config.funnelVariant ?? null,
      role: null,
      part: null,
      flow: null,
      recheck: false,
      done: [] as string[],
      due: null,
      locked: false,
      prefill: {} as Record<string, unknown>,
      because: null as Because | null,
      lastSection: null as string | null,
    };
  }
  const facts = readerFacts(services, reader, journey!); // a member's status is their path's, just walked
  const { app } = reader;
  const locked = (reader.member ? ownerJourney(services, app, app.doc) : journey!).submitted; // the owner's own path is the one just walked
  // Masked as the reader receives it: a prefill never carries more than the application shows.
  // Never ask twice: unanswered fields of this reader's part start from answers they gave (or may read) earlier.
  const { view, prefill } = readerPage(services, reader.part, app.doc, step, locked);
  // Due again because of another borrower's answers: the page says who changed what.
  // Only an application someone else acts on can have one (no read for a borrower applying alone).
  const shared = reader.member !== null || reader.part.except.length > 0;
  const because =
    shared && !locked && journey!.due === step.id
      ? await becauseOf(
          services,
          reader,
          ctx.applicant!.userId,
          step.id,
          localizedSet(services.defs, requestLocale(services.defs, ctx.cookies)),
        )
      : null;
  const lastSection = locked ? null : await lastSavedSection(services, reader, ctx.applicant!.userId, step);
  return {
    /** Which step was read: its definition the browser already has, in the definitions bundle. */
    stepId: step.id,
    /** The definitions the server runs: a browser that loaded another version fetches them again. */
    definitionsVersion: services.definitionsVersion,
    application: view,
    applicationStatus: facts.applicationStatus,
    /** The reader's own revision: a member's saves never make the owner's page stale, nor the reverse. */
    revision: reader.member?.revision ?? app.revision,
    /** The early-funnel variant the applicant walks (progress and Back follow it). */
    variant: app.variant,
    pinnedVariant: null as string | null,
    /** Who reads (owner or member role), which part of each step is theirs, and a member's flow. */
    role: facts.role,
    part: facts.part,
    flow: facts.flow,
    /** The definitions changed since this step was answered and its answers no longer pass. */
    recheck: app.recheck?.steps.includes(step.id) ?? false,
    /** The steps of the reader's path they have saved, and the one due: the progress bar marks only these done. */
    done: doneSteps(journey!),
    due: journey!.due,
    /** The application is submitted: nothing on the applicant side changes any more. */
    locked,
    /** Field pointer → the value an unanswered field starts from (the step's prefill): shown filled, editable, judged on save. */
    prefill,
    /** This page is due again because another borrower changed their answers: who, what (by title) and when. */
    because,
    /** The last section of this step the reader saved since they last saved it whole: the page resumes after it. */
    lastSection,
  };
}
