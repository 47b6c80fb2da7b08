// rescission.*: the right to cancel as the signed-in owner sees it (each borrower in their own
// session): whether it applies and is theirs, the period, their notice's PDF, and the cancel
// action, which records their cancellation and moves the application to the cancelled status.
import { said } from "@engine/locale/server-words";
import { refuse } from "@server/features/refusal";
import { cancelLine } from "@server/features/esign/cancellation";
import { rescissionPdfUrl, rightToCancel } from "@server/features/esign/right-to-cancel";
import { applicantProcedure, router } from "../init";
import { inputOf, optionalInputOf } from "../inputs";
import { readApplication } from "../own-application";

export const rescissionRouter = router({
  mine: applicantProcedure.input(optionalInputOf("empty")).query(async ({ ctx }) => {
    const { app, role } = await readApplication(ctx);
    const right = await rightToCancel(ctx.services.db, ctx.services, app);
    // A borrower's holder key is their role (server/features/esign/right-to-cancel.ts).
    const holder = right.holders.find((h) => h.key === role) ?? null;
    return {
      applies: right.applies,
      holder: holder ? { key: holder.key, name: holder.name } : null,
      // Their own period (a borrower's notice is emailed when the account opens, so it is the account's).
      period:
        holder?.period && right.period ? { ...holder.period, timeZone: right.period.timeZone } : right.period,
      open: holder?.open ?? false,
      pdfUrl: holder && right.period ? rescissionPdfUrl(holder.key) : null,
      cancellation: right.cancellation
        ? { name: right.cancellation.name, sentOn: right.cancellation.sentOn, via: right.cancellation.via }
        : null,
    };
  }),

  cancel: applicantProcedure.input(inputOf("rescissionCancel")).mutation(async ({ ctx, input }) => {
    const { app, role } = await readApplication(ctx);
    const right = await rightToCancel(ctx.services.db, ctx.services, app);
    const holder = right.holders.find((h) => h.key === role);
    if (!holder) throw refuse("forbidden", said("refusal.cancel.ownSession"));
    const cancellation = await cancelLine(ctx.services, {
      applicationId: app.id,
      holder: holder.key,
      via: "online",
      signature: input.typedName,
      recordedBy: { kind: "applicant", id: ctx.applicant.userId, name: holder.name },
    });
    return { name: cancellation.name, sentOn: cancellation.sentOn, via: cancellation.via };
  }),
});
