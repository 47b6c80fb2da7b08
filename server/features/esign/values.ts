// The values of the {{name}} tokens a disclosure text writes, computed by the server for one
// application: its offer (rules/pricing.json, as quote.current gives it), the pricing params, the
// lender's details (content/lender.json through engine/lending/lender.ts) and the right-to-cancel dates. The sign
// page shows exactly these values (esign.documents), and the signature hashes the text with them,
// so what was shown and what was signed cannot differ. A token without a value reads
// "[not available yet]": never an invented number.
import { longDate } from "@engine/base/dates";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { answersPointer } from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import { formatCurrency } from "@engine/base/format";
import { historicalExample, interestOnlyMonthlyPayment, levelMonthlyPayment } from "@engine/lending/payments";
import { lenderTokens, type LenderProfile } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { REPO_ROOT } from "@engine/base/paths";
import { getAt } from "@engine/base/pointer";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import type { CreditScoreUsed } from "@engine/generated/schema-types";
import type { Rescission } from "./rescission";

export const SITE_FILE = join(REPO_ROOT, "content/site.json");
/** The sentences of the FCRA 609(g) credit score disclosure (data: its texts are not code). */
export const CREDIT_SCORE_TEXT_FILE = join(REPO_ROOT, "content/credit-score-disclosure.json");

/** The balance of the minimum payment example of 12 CFR 1026.40(d)(5)(iii). */
export const EXAMPLE_BALANCE = 10000;

