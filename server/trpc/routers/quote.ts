// quote.current (spec §7): the offer preview, computed by rules/pricing.json from the applicant's
// own answers. The spec's input carries the email; we take the applicant from the session and
// only check a given email against it, so no address needs to travel in a URL.
import { TRPCError } from "@trpc/server";
import { evaluateRuleSet, presentResult } from "../../../engine/rules";
import { accountEmail } from "../../../engine/borrowers";
import { applicantProcedure, router } from "../init";
import { ownApplication } from "../own-application";
import { inputOf } from "../inputs";

/** What the rules of rules/pricing.json emit as `quote`. */
interface Quote {
  eligible: boolean;
  /** For an ineligible outcome, the page that explains it. */
  route: string | null;
  lineAmount?: number;
  apr?: number;
  originationFee?: number;
  drawPeriodYears?: number;
  repaymentPeriodYears?: number;
  equityRoom?: number;
  /** The smallest draw the offer page offers. */
  minimumDraw?: number;
  /** How the line was worked out: home value × maxCltv − owed (the equity room), capped at maximumLine. */
  homeValue?: number;
  maxCltv?: number;
  owed?: number;
  maximumLine?: number;
  /** The answer still needed before there is anything to price. */
  missing?: string;
}

export const quoteRouter = router({
  current: applicantProcedure.input(inputOf("quoteRequest")).query(async ({ ctx, input }) => {
    const app = await ownApplication(ctx);
    const email = accountEmail(ctx.services.defs, app.doc);
    if (input.email !== undefined && input.email.toLowerCase() !== email?.toLowerCase())
      throw new TRPCError({ code: "FORBIDDEN", message: "That email does not belong to this application" });
    const result = presentResult(ctx.services.defs, "pricing", evaluateRuleSet(ctx.services.defs, "pricing", app.doc));
    const { originationFee, ...quote } = result.quote as Quote;
    return {
      ...quote,
      ...(input.fetchOriginationFee && originationFee !== undefined ? { originationFee } : {}),
      ruleId: result.ruleId as string,
      reason: result.reason as string,
    };
  }),
});
