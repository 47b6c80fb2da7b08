// Which {{name}} tokens each text of content/ may write: the values the code that fills it
// provides. A token no value fills reaches the reader as "[not available yet]" (a disclosure, a
// mail) or fails the build (a public page), so npm run check refuses it first, naming the file,
// line and column. The fillers' own types read these lists (server/features/decisions/offer-mail.ts
// fills exactly OFFER_MAIL_TOKENS), and tests/unit/text-tokens.test.ts holds the server's values
// to them, so a list here cannot promise what no code gives.

/** The lender profile's facts (engine/lending/lender.ts lenderTokens): every text may write them. */
export const LENDER_TOKENS = [
  "legalName",
  "nmlsId",
  "lenderAddress",
  "supportPhone",
  "supportEmail",
  "supportHours",
  "privacyEmail",
  "privacyPhone",
  "complaintsEmail",
  "governingLawState",
  "paperCopyYears",
  "ecoaAgencyName",
  "ecoaAgencyAddress",
  "licenseTable",
  "stateNotices",
  "rateIndex",
  "indexSource",
  "rateChangeFrequency",
  "annualCapSentence",
  "thirdPartyFeeLow",
  "thirdPartyFeeHigh",
  "bookletUrl",
  "bookletHref",
  "historicalAsOf",
  "historicalSource",
  "creditPullStatement",
] as const;
export type LenderToken = (typeof LENDER_TOKENS)[number];

/** What server/features/esign/values.ts disclosureValues gives every disclosure, beside the lender's facts. */
export const DISCLOSURE_TOKENS = [
  "name",
  "lineAmount",
  "apr",
  "originationFee",
  "drawPeriodYears",
  "repaymentPeriodYears",
  "termYears",
  "originationFeeRate",
  "minimumOriginationFee",
  "minimumLine",
  "maximumLine",
  "maximumApr",
  "minimumDraw",
  "indexRate",
  "indexRateAsOf",
  "margin",
  "exampleMargin",
  "exampleMarginBasis",
  "initialApr",
  "figuresBasis",
  "exampleBalance",
  "exampleDrawPayment",
  "exampleRepaymentPayment",
  "monthlyPeriodicRate",
  "maximumRateDrawPayment",
  "maximumRateRepaymentPayment",
  "maximumRateWhen",
  "creditScoreDisclosure",
  "creditScorePricing",
  "rescissionStartDate",
  "rescissionEndDate",
  "earliestDisbursementDate",
  "borrowerName",
  "coborrowerName",
] as const;
/** The plan's figures the important terms state before an offer (content/heloc-terms-figures.json), filled by server/features/esign/values.ts. */
export const HELOC_TERMS_FIGURE_TOKENS = [
  "apr",
  "minimumLine",
  "maximumLine",
  "minimumOriginationFee",
  "largestOriginationFee",
  "lowestMargin",
  "highestMargin",
  "lowestApr",
  "exampleApr",
] as const;
/** The 15-year historical example's rows (histYear1 … histYear15): one per year of the profile's index history. */
export const HISTORICAL_ROW_TOKEN = /^hist(Year|Index|Apr|Payment)([1-9]|1[0-5])$/;

/** What the offer mail is filled with (server/features/decisions/offer-mail.ts), beside the lender's facts. */
export const OFFER_MAIL_TOKENS = [
  "name",
  "lineAmount",
  "apr",
  "drawPeriodYears",
  "repaymentPeriodYears",
  "continueLink",
] as const;
export type OfferMailToken = (typeof OFFER_MAIL_TOKENS)[number];

/** The adverse action notice's own values (server/features/decisions/adverse-action.ts). */
export const ADVERSE_ACTION_TOKENS = ["decisionDate", "reasons"] as const;
/** The notice of the right to cancel's own values (server/features/esign/right-to-cancel.ts). */
export const RESCISSION_NOTICE_TOKENS = ["holderName", "propertyAddress", "accountOpenedDate"] as const;
/** The credit score sentence's values (server/features/esign/values.ts creditScoreDisclosure) and its mail. */
export const CREDIT_SCORE_TOKENS = [
  "name",
  "creditScoreDisclosure",
  "creditScore",
  "creditScoreModel",
  "creditScoreLow",
  "creditScoreHigh",
  "creditScoreDate",
  "creditScoreAgency",
  "creditScoreAgencyAddress",
  "creditScoreAgencyPhone",
  "creditScoreKeyFactors",
  "creditScoreComparison",
  "rankedAbovePercent",
] as const;
/** The right-to-cancel page's and mails' values (content/right-to-cancel.json). */
export const RIGHT_TO_CANCEL_TOKENS = ["name", "date", "endDate", "earliestDisbursementDate"] as const;

