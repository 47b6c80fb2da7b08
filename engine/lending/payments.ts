// Payments on a line of credit, as the offer page and the disclosures show them: interest only
// while the line is open for draws (one month's interest on what was drawn), then level payments
// over the repayment period. One home for the formulas: the browser (the offer's draw slider) and
// the server (the disclosures' minimum payment example) both call these. Pure.

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** One month's interest on `draw` at `aprPercent` (7.5 for 7.5%), to the cent: draw × APR / 12. */
export function interestOnlyMonthlyPayment(draw: number, aprPercent: number): number {
  if (!Number.isFinite(draw) || !Number.isFinite(aprPercent) || draw <= 0) return 0;
  return cents((draw * aprPercent) / 100 / 12);
}

/** The level monthly payment that repays `balance` over `years` at `aprPercent`, to the cent. */
export function levelMonthlyPayment(balance: number, aprPercent: number, years: number): number {
  if (!Number.isFinite(balance) || balance <= 0 || !(years > 0)) return 0;
  const monthly = aprPercent / 100 / 12;
  const months = years * 12;
  return cents(monthly === 0 ? balance / months : (balance * monthly) / (1 - (1 + monthly) ** -months));
}

/** What is still owed on `balance` after `months` level payments of `payment` at `aprPercent`, to the cent (never below 0). */
export function balanceAfter(balance: number, aprPercent: number, payment: number, months: number): number {
  const monthly = aprPercent / 100 / 12;
  let owed = balance;
  for (let i = 0; i < months && owed > 0; i++) owed = cents(owed * (1 + monthly) - payment);
  return Math.max(0, owed);
}

/** The APR for an index value: index + margin, never above the maximum (rules/pricing.json works the offer the same way). */
export const variableApr = (indexRate: number, margin: number, maximumApr: number) =>
  Math.min(maximumApr, Math.round((indexRate + margin) * 1000) / 1000);

export interface HistoricalRow {
  year: number;
  indexRate: number;
  margin: number;
  apr: number;
  /** The minimum monthly payment that year on the example balance. */
  payment: number;
  period: "draw" | "repayment";
}

/**
 * The historical example of 12 CFR 1026.40(d)(12)(xi): how the APR and the minimum payment on
 * `balance` drawn at the start would have moved with the index's past values (oldest first, one a
 * year, the rate changing once a year) under the plan's terms: each year's APR is the index plus
 * the margin, but never more than `annualCap` points above the year before (the lender profile's
 * annual cap, which limits rises only; "none": no such cap) and never above the lifetime maximum.
 * Draw-period years pay interest only; repayment years pay the level payment that repays what is
 * left over the remaining repayment term at that year's rate.
 */
export function historicalExample({
  values,
  margin,
  maximumApr,
  annualCap = "none",
  drawPeriodYears,
  repaymentPeriodYears,
  balance,
  years = 15,
}: {
  values: readonly { year: number; rate: number }[];
  margin: number;
  maximumApr: number;
  annualCap?: number | "none";
  drawPeriodYears: number;
  repaymentPeriodYears: number;
  balance: number;
  years?: number;
}): HistoricalRow[] {
  const recent = [...values].sort((a, b) => a.year - b.year).slice(-years);
  let owed = balance;
  let previous: number | null = null;
  return recent.map(({ year, rate }, i) => {
    const uncapped = variableApr(rate, margin, maximumApr);
    const apr: number =
      previous === null || annualCap === "none"
        ? uncapped
        : Math.min(uncapped, Math.round((previous + annualCap) * 1000) / 1000);
    previous = apr;
    if (i < drawPeriodYears)
      return {
        year,
        indexRate: rate,
        margin,
        apr,
        payment: interestOnlyMonthlyPayment(balance, apr),
        period: "draw" as const,
      };
    const yearsLeft = repaymentPeriodYears - (i - drawPeriodYears);
    const payment = yearsLeft > 0 ? levelMonthlyPayment(owed, apr, yearsLeft) : 0;
    owed = balanceAfter(owed, apr, payment, 12);
    return { year, indexRate: rate, margin, apr, payment, period: "repayment" as const };
  });
}
