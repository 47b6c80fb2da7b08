// portal.notices.*: the notices given on the files a portal user can see (notices.view), and a
// cancellation an owner mailed, recorded by staff (rescission.record).
import { TRPCError } from "@trpc/server";
import { cancelLine } from "../../esign/cancellation";
import { portalNotices } from "../../portal/notices";
import { visibleApplication } from "../../portal/scope";
import { router, staffProcedure } from "../init";
import { inputOf, optionalInputOf } from "../inputs";

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "There is no such application in your pipeline." });

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
});