/** The loan's notices (server/features/loan/notices.ts valuesFor), beside the lender's facts. */
export const LOAN_NOTICE_TOKENS = [
  "recipientName",
  "creditReportSection",
  "decisionDate",
  "reasons",
  "offeredLine",
  "offeredApr",
  "noticeDate",
  "missingItems",
  "deadline",
] as const;
/** The copy of a valuation given to the applicant (server/features/loan/valuations.ts), beside the lender's facts. */
export const VALUATION_COPY_TOKENS = [
  "recipientName",
  "noticeDate",
  "valuationKind",
  "valuationValue",
  "valuationEffectiveDate",
  "valuationProvider",
] as const;
export type ValuationCopyToken = (typeof VALUATION_COPY_TOKENS)[number];
/** The loan's mails (server/features/loan/notify.ts): each row's own values and the links. */
export const LOAN_MAIL_TOKENS = [
  "name",
  "date",
  "statusLink",
  "fileLink",
  "milestone",
  "conditionLabel",
  "dueDate",
  "documentLabel",
  "reason",
  "amount",
] as const;
/** The closing package's values (server/features/loan/package.ts packageValues), beside the lender's facts. */
export const CLOSING_PACKAGE_TOKENS = [
  "borrowerNames",
  "propertyAddress",
  "propertyState",
  "lineAmount",
  "apr",
  "dailyRate",
  "margin",
  "originationFee",
  "drawPeriodYears",
  "repaymentPeriodYears",
  "securityInstrument",
] as const;
export type ClosingPackageToken = (typeof CLOSING_PACKAGE_TOKENS)[number];
/** A portal user's invite and reset mails (server/features/portal/users.ts mailLink). */
export const PORTAL_LINK_TOKENS = ["partnerLine", "link", "hours"] as const;

export interface TextTokens {
  /** The files of content/ (their names, `content/mail/offer.md`) these tokens may appear in. */
  files: RegExp;
  tokens: readonly string[];
  patterns?: readonly RegExp[];
  /** Who fills them, for the message. */
  filledBy: string;
}

