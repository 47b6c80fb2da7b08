// documents.required: what the applicant has to upload, from rules/documents.json on their saved
// application: each requirement with its label, sides and subtypes, how many are needed and
// uploaded, the rule that asks for it and why (the rule's description).
import { todayIso } from "../../../engine/dates";
import { evaluateRuleSet, RuleInputError } from "../../../engine/rules";
import { applicantProcedure, badRequest, router } from "../init";
import { documentsFor } from "../../../engine/members";
import { readApplication } from "../own-application";
import { optionalInputOf } from "../inputs";

/** One requirement as rules/documents.json emits it, with the rule's reason added. */
export interface Requirement {
  documentType: string;
  /** "borrower" or "coborrower"; null for a property document. */
  borrower: "borrower" | "coborrower" | null;
  /** The property a property document is for; null for a borrower's own document. */
  propertyId: string | null;
  /** How many are needed. */
  count: number;
  /** How many are uploaded (a photo ID: 1 once every side needed is in). */
  uploaded: number;
  /** The kinds accepted (photo ID types, alimony proof kinds); empty when any will do. */
  subtypes: string[];
  /** The sides to upload (photo IDs: ["front"] for a passport, ["front", "back"] otherwise); empty for other documents. */
  sides: string[];
  /** What to upload, in the applicant's words, e.g. "W-2 forms for 2024 and 2025". */
  label: string;
  ruleId: string;
  reason: string;
}

export const documentsRouter = router({
  required: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    const { app, part } = await readApplication(ctx, input?.applicationId);
    const mine = documentsFor(ctx.services.defs, part, app.doc);
    try {
      const { decisions } = evaluateRuleSet(ctx.services.defs, "documents", { ...app.doc, today: todayIso(ctx.services.now()) });
      // One decision per requirement: its value is the requirement, its reason the rule's description.
      const requirements: Requirement[] = decisions
        .filter((d) => d.output === "requirements" && mine((d.value as Requirement).borrower))
        .map((d) => ({ ...(d.value as Omit<Requirement, "reason">), ruleId: d.ruleId, reason: d.reason }));
      return { requirements };
    } catch (error) {
      // A saved document the rules cannot read names the field instead of failing with a 500.
      if (error instanceof RuleInputError) throw badRequest(error.errors);
      throw error;
    }
  }),
});
