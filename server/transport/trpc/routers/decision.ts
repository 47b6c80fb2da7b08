// decision.latest: the applicant's latest credit decision and its adverse action notice as
// recorded (reasons, date, the notice's version and the values its text was filled with), with
// the link to its PDF, for the ineligible pages; null when nothing was declined.
import { adverseActionPdfUrl, decisionsOf } from "@server/features/decisions/adverse-action";
import { disclosureHtml, readDisclosure } from "@server/features/esign/documents";
import { applicantProcedure, router } from "../init";
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
    };
  }),
});
