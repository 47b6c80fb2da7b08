// decision.latest: the applicant's latest credit decision and its adverse action notice as
// recorded (reasons, date, the notice's version and the values its text was filled with), with
// the link to its PDF, for the ineligible pages; null when nothing was declined.
import { adverseActionPdfUrl, decisionsOf } from "@server/features/decisions/adverse-action";
import { applicantProcedure, router } from "../init";
import { ownApplication } from "../own-application";

export const decisionRouter = router({
  latest: applicantProcedure.query(async ({ ctx }) => {
    const app = await ownApplication(ctx);
    const decisions = decisionsOf(app.doc);
    const latest = decisions.at(-1);
    if (!latest) return null;
    const { pdfSha256: _pdf, ...notice } = latest.notice;
    return {
      outcome: latest.outcome,
      ruleId: latest.ruleId,
      reasons: latest.reasons,
      decidedAt: latest.decidedAt,
      notice,
      pdfUrl: adverseActionPdfUrl(decisions.length - 1),
    };
  }),
});
