// portal.notices.*: the notices given on the files a portal user can see (notices.view); by staff
// with notices.mail, the day an early decline's paper notice was mailed; and, by
// staff with rescission.record, a cancellation an owner mailed and the delivery of a notice mailed
// to an owner who is not applying; by staff with credit.recordScore, the credit score used on a
// borrower's application (the FCRA 609(g) notice then goes to them).
import { TRPCError } from "@trpc/server";
import { recordCreditScoreUsed } from "@server/features/decisions/credit-score";
import { recordDeclineMailed } from "@server/features/decisions/decline-mail";
import { cancelLine } from "@server/features/esign/cancellation";
import { recordNoticeDelivery } from "@server/features/esign/notice-delivery";
import { portalNotices } from "@server/features/portal/notices";
import { visibleApplication } from "@server/features/portal/scope";
import { router, staffProcedure } from "../init";
import { inputOf, optionalInputOf } from "../inputs";

const notFound = () =>
  new TRPCError({ code: "NOT_FOUND", message: "There is no such application in your pipeline." });

export const portalNoticesRouter = router({
  /** The adverse action notices sent on the applications this user can see, newest first. */
  list: staffProcedure("notices.view")
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => portalNotices(ctx.services).list(ctx.staff)),
  /** Every notice given on one file: adverse action notices and each owner's notice of the right to cancel. */
  ofApplication: staffProcedure("notices.view")
    .input(inputOf("portalApplicationRef"))
    .query(async ({ ctx, input }) => {
      const row = await visibleApplication(ctx.services, ctx.staff, input.applicationId);
      if (!row) throw notFound();
      return portalNotices(ctx.services).ofApplication(row);
    }),
  /** Records the day staff mailed an early decline's paper notice of action taken (the print-and-mail queue). */
  recordDeclineMailed: staffProcedure("notices.mail")
    .input(inputOf("portalDeclineMailed"))
    .mutation(async ({ ctx, input }) => {
      const row = await visibleApplication(ctx.services, ctx.staff, input.applicationId);
      if (!row) throw notFound();
      const mailed = await recordDeclineMailed(ctx.services, ctx.staff, { ...input, applicationId: row.id });
      return { index: input.index, mailedOn: mailed.mailedOn ?? null };
    }),
  /** Records a cancellation an owner mailed or delivered, sent on `sentOn`. */
  recordCancellation: staffProcedure("rescission.record")
    .input(inputOf("portalCancellation"))
    .mutation(async ({ ctx, input }) => {
      const row = await visibleApplication(ctx.services, ctx.staff, input.applicationId);
      if (!row) throw notFound();
      const cancellation = await cancelLine(ctx.services, {
        applicationId: row.id,
        holder: input.holder,
        via: "mail",
        sentOn: input.sentOn,
        recordedBy: { kind: "portal", id: ctx.staff.id, name: ctx.staff.name },
      });
      return { name: cancellation.name, sentOn: cancellation.sentOn, via: cancellation.via };
    }),
  /** Records the day a notice of the right to cancel mailed to an owner reached them: their period runs from it. */
  recordDelivery: staffProcedure("rescission.record")
    .input(inputOf("portalNoticeDelivery"))
    .mutation(async ({ ctx, input }) => {
      const row = await visibleApplication(ctx.services, ctx.staff, input.applicationId);
      if (!row) throw notFound();
      const delivery = await recordNoticeDelivery(ctx.services, {
        applicationId: row.id,
        holder: input.holder,
        deliveredOn: input.deliveredOn,
        via: input.via,
        recordedBy: { kind: "portal", id: ctx.staff.id, name: ctx.staff.name },
      });
      return {
        holder: delivery.holder,
        name: delivery.name,
        deliveredOn: delivery.deliveredOn,
        via: delivery.via,
      };
    }),
  /** Records the credit score used on a borrower's application (from a report pulled elsewhere) and sends them their FCRA 609(g) notice. */
  recordCreditScore: staffProcedure("credit.recordScore")
    .input(inputOf("portalCreditScore"))
    .mutation(async ({ ctx, input }) => {
      const row = await visibleApplication(ctx.services, ctx.staff, input.applicationId);
      if (!row) throw notFound();
      return recordCreditScoreUsed(ctx.services, {
        applicationId: row.id,
        borrower: input.borrower,
        used: input.creditScoreUsed,
        recordedBy: { kind: "portal", id: ctx.staff.id, name: ctx.staff.name },
      });
    }),
});
