// decision.latest: the applicant's latest credit decision and its adverse action notice as
// recorded (reasons, date, the notice's version and the values its text was filled with), with
// the link to its PDF, for the ineligible pages; null when nothing was declined. decision.pending
// and decision.confirm: a decline that waits for the applicant to confirm the answer it rests on
// (server/features/decisions/early-decline.ts).
import { adverseActionPdfUrl, decisionsOf } from "@server/features/decisions/adverse-action";
import { disclosureHtml, readDisclosure } from "@server/features/esign/documents";
import { addressLine } from "@engine/lending/borrowers";
import { confirmDecline, pendingDecline } from "@server/features/decisions/early-decline";
import { applicantProcedure, router } from "../init";
import { inputOf } from "../inputs";
import { ownApplication } from "../own-application";

export const decisionRouter = router({
  latest: applicantProcedure.query(async ({ ctx }) => {
    const app = await ownApplication(ctx);
    const decisions = decisionsOf(app.doc);
    const latest = decisions.at(-1);
    if (!latest) return null;
    const { pdfSha256: _pdf, ...notice } = latest.notice;
    // The notice's words as the served set has them (the recorded version), rendered here: the
    // page shows the text that was recorded, never one built into the web app. Null when the set
    // no longer has that version (the page then offers the PDF).
    const source = readDisclosure(notice.id, ctx.services.defs.texts);
    const text = source && source.version === notice.version ? source : null;
    return {
      outcome: latest.outcome,
      ruleId: latest.ruleId,
      reasons: latest.reasons,
      decidedAt: latest.decidedAt,
      notice: {
        ...notice,
        title: text?.title ?? notice.title ?? null,
        html: text ? disclosureHtml(text) : null,
      },
      pdfUrl: adverseActionPdfUrl(decisions.length - 1),
      delivery: latest.delivery ?? null,
      mailTo: latest.mailTo ? addressLine(latest.mailTo) : null,
    };
  }),
  /**
   * The decline today's answers lead to that the applicant has not confirmed yet (a pricing rule
   * flagged confirmFirst): its reasons, and whether a mailing address is on file for the notice.
   * Nothing of it is recorded; null when there is none.
   */
  pending: applicantProcedure.query(async ({ ctx }) => {
    const app = await ownApplication(ctx);
    return pendingDecline(ctx.services, app.doc);
  }),
  /** The applicant confirms the answer the decline rests on: the decision and its notice are recorded now. */
  confirm: applicantProcedure.input(inputOf("declineConfirmation")).mutation(async ({ ctx, input }) => {
    const decision = await confirmDecline(ctx.services, { userId: ctx.applicant.userId }, input);
    return { ruleId: decision.ruleId, decidedAt: decision.decidedAt };
  }),
});
