// The numbers and names a disclosure text (web/content/disclosures/*.md) may show, by the
// {{name}} tokens it writes: the applicant's offer (quote.current, from rules/pricing.json), the
// pricing params, and the lender's details (web/content/site.json). A token with no value shows as
// a visible placeholder, never as an invented number. Pure: unit-tested in node.
import { formatCurrency } from "../../../../../engine/format";

/** What quote.current gives for an eligible offer (rules/pricing.json output `quote`). */
export interface QuoteFigures {
  lineAmount?: number;
  apr?: number;
  originationFee?: number;
  drawPeriodYears?: number;
  repaymentPeriodYears?: number;
}

/** The balance of the minimum payment example of 12 CFR 1026.40(d)(5)(iii). */
export const EXAMPLE_BALANCE = 10000;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";
const percent = (rate: number) => `${rate.toFixed(2)}%`;

/**
 * Payments on the example balance at the offer's APR: interest only while the line is open for
 * draws (one month's interest), then level payments that repay it over the repayment period.
 */
export function examplePayments(apr: number, repaymentPeriodYears: number, balance = EXAMPLE_BALANCE) {
  const monthly = apr / 100 / 12;
  const months = repaymentPeriodYears * 12;
  const draw = balance * monthly;
  const repayment = monthly === 0 ? balance / months : (balance * monthly) / (1 - (1 + monthly) ** -months);
  return { draw: Math.round(draw * 100) / 100, repayment: Math.round(repayment * 100) / 100 };
}

/** Token values, already formatted for reading. */
export function exampleValues(quote: QuoteFigures | null | undefined, pricing: Record<string, unknown> = {}, site: Record<string, unknown> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  const q = quote ?? {};
  if (isNumber(q.lineAmount)) values.lineAmount = formatCurrency(q.lineAmount);
  if (isNumber(q.apr)) values.apr = percent(q.apr);
  if (isNumber(q.originationFee)) values.originationFee = formatCurrency(q.originationFee);
  const drawYears = isNumber(q.drawPeriodYears) ? q.drawPeriodYears : isNumber(pricing.drawPeriodYears) ? pricing.drawPeriodYears : undefined;
  const repaymentYears = isNumber(q.repaymentPeriodYears) ? q.repaymentPeriodYears : isNumber(pricing.repaymentPeriodYears) ? pricing.repaymentPeriodYears : undefined;
  if (drawYears !== undefined) values.drawPeriodYears = String(drawYears);
  if (repaymentYears !== undefined) values.repaymentPeriodYears = String(repaymentYears);
  if (drawYears !== undefined && repaymentYears !== undefined) values.termYears = String(drawYears + repaymentYears);
  if (isNumber(pricing.originationFeeRate)) values.originationFeeRate = percent(pricing.originationFeeRate * 100);
  if (isNumber(pricing.minimumOriginationFee)) values.minimumOriginationFee = formatCurrency(pricing.minimumOriginationFee);
  if (isNumber(pricing.minimumLine)) values.minimumLine = formatCurrency(pricing.minimumLine);
  if (isNumber(pricing.maximumLine)) values.maximumLine = formatCurrency(pricing.maximumLine);
  // Terms the pricing rules do not hold yet show as placeholders until params.pricing gives them.
  if (isNumber(pricing.maximumApr)) values.maximumApr = percent(pricing.maximumApr);
  if (isNumber(pricing.margin)) values.margin = percent(pricing.margin);
  if (isText(pricing.rateIndex)) values.rateIndex = pricing.rateIndex;
  values.exampleBalance = formatCurrency(EXAMPLE_BALANCE);
  if (isNumber(q.apr) && repaymentYears !== undefined) {
    const payments = examplePayments(q.apr, repaymentYears);
    values.exampleDrawPayment = formatCurrency(payments.draw, { cents: true });
    values.exampleRepaymentPayment = formatCurrency(payments.repayment, { cents: true });
  }
  for (const key of ["name", "legalName", "supportEmail", "supportPhone", "nmlsId"]) if (isText(site[key])) values[key] = site[key];
  return values;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Replaces every {{name}} in rendered HTML by its value (escaped), or by a visible placeholder. */
export function fillValues(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (_, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : "<mark>[not available yet]</mark>",
  );
}