interface Quote {
  eligible?: boolean;
  lineAmount?: number;
  apr?: number;
  originationFee?: number;
  drawPeriodYears?: number;
  repaymentPeriodYears?: number;
  indexRate?: number;
  margin?: number;
  /** The smallest draw in the home's state (rules/licensing.json overlays), else the plan's. */
  minimumDraw?: number;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";
const percent = (rate: number) => `${rate.toFixed(2)}%`;

/** Interest only while the line is open for draws (one month's interest), then level payments over the repayment period. */
export function examplePayments(apr: number, repaymentPeriodYears: number, balance = EXAMPLE_BALANCE) {
  return {
    draw: interestOnlyMonthlyPayment(balance, apr),
    repayment: levelMonthlyPayment(balance, apr, repaymentPeriodYears),
  };
}

/** The offer on this application on `today` (the server's day, as its rule sets take it), when it has one. */
export function offerOf(defs: Definitions, doc: unknown, today: string): Quote | null {
  try {
    const quote = presentResult(
      defs,
      "pricing",
      evaluateRuleSet(defs, "pricing", doc as Record<string, unknown>, { today }),
    ).quote as Quote | undefined;
    return quote?.eligible ? quote : null;
  } catch {
    return null;
  }
}

let siteCache: { at: string; site: Record<string, unknown> } | null = null;
/** The site's brand (content/site.json); re-read when the file changes. */
export function siteDetails(file = SITE_FILE): Record<string, unknown> {
  const text = readFileSync(file, "utf8");
  if (siteCache?.at !== text) siteCache = { at: text, site: JSON.parse(text) as Record<string, unknown> };
  return siteCache.site;
}

export { longDate };

/**
 * The figures of the variable-rate disclosures that come from the offer and the profile together:
 * the maximum-rate payment example (1026.40(d)(12)(x)) and the 15-year historical example
 * (1026.40(d)(12)(xi), under the annual cap and the maximum), worked by engine/lending/payments.ts. Without an offer there are none: the page
 * marks them "[not available yet]".
 */
export function variableRateValues(
  lender: LenderProfile,
  {
    apr,
    margin,
    maximumApr,
    drawYears,
    repaymentYears,
  }: { apr?: unknown; margin?: unknown; maximumApr?: unknown; drawYears?: number; repaymentYears?: number },
): Record<string, string> {
  const values: Record<string, string> = {};
  if (!isNumber(maximumApr) || drawYears === undefined || repaymentYears === undefined) return values;
  const atMaximum = examplePayments(maximumApr, repaymentYears);
  values.maximumRateDrawPayment = formatCurrency(atMaximum.draw, { cents: true });
  values.maximumRateRepaymentPayment = formatCurrency(atMaximum.repayment, { cents: true });
  const cap = lender.heloc.rateChanges.annualCap;
  if (isNumber(apr))
    values.maximumRateWhen =
      cap === "none" || apr >= maximumApr
        ? "at the first rate change after the line opens"
        : `in year ${1 + Math.ceil((maximumApr - apr) / cap - 1e-9)} of the line, at the earliest (the rate can rise at most ${cap} percentage points a year)`;
  if (!isNumber(margin)) return values;
  const rows = historicalExample({
    values: lender.heloc.historicalIndex.values,
    margin,
    maximumApr,
    annualCap: cap,
    drawPeriodYears: drawYears,
    repaymentPeriodYears: repaymentYears,
    balance: EXAMPLE_BALANCE,
  });
  rows.forEach((row, i) => {
    values[`histYear${i + 1}`] = String(row.year);
    values[`histIndex${i + 1}`] = percent(row.indexRate);
    values[`histApr${i + 1}`] = percent(row.apr);
    values[`histPayment${i + 1}`] = formatCurrency(row.payment, { cents: true });
  });
  return values;
}

/**
 * Whether the values of `disclosureValues` for a document are fixed by the definitions set, besides
 * the site and lender details: the texts it reads (the terms' figures, the credit score sentences)
 * are the set's, not files on disk read again each time.
 */
export const valuesFixedBySet = (defs: Definitions): boolean =>
  !!defs.texts?.has("content/heloc-terms-figures.json") &&
  defs.texts.has("content/credit-score-disclosure.json");

export function disclosureValues(
  defs: Definitions,
  doc: unknown,
  {
    today,
    rescission,
    role,
    site = siteDetails(),
    lender = readLenderProfile(),
  }: {
    /** The day the offer is worked out on (the server's; see offerOf). */
    today: string;
    rescission?: Rescission | null;
    role?: string;
    site?: Record<string, unknown>;
    lender?: LenderProfile;
  },
): Record<string, string> {
  const values: Record<string, string> = {};
  const offer = offerOf(defs, doc, today);
  const pricing = (defs.params.pricing ?? {}) as Record<string, unknown>;
  // Before an offer (the terms given ahead of any question about credit) the examples run at the
  // highest margin the plan offers, at today's index: the plan's figures, never an invented one.
  const plan = planFigures(pricing);
  const q: Quote =
    offer ?? (plan ? { indexRate: plan.indexRate, margin: plan.highest, apr: plan.exampleApr } : {});
  if (isNumber(q.lineAmount)) values.lineAmount = formatCurrency(q.lineAmount);
  if (isNumber(q.apr)) values.apr = percent(q.apr);
  if (isNumber(q.originationFee)) values.originationFee = formatCurrency(q.originationFee);
  const drawYears = isNumber(q.drawPeriodYears)
    ? q.drawPeriodYears
    : isNumber(pricing.drawPeriodYears)
      ? pricing.drawPeriodYears
      : undefined;
  const repaymentYears = isNumber(q.repaymentPeriodYears)
    ? q.repaymentPeriodYears
    : isNumber(pricing.repaymentPeriodYears)
      ? pricing.repaymentPeriodYears
      : undefined;
  if (drawYears !== undefined) values.drawPeriodYears = String(drawYears);
  if (repaymentYears !== undefined) values.repaymentPeriodYears = String(repaymentYears);
  if (drawYears !== undefined && repaymentYears !== undefined)
    values.termYears = String(drawYears + repaymentYears);
  if (isNumber(pricing.originationFeeRate))
    values.originationFeeRate = percent(pricing.originationFeeRate * 100);
  if (isNumber(pricing.minimumOriginationFee))
    values.minimumOriginationFee = formatCurrency(pricing.minimumOriginationFee);
  if (isNumber(pricing.minimumLine)) values.minimumLine = formatCurrency(pricing.minimumLine);
  if (isNumber(pricing.maximumLine)) values.maximumLine = formatCurrency(pricing.maximumLine);
  if (isNumber(pricing.maximumApr)) values.maximumApr = percent(pricing.maximumApr);
  const minimumDraw = isNumber(q.minimumDraw) ? q.minimumDraw : pricing.minimumDraw;
  if (isNumber(minimumDraw)) values.minimumDraw = formatCurrency(minimumDraw);
  if (isText(pricing.indexRateAsOf)) values.indexRateAsOf = longDate(pricing.indexRateAsOf);
  if (isNumber(q.indexRate)) values.indexRate = percent(q.indexRate);
  if (isNumber(q.margin)) values.margin = percent(q.margin);
  values.exampleBalance = formatCurrency(EXAMPLE_BALANCE);
  if (isNumber(q.apr) && repaymentYears !== undefined) {
    const payments = examplePayments(q.apr, repaymentYears);
    values.exampleDrawPayment = formatCurrency(payments.draw, { cents: true });
    values.exampleRepaymentPayment = formatCurrency(payments.repayment, { cents: true });
    values.monthlyPeriodicRate = `${(q.apr / 12).toFixed(4)}%`;
  }
  if (isNumber(q.margin)) values.exampleMargin = percent(q.margin);
  Object.assign(values, offerDependentValues(defs, values, offer !== null, plan, pricing));
  Object.assign(
    values,
    variableRateValues(lender, {
      apr: q.apr,
      margin: q.margin,
      maximumApr: pricing.maximumApr,
      drawYears,
      repaymentYears,
    }),
  );
  if (isText(site.name)) values.name = site.name;
  Object.assign(values, lenderTokens(lender));
  // Each borrower by name (the joint-intent and attestation texts speak of both).
  for (const [token, role] of [
    ["borrowerName", "borrower"],
    ["coborrowerName", "coborrower"],
  ] as const) {
    const at = answersPointer(defs, role);
    const name = [getAt(doc, `${at}/firstName`), getAt(doc, `${at}/lastName`)].filter(isText).join(" ");
    if (name) values[token] = name;
  }
  if (role) Object.assign(values, readerValues(defs, doc, role));
  if (rescission?.applies) {
    values.rescissionStartDate = longDate(rescission.startDate);
    values.rescissionEndDate = longDate(rescission.endDate);
    values.earliestDisbursementDate = longDate(rescission.earliestDisbursementDate);
  }
  return values;
}

/**
 * The values that are the reader's own (`role`: the borrower reading or signing): their credit
 * score as the FCRA 609(g) notice and the risk-based pricing notice state it. No other value
 * depends on the reader.
 */
export function readerValues(defs: Definitions, doc: unknown, role: string): Record<string, string> {
  const used = getAt(doc, `${answersPointer(defs, role)}/creditScoreUsed`) as CreditScoreUsed | undefined;
  return {
    creditScoreDisclosure: creditScoreDisclosure(used, defs.texts ?? CREDIT_SCORE_TEXT_FILE),
    creditScorePricing: creditScorePricing(used, defs.texts ?? CREDIT_SCORE_TEXT_FILE),
  };
}

/** The plan's margins and rates at today's index (rules/pricing.json params.pricing); null when the params lack them. */
function planFigures(pricing: Record<string, unknown>) {
  const margins = Object.values((pricing.marginByCreditRange ?? {}) as Record<string, unknown>).filter(
    isNumber,
  );
  if (!margins.length || !isNumber(pricing.indexRate)) return null;
  const lowest = Math.min(...margins);
  const highest = Math.max(...margins);
  // The rate never exceeds the plan's maximum (the pricing rules cap it the same way).
  const cap = (rate: number) => (isNumber(pricing.maximumApr) ? Math.min(rate, pricing.maximumApr) : rate);
  return {
    indexRate: pricing.indexRate,
    lowest,
    highest,
    lowestApr: cap(pricing.indexRate + lowest),
    exampleApr: cap(pricing.indexRate + highest),
  };
}

type FigureTexts = Record<string, string>;
/** How the important terms state the figures an offer sets (content/heloc-terms-figures.json). */
export const TERMS_FIGURES_FILE = join(REPO_ROOT, "content/heloc-terms-figures.json");

/**
 * The figures of the important terms that depend on the offer: with one, the applicant's own;
 * before one (the terms given before the first question about credit, 12 CFR 1026.40(b)), the
 * plan's ranges, with the examples at the highest margin, saying so.
 */
function offerDependentValues(
  defs: Definitions,
  values: Record<string, string>,
  hasOffer: boolean,
  plan: ReturnType<typeof planFigures>,
  pricing: Record<string, unknown>,
): Record<string, string> {
  const texts = JSON.parse(
    defs.texts?.get("content/heloc-terms-figures.json") ?? readFileSync(TERMS_FIGURES_FILE, "utf8"),
  ) as { withOffer: FigureTexts; beforeOffer: FigureTexts };
  const figures: Record<string, string> = { ...values };
  if (plan) {
    figures.lowestMargin = percent(plan.lowest);
    figures.highestMargin = percent(plan.highest);
    figures.lowestApr = percent(plan.lowestApr);
    figures.exampleApr = percent(plan.exampleApr);
  }
  if (isNumber(pricing.maximumLine) && isNumber(pricing.originationFeeRate))
    figures.largestOriginationFee = formatCurrency(
      Math.max(
        Math.round(pricing.maximumLine * pricing.originationFeeRate),
        isNumber(pricing.minimumOriginationFee) ? pricing.minimumOriginationFee : 0,
      ),
    );
  const fill = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (whole, name: string) => figures[name] ?? whole);
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(hasOffer ? texts.withOffer : texts.beforeOffer)) {
    const filled = fill(text);
    // A phrase with a figure the params lack is left out: the page then shows the token as missing.
    if (!/\{\{/.test(filled)) out[name] = filled;
  }
  return out;
}

interface CreditScoreTexts {
  used: string;
  comparison: string;
  noComparison: string;
  notUsed: string;
  noKeyFactors: string;
  pricingUsed: string;
  pricingNotUsed: string;
}

/** The sentences of content/credit-score-disclosure.json: from the served set's texts when given (the live gate), else the file. */
function creditScoreTexts(from: string | ReadonlyMap<string, string>): CreditScoreTexts {
  return JSON.parse(
    typeof from === "string"
      ? readFileSync(from, "utf8")
      : (from.get("content/credit-score-disclosure.json") ?? readFileSync(CREDIT_SCORE_TEXT_FILE, "utf8")),
  ) as CreditScoreTexts;
}

/**
 * How the risk-based pricing notice (12 CFR 1022.74(d), model form H-3) says credit set the terms,
 * for one borrower: from the score used once one is recorded; until then, truthfully, from the
 * credit range they told us (no credit report has been obtained).
 */
export function creditScorePricing(
  used: CreditScoreUsed | undefined | null,
  from: string | ReadonlyMap<string, string> = CREDIT_SCORE_TEXT_FILE,
): string {
  const text = creditScoreTexts(from);
  return used ? text.pricingUsed : text.pricingNotUsed;
}

/**
 * The credit score part of the FCRA 609(g) notice for one borrower: the score an agency gave and
 * we used, with its range, date, agency and key factors, or, while none has been used, the
 * sentence that says so (content/credit-score-disclosure.json).
 */
export function creditScoreDisclosure(
  used: CreditScoreUsed | undefined | null,
  from: string | ReadonlyMap<string, string> = CREDIT_SCORE_TEXT_FILE,
): string {
  const text = creditScoreTexts(from);
  if (!used) return text.notUsed;
  const comparison =
    used.rankedAbovePercent === undefined
      ? text.noComparison
      : text.comparison.replace(/\{\{\s*rankedAbovePercent\s*\}\}/g, String(used.rankedAbovePercent));
  const values: Record<string, string> = {
    creditScore: String(used.score),
    creditScoreModel: used.model,
    creditScoreLow: String(used.rangeLow),
    creditScoreHigh: String(used.rangeHigh),
    creditScoreDate: longDate(used.createdOn).replace(/^\w+, /, ""),
    creditScoreAgency: used.agency.name,
    creditScoreAgencyAddress: used.agency.address,
    creditScoreAgencyPhone: used.agency.phone,
    creditScoreKeyFactors: used.keyFactors.length ? used.keyFactors.join("; ") : text.noKeyFactors,
    creditScoreComparison: comparison,
  };
  return text.used.replace(
    /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}