/** Every text of content/ that writes tokens, and what fills them; a file may match several entries. */
export const TEXT_TOKENS: readonly TextTokens[] = [
  {
    files: /^content\/(pages|ineligible|insights)\/.+\.md$/,
    tokens: LENDER_TOKENS,
    filledBy: "the lender profile (web build)",
  },
  {
    files: /^content\/disclosures\/.+\.md$/,
    tokens: [...LENDER_TOKENS, ...DISCLOSURE_TOKENS],
    patterns: [HISTORICAL_ROW_TOKEN],
    filledBy: "the disclosure values (server/features/esign/values.ts)",
  },
  {
    files: /^content\/disclosures\/e-sign-pdf-check\.md$/,
    tokens: [...LENDER_TOKENS, "pdfAccessCode"],
    filledBy: "the consumer's own code (server/features/esign/pdf-access.ts)",
  },
  {
    files: /^content\/disclosures\/adverse-action-notice\.md$/,
    tokens: ADVERSE_ACTION_TOKENS,
    filledBy: "the decision (server/features/decisions/adverse-action.ts)",
  },
  {
    files: /^content\/disclosures\/(adverse-action|counteroffer|incompleteness)-notice\.md$/,
    tokens: [...LENDER_TOKENS, ...LOAN_NOTICE_TOKENS],
    filledBy: "the loan's notices (server/features/loan/notices.ts)",
  },
  {
    files: /^content\/disclosures\/valuation-copy\.md$/,
    tokens: [...LENDER_TOKENS, ...VALUATION_COPY_TOKENS],
    filledBy: "the valuation copy (server/features/loan/valuations.ts)",
  },
  {
    files: /^content\/decision-notices\.json$/,
    tokens: CREDIT_SCORE_TOKENS,
    filledBy: "the notice's consumer-report section (server/features/loan/notices.ts creditReportSection)",
  },
  {
    files:
      /^content\/mail\/(submitted|withdrawn|decision|condition-requested|funded|account-opened|closing-ready|staff-[a-z-]+)\.md$/,
    tokens: [...LENDER_TOKENS, ...LOAN_MAIL_TOKENS],
    filledBy: "the loan's notifications (server/features/loan/notify.ts)",
  },
  {
    files: /^content\/mail\/document-rejected\.md$/,
    tokens: [...LENDER_TOKENS, "documentLabel", "reason", "signInLink"],
    filledBy: "the rejection of an upload (server/features/uploads/review.ts mailRejections)",
  },
  {
    files: /^content\/mail\/member-invite-(answers|signs)\.md$/,
    tokens: [...LENDER_TOKENS, "role", "link", "days"],
    filledBy: "the co-borrower's invite (server/features/members/effects.ts inviteMail)",
  },
  {
    files: /^content\/mail\/member-reminder\.md$/,
    tokens: [...LENDER_TOKENS, "inviter", "role", "signInLink"],
    filledBy: "the reminder to a co-borrower who joined (server/features/members/effects.ts reminderMail)",
  },
  {
    files: /^content\/mail\/(signature-voided(-own)?|page-reopened)\.md$/,
    tokens: [...LENDER_TOKENS, "changedBy", "changedAnswers", "page"],
    filledBy:
      "a borrower's save that voids a signature or reopens a page (server/features/steps/voided.ts, others.ts)",
  },
  {
    files: /^content\/mail\/notice\.md$/,
    tokens: ["noticeTitle", "notice"],
    filledBy: "a decision notice's mail (server/features/loan/notices.ts, decisions/adverse-action.ts)",
  },
  {
    files: /^content\/mail\/rescission-notice\.md$/,
    tokens: ["noticeTitle", "name", "endDate"],
    filledBy: "the notice of the right to cancel's mail (server/features/esign/give-notices.ts)",
  },
  {
    files: /^content\/mail\/rescission-cancelled\.md$/,
    tokens: ["name", "date"],
    filledBy: "the cancellation's mail (server/features/esign/cancellation.ts)",
  },
  {
    files: /^content\/mail\/credit-score-notice\.md$/,
    tokens: ["name"],
    filledBy: "the credit score notice's mail (server/features/decisions/credit-score.ts)",
  },
  {
    files: /^content\/mail\/portal-(invite|reset)\.md$/,
    tokens: [...LENDER_TOKENS, ...PORTAL_LINK_TOKENS],
    filledBy: "the portal's set-password mails (server/features/portal/users.ts)",
  },
  {
    files: /^content\/disclosures\/rescission-notice\.md$/,
    tokens: RESCISSION_NOTICE_TOKENS,
    filledBy: "the right to cancel (server/features/esign/right-to-cancel.ts)",
  },
  {
    files: /^content\/closing\/.+\.md$/,
    tokens: [...LENDER_TOKENS, ...CLOSING_PACKAGE_TOKENS],
    filledBy: "the closing package (server/features/loan/package.ts)",
  },
  {
    files: /^content\/mail\/offer\.md$/,
    tokens: [...LENDER_TOKENS, ...OFFER_MAIL_TOKENS],
    filledBy: "the offer mail (server/features/decisions/offer-mail.ts)",
  },
  {
    files: /^content\/heloc-terms-figures\.json$/,
    tokens: HELOC_TERMS_FIGURE_TOKENS,
    filledBy: "the important terms' figures before and with an offer (server/features/esign/values.ts)",
  },
  {
    files: /^content\/credit-score-disclosure\.json$/,
    tokens: CREDIT_SCORE_TOKENS,
    filledBy: "the credit score notice (server/features/esign/values.ts)",
  },
  {
    files: /^content\/loan-status\.json$/,
    tokens: [
      "answer",
      "date",
      "name",
      "endDate",
      "amount",
      "last4",
      "terms",
      "lineAmount",
      "apr",
      "margin",
      "drawYears",
      "repaymentYears",
      "deadline",
      "title",
      "via",
      "note",
      "kind",
      "value",
      "document",
      "version",
    ],
    filledBy:
      "the loan's status page (web/src/pages/public/LoanStatusPage.tsx and its decision and conditions, LoanDecision.tsx)",
  },
  {
    files: /^content\/right-to-cancel\.json$/,
    tokens: RIGHT_TO_CANCEL_TOKENS,
    filledBy: "the right to cancel (server/features/esign/cancellation.ts)",
  },
];

/** A translation (content/locales/es/content/loan-status.json) writes the tokens of the text it translates. */
const sourceOf = (file: string) =>
  file.replace(
    /^content\/locales\/[a-z]{2}(-[A-Z]{2})?\/(content\/.+?)(\.md)?(\.json)$/,
    (_, _r, path: string, md?: string, json?: string) => (md ? `${path}${md}` : `${path}${json}`),
  );

/** Whether `token` may be written in the content file `file`; null when no entry covers the file. */
export function tokenAllowed(file: string, token: string): boolean | null {
  const source = sourceOf(file);
  const entries = TEXT_TOKENS.filter((e) => e.files.test(source));
  if (!entries.length) return null;
  return entries.some((e) => e.tokens.includes(token) || (e.patterns ?? []).some((p) => p.test(token)));
}

/** The names a file may write, for "did you mean". */
export function tokensFor(file: string): string[] {
  return TEXT_TOKENS.filter((e) => e.files.test(sourceOf(file))).flatMap((e) => [...e.tokens]);
}
