// documents.required: what the applicant still has to upload, from rules/documents.json, each
// requirement with the rule that asks for it and why.
import { evaluateRuleSet } from "../../../engine/rules";
import { applicantProcedure, router } from "../init";
import { ownApplication } from "../own-application";
import { optionalInputOf } from "../inputs";

/** The shape rules/documents.json emits for each requirement. */
interface Requirement {
  documentType: string;
  borrower: "borrower" | "coborrower" | null;
  propertyId: string | null;
  count: number;
  uploaded: number;
  subtypes: string[];
}

export const documentsRouter = router({
  required: applicantProcedure.input(optionalInputOf("applicationRef")).query(({ ctx, input }) => {
    const app = ownApplication(ctx, input?.applicationId);
    const { decisions } = evaluateRuleSet(ctx.services.defs, "documents", app.doc);
    return {
      requirements: decisions
        .filter((d) => d.output === "requirements")
        .map((d) => ({ ...(d.value as Requirement), ruleId: d.ruleId, reason: d.reason })),
    };
  }),
});
