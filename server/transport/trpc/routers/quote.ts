// quote.current (spec §7): the offer preview, computed by rules/pricing.json from the applicant's
// own answers. The spec's input carries the email; we take the applicant from the session and
// only check a given email against it, so no address needs to travel in a URL.
import { localizedSet, requestLocale } from "@server/features/locale/locale";
import { TRPCError } from "@trpc/server";
import { explanationOf } from "@engine/explain/output-explanation";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { todayIso } from "@engine/base/dates";
import { accountEmail } from "@engine/lending/borrowers";
import { applicantProcedure, router, type Context } from "../init";
import { offerMail } from "@server/features/decisions/offer-mail";
import { accountLocale } from "@server/features/locale/mail-text";
import { deliverableAddress, mailGate } from "@server/features/messaging/mail";
import { OWNER_ROLE } from "@engine/funnel/members";
import { linkBase } from "@server/features/portal/users";
import { ownApplication } from "../own-application";
import { inputOf, optionalInputOf } from "../inputs";

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
  /** The mortgages the line pays off when it opens (its first advance), and what is left to draw after. */
  payoffAtClosing?: number;
  availableToDraw?: number;
  /** The answer still needed before there is anything to price. */
  missing?: string;
}

/** The offer of rules/pricing.json for the application on the server's day, as quote.current gives it. */
function quoteOf(ctx: Context, doc: unknown) {
  const result = presentResult(
    ctx.services.defs,
    "pricing",
    evaluateRuleSet(ctx.services.defs, "pricing", doc, { today: todayIso(ctx.services.now()) }),
  );
  return { quote: result.quote as Quote, ruleId: result.ruleId as string, reason: result.reason as string };
}

export const quoteRouter = router({
  current: applicantProcedure.input(inputOf("quoteRequest")).query(async ({ ctx, input }) => {
    const app = await ownApplication(ctx);
    const email = accountEmail(ctx.services.defs, app.doc);
    if (input.email !== undefined && input.email.toLowerCase() !== email?.toLowerCase())
      throw new TRPCError({ code: "FORBIDDEN", message: "That email does not belong to this application" });
    const {
      quote: { originationFee, ...quote },
      ruleId,
      reason,
    } = quoteOf(ctx, app.doc);
    return {
      ...quote,
      ...(input.fetchOriginationFee && originationFee !== undefined ? { originationFee } : {}),
      ruleId,
      reason,
      // "How we got this number": the pricing rules' own explanation of the offer (rules/pricing.json explains).
      basis: quote.eligible
        ? explanationOf(
            // In the reader's language (its rows' words are rules/pricing.json's, translated as data).
            localizedSet(ctx.services.defs, requestLocale(ctx.services.defs, ctx.cookies)).defs,
            "pricing",
            "quote",
            quote as unknown as Record<string, unknown>,
          )
        : null,
    };
  }),
  /** "Email me this offer": the estimate goes to the account's own address, a few times an hour at most. */
  email: applicantProcedure.input(optionalInputOf("empty")).mutation(async ({ ctx }) => {
    const app = await ownApplication(ctx);
    const { quote } = quoteOf(ctx, app.doc);
    if (!quote.eligible)
      throw new TRPCError({ code: "PRECONDITION_FAILED", message: "There is no offer to email yet." });
    // Only to the address the applicant proved with a code (an email typed is only a claim).
    const to = await deliverableAddress(ctx.services, app, OWNER_ROLE);
    if (!to)
      throw new TRPCError({
        code: "PRECONDITION_FAILED",
        message:
          "Confirm your email address first: we send your offer only to an address you have confirmed.",
      });
    const limit = await ctx.services.limits.offerMailsPerApplicant.hit(app.id);
    const outcome = limit.ok
      ? await mailGate(ctx.services).send(
          to,
          offerMail(
            ctx.services,
            app.doc,
            quote,
            linkBase(ctx.services, ctx.origin ?? null),
            // The account's language (users.locale), as every mail to an applicant.
            await accountLocale(ctx.services.db, app.ownerId),
          ),
          { kind: "offer", applicationId: app.id },
        )
      : "refused";
    if (outcome === "refused")
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message:
          "We have emailed this offer several times in the last hour. Please check your inbox, or try again later.",
      });
    return { sentTo: maskedEmail(to) };
  }),
});

/** "d***@example.com": enough for the applicant to know which inbox, without echoing the address. */
const maskedEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1***");
