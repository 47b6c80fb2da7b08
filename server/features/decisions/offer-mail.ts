// "Email me this offer": the prequalified estimate of quote.current, mailed to the address the
// applicant proved (never one the request names, never one only typed), in the words of content/mail/offer.md filled from the
// offer and the lender profile. A few per hour per application, so the button cannot be used to
// send mail at someone.
import { serverWordIn } from "@engine/locale/server-words";
import { mailLanguage } from "../steps/others";
import { accountName } from "@engine/lending/borrowers";
import { formatCurrency } from "@engine/base/format";
import { lenderTokens } from "@engine/lending/lender";
import { lenderInLanguage } from "@engine/lending/lender-text";
import { readLenderProfile } from "@engine/lending/lender-file";
import { SIGN_IN_PAGE } from "../auth/nextauth/base";
import { filledMail, mailText } from "../locale/mail-text";
import type { Services } from "@server/services";

export interface MailedOffer {
  lineAmount?: number;
  apr?: number;
  drawPeriodYears?: number;
  repaymentPeriodYears?: number;
}

/** The offer mail's subject and text for this application, in `language` (the account's; none: English). */
export function offerMail(
  services: Pick<Services, "defs">,
  doc: unknown,
  offer: MailedOffer,
  base: string,
  language?: string | null,
): { subject: string; text: string } {
  // The mail's words are the served set's (content/mail/offer.md, or its current translation),
  // behind the same gate as the steps.
  const source = mailText(services, "offer", language);
  if (!source) throw new Error("content/mail/offer.md is missing");
  const lender = readLenderProfile();
  const values: Record<string, string> = {
    // The support hours in the mail's language.
    ...lenderTokens(lender, lenderInLanguage(services.defs.texts, source.language, lender)),
    name:
      accountName(services.defs, doc) ??
      serverWordIn(mailLanguage(services, source.language).words, "mail.greeting.noName"),
    lineAmount: formatCurrency(offer.lineAmount, { locale: source.intl }),
    // Written as the offer page writes it, in either language (5.25%).
    apr: offer.apr === undefined ? "" : `${offer.apr.toFixed(2)}%`,
    drawPeriodYears: String(offer.drawPeriodYears ?? ""),
    repaymentPeriodYears: String(offer.repaymentPeriodYears ?? ""),
    continueLink: `${base}${SIGN_IN_PAGE.applicant}`,
  };
  return filledMail(source, values);
}
