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
