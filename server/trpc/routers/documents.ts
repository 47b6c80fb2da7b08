// documents.required: what the applicant still has to upload, from rules/documents.json, each
// requirement with the rule that asks for it and why.
import { TRPCError } from "@trpc/server";
import { evaluateRuleSet } from "../../../engine/rules";
import { applicationStore } from "../../store/applications";
import { applicantProcedure, router } from "../init";
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
    const app = applicationStore(ctx.services).ofOwner(ctx.services.db, ctx.applicant.userId);
    if (input?.applicationId !== undefined && input.applicationId !== app?.id) throw new TRPCError({ code: "FORBIDDEN", message: "That application is not yours" });
    if (!app) throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
    const { decisions } = evaluateRuleSet(ctx.services.defs, "documents", app.doc);
    return {
      requirements: decisions
        .filter((d) => d.output === "requirements")
        .map((d) => ({ ...(d.value as Requirement), ruleId: d.ruleId, reason: d.reason })),
    };
  }),
});
