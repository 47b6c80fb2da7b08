// documents.required: what the applicant has to upload, from rules/documents.json on their saved
// application: each requirement with its label, sides and subtypes, how many are needed and
// uploaded, the rule that asks for it and why (the rule's description). The labels are in the
// reader's language: the rules run on the set in that language, which differs only in its words.
import { todayIso } from "@engine/base/dates";
import { requirementsOf } from "@engine/lending/documents";
import { RuleInputError } from "@engine/logic/rules";
import { applicantProcedure, badRequest, router } from "../init";
import { documentsFor } from "@engine/funnel/members";
import { readApplication } from "../own-application";
import { optionalInputOf } from "../inputs";
import { localizedSet, requestLocale } from "@server/features/locale/locale";

export const documentsRouter = router({
  required: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    const { app, part } = await readApplication(ctx, input?.applicationId);
    const today = todayIso(ctx.services.now());
    const mine = documentsFor(ctx.services.defs, part, app.doc, today);
    try {
      // One requirement per decision: its reason is the rule's description.
      const { defs } = localizedSet(ctx.services.defs, requestLocale(ctx.services.defs, ctx.cookies));
      const requirements = requirementsOf(defs, app.doc, today).filter((r) => mine(r.borrower));
      return { requirements };
    } catch (error) {
      // A saved document the rules cannot read names the field instead of failing with a 500.
      if (error instanceof RuleInputError) throw badRequest(error.errors);
      throw error;
    }
  }),
});
