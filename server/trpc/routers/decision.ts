// decision.latest: the applicant's latest credit decision and its adverse action notice as
// recorded (reasons, date, the notice's version and the values its text was filled with), for the
// ineligible pages; null when nothing was declined.
import type { Decision } from "../../decisions/adverse-action";
import { applicantProcedure, router } from "../init";
import { ownApplication } from "../own-application";

export const decisionRouter = router({
  latest: applicantProcedure.query(async ({ ctx }) => {
    const app = await ownApplication(ctx);
    const decisions = Array.isArray(app.doc.decisions) ? (app.doc.decisions as Decision[]) : [];
    const latest = decisions.at(-1);
    if (!latest) return null;
    return { outcome: latest.outcome, ruleId: latest.ruleId, reasons: latest.reasons, decidedAt: latest.decidedAt, notice: latest.notice };
  }),
});
