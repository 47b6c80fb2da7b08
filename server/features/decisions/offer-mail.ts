// "Email me this offer": the prequalified estimate of quote.current, mailed to the address the
// applicant proved (never one the request names, never one only typed), in the words of content/mail/offer.md filled from the
// offer and the lender profile. A few per hour per application, so the button cannot be used to
// send mail at someone.
import { join } from "node:path";
import { accountName } from "@engine/lending/borrowers";
import { formatCurrency } from "@engine/base/format";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { REPO_ROOT } from "@engine/base/paths";
import { SIGN_IN_PAGE } from "../auth/nextauth/base";
import { fillTokens, readDisclosure } from "../esign/documents";
import type { Services } from "@server/services";

const MAIL_DIR = join(REPO_ROOT, "content/mail");

export interface MailedOffer {
  lineAmount?: number;
  apr?: number;
  drawPeriodYears?: number;
  repaymentPeriodYears?: number;
}

/** The offer mail's subject and text for this application. */
export function offerMail(
  services: Pick<Services, "defs">,
  doc: unknown,
  offer: MailedOffer,
  base: string,
): { subject: string; text: string } {
  // The mail's words are the served set's (content/mail/offer.md), behind the same gate as the steps.
  const source = readDisclosure("offer", services.defs.texts ?? MAIL_DIR, "mail");
  if (!source) throw new Error("content/mail/offer.md is missing");
  const values: Record<string, string> = {
    ...lenderTokens(readLenderProfile()),
    name: accountName(services.defs, doc) ?? "there",
    lineAmount: formatCurrency(offer.lineAmount),
    apr: offer.apr === undefined ? "" : `${offer.apr.toFixed(2)}%`,
    drawPeriodYears: String(offer.drawPeriodYears ?? ""),
    repaymentPeriodYears: String(offer.repaymentPeriodYears ?? ""),
    continueLink: `${base}${SIGN_IN_PAGE.applicant}`,
  };
  return { subject: source.title, text: fillTokens(source.body, values).trim() };
}
