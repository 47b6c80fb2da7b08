// The loan after submission (server/features/loan/): portal.loan.* for staff, on the files of
// their partner they can see (each move needs the permission rules/milestones.json names), and
// loan.* for the applicant in their own session (their file, their conditions, their own moves).
// A feature's refusal maps to its tRPC error in the procedure kinds (./refusals.ts).
import { eq } from "drizzle-orm";
import { addCondition, answerCondition, decideCondition } from "@server/features/loan/conditions";
import { loanFileOf, moveLoan } from "@server/features/loan/moves";
import {
  answerOccupancy,
  recordNotarization,
  recordOwnerOccupancy,
  signClosing,
} from "@server/features/loan/closing";
import { applicantLoanView, staffLoanView } from "@server/features/loan/views";
import { requestLocale } from "@server/features/locale/locale";
import { recordNoticeMailed } from "@server/features/loan/mail-queue";
import { waiveValuationTiming } from "@server/features/loan/valuations";
import { visibleApplication } from "@server/features/portal/scope";
import { refuse } from "@server/features/refusal";
import { transaction } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import type { Staff } from "@server/features/portal/staff";
import { applicantProcedure, router, staffProcedure } from "../init";
import { loanInputOf } from "../inputs";
import { readApplication } from "../own-application";

/** The applicant's view of their file, in the language of the request. */
const applicantView = (
  ctx: { services: Services; cookies: Parameters<typeof requestLocale>[1] },
  role: string,
  loan: Parameters<typeof applicantLoanView>[2],
) => applicantLoanView(ctx.services, role, loan, requestLocale(ctx.services.defs, ctx.cookies));

/** The file of an application (opened when a submitted application has none yet); null before submission. */
async function fileOf(services: Services, applicationId: string) {
  return transaction(services.db, async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId));
    if (!row) return null;
    return loanFileOf(tx, services, applicationStore(services).fromRow(row), row.updatedAt);
  });
}

/** Another partner's file, or one a loan officer is not assigned, is "not found". */
async function inPipeline(services: Services, staff: Staff, applicationId: string) {
  if (!(await visibleApplication(services, staff, applicationId)))
    throw refuse("notFound", "There is no such application in your pipeline.");
}

export const portalLoanRouter = router({
  /** The file: milestone, decision clock, the moves open from here, decision, conditions, notices, history and mails. */
  get: staffProcedure("applications.all", "applications.assigned")
    .input(loanInputOf("loanFileRef"))
    .query(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      const loan = await fileOf(ctx.services, input.applicationId);
      if (!loan) throw refuse("notNow", "This application is not submitted yet.");
      return staffLoanView(ctx.services, ctx.staff, loan);
    }),
  /** One move along rules/milestones.json: refused without its permission, from another milestone, or with a requirement unmet. */
  move: staffProcedure("applications.all", "applications.assigned")
    .input(loanInputOf("loanTransition"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      const loan = await moveLoan(ctx.services, { kind: "portal", staff: ctx.staff }, input);
      return staffLoanView(ctx.services, ctx.staff, loan);
    }),
  /** Ask a condition of the catalogue of one or more borrowers (each is mailed). */
  addCondition: staffProcedure("conditions.manage")
    .input(loanInputOf("conditionAdd"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      return staffLoanView(ctx.services, ctx.staff, await addCondition(ctx.services, ctx.staff, input));
    }),
  /** Record the principal-dwelling answer an owner who is not applying gave staff. */
  recordOccupancy: staffProcedure("closing.manage")
    .input(loanInputOf("occupancyRecord"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      return staffLoanView(
        ctx.services,
        ctx.staff,
        await recordOwnerOccupancy(ctx.services, ctx.staff, input),
      );
    }),
  /** Record the in-person notarization of the security instrument (the account opens once every borrower signed). */
  recordNotarization: staffProcedure("closing.notarize")
    .input(loanInputOf("notarizationRecord"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      return staffLoanView(ctx.services, ctx.staff, await recordNotarization(ctx.services, ctx.staff, input));
    }),
  /** Record the day a notice of the print-and-mail queue was mailed (a valuation's copy counts from it). */
  recordNoticeMailed: staffProcedure("notices.mail")
    .input(loanInputOf("noticeMailed"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      return staffLoanView(ctx.services, ctx.staff, await recordNoticeMailed(ctx.services, ctx.staff, input));
    }),
  /** Clear, waive or reopen a condition. */
  decideCondition: staffProcedure("conditions.clear")
    .input(loanInputOf("conditionDecision"))
    .mutation(async ({ ctx, input }) => {
      await inPipeline(ctx.services, ctx.staff, input.applicationId);
      return staffLoanView(ctx.services, ctx.staff, await decideCondition(ctx.services, ctx.staff, input));
    }),
});

export const loanRouter = router({
  /** The signed-in borrower's loan after submission; null before it is submitted. */
  mine: applicantProcedure.query(async ({ ctx }) => {
    const { app, role } = await readApplication(ctx);
    const loan = await fileOf(ctx.services, app.id);
    return loan ? applicantView(ctx, role, loan) : null;
  }),
  /** A borrower answers an information condition asked of them, in their own session. */
  answerCondition: applicantProcedure
    .input(loanInputOf("conditionAnswer"))
    .mutation(async ({ ctx, input }) => {
      const { app, role } = await readApplication(ctx);
      const applicant = { applicationId: app.id, userId: ctx.applicant.userId, role };
      return applicantView(ctx, role, await answerCondition(ctx.services, applicant, input));
    }),
  /** A borrower on the title says, for themselves, whether the home is their principal dwelling. */
  answerOccupancy: applicantProcedure
    .input(loanInputOf("occupancyAnswer"))
    .mutation(async ({ ctx, input }) => {
      const { app, role } = await readApplication(ctx);
      const applicant = { applicationId: app.id, userId: ctx.applicant.userId, role };
      return applicantView(
        ctx,
        role,
        await answerOccupancy(ctx.services, applicant, input.principalDwelling),
      );
    }),
  /** A borrower signs the closing package in their own session (the account opens once all signed and it is notarized). */
  signClosing: applicantProcedure.input(loanInputOf("closingSign")).mutation(async ({ ctx, input }) => {
    const { app, role } = await readApplication(ctx);
    const applicant = { applicationId: app.id, userId: ctx.applicant.userId, role };
    const loan = await signClosing(ctx.services, applicant, input, { ip: ctx.ip, userAgent: ctx.userAgent });
    return applicantView(ctx, role, loan);
  }),
  /** The applicant waives receiving the valuation copies three business days before the account opens (12 CFR 1002.14(a)(1)). */
  waiveValuationTiming: applicantProcedure.mutation(async ({ ctx }) => {
    const { app, role } = await readApplication(ctx);
    const applicant = { applicationId: app.id, userId: ctx.applicant.userId, role };
    return applicantView(ctx, role, await waiveValuationTiming(ctx.services, applicant));
  }),
  /** The applicant accepts or declines a counteroffer, in their own session. */
  answerCounteroffer: applicantProcedure
    .input(loanInputOf("counterofferAnswer"))
    .mutation(async ({ ctx, input }) => {
      const { app, role } = await readApplication(ctx);
      const loan = await moveLoan(
        ctx.services,
        { kind: "applicant", userId: ctx.applicant.userId, role },
        {
          applicationId: app.id,
          transition: input.answer === "accept" ? "acceptCounteroffer" : "declineCounteroffer",
        },
      );
      return applicantView(ctx, role, loan);
    }),
});
