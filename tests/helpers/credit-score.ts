/** A credit score as staff record it from a report pulled elsewhere (schemas/credit-score-used.json). */
export const CREDIT_SCORE_USED = {
  score: 742,
  model: "FICO Score 8",
  rangeLow: 300,
  rangeHigh: 850,
  createdOn: "2026-11-20",
  rankedAbovePercent: 42,
  agency: {
    name: "Equifax Information Services LLC",
    address: "P.O. Box 740241, Atlanta, GA 30374",
    phone: "(866) 349-5191",
  },
  keyFactors: [
    "Proportion of balances to credit limits is too high",
    "Length of time accounts have been established",
  ],
};
