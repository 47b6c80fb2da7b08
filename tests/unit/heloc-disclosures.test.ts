// The HELOC disclosures of Regulation Z 1026.40(d) from one lender profile and the pricing rules:
// a variable APR (index + margin by credit range, capped), the maximum-rate payment example
// ((d)(12)(x)) and the 15-year historical example ((d)(12)(xi)) worked by engine/lending/payments.ts, and
// no placeholder left in the text an applicant signs.
import { describe, expect, it } from "vitest";
import { pricingConflicts, pricingGaps, productionGaps } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { balanceAfter, historicalExample, levelMonthlyPayment } from "@engine/lending/payments";
import { evaluateRuleSet } from "@engine/logic/rules";
import { fillTokens, MISSING_VALUE, readDisclosure } from "@server/features/esign/documents";
import { disclosureValues } from "@server/features/esign/values";
import { repo } from "../helpers/definitions";
import { productionLender } from "../helpers/lender";

const { defs } = repo;
/** The day the offer is worked out on (the repository's pricing reads none). */
const TODAY = "2026-11-22";
const pricing = defs.params.pricing as Record<string, any>;
const profile = readLenderProfile();
const offered = (creditRange: string) => ({
  setup: { propertyValue: 400000, mortgageBalance: 115000, creditRange, propertyUsage: "primaryResidence" },
});
const quoteOf = (d: typeof defs, doc: unknown) =>
  evaluateRuleSet(d, "pricing", doc as Record<string, unknown>, { today: TODAY }).outputs.quote as Record<
    string,
    number
  >;

describe("variable pricing (rules/pricing.json)", () => {
  it("prices the APR as the index plus the margin for the credit range", () => {
    for (const [range, margin] of Object.entries(pricing.marginByCreditRange as Record<string, number>)) {
      const quote = quoteOf(defs, offered(range));
      expect({ range, apr: quote.apr, margin: quote.margin }).toEqual({
        range,
        apr: pricing.indexRate + margin,
        margin,
      });
    }
    expect(quoteOf(defs, offered("good"))).toMatchObject({
      apr: 9.49,
      indexRate: 7.5,
      margin: 1.99,
      maximumApr: 18,
    });
  });

  it("never prices above the lifetime maximum APR, however high the index goes", () => {
    const highIndex = { ...defs, params: { ...defs.params, pricing: { ...pricing, indexRate: 17.5 } } };
    expect(quoteOf(highIndex, offered("fair"))).toMatchObject({ apr: 18, margin: 3.49, maximumApr: 18 });
    expect(quoteOf(highIndex, offered("excellent")).apr).toBe(18);
  });
});

describe("the historical example (1026.40(d)(12)(xi))", () => {
  const rows = historicalExample({
    values: profile.heloc.historicalIndex.values,
    margin: 0.74,
    maximumApr: 18,
    drawPeriodYears: 10,
    repaymentPeriodYears: 20,
    balance: 10000,
  });

  it("holds 15 years of the WSJ Prime Rate on the first business day of January, 2011 to 2025", () => {
    expect(profile.heloc.historicalIndex.values.map((v) => [v.year, v.rate])).toEqual([
      [2011, 3.25],
      [2012, 3.25],
      [2013, 3.25],
      [2014, 3.25],
      [2015, 3.25],
      [2016, 3.5],
      [2017, 3.75],
      [2018, 4.5],
      [2019, 5.5],
      [2020, 4.75],
      [2021, 3.25],
      [2022, 3.25],
      [2023, 7.5],
      [2024, 8.5],
      [2025, 7.5],
    ]);
    expect(profile.heloc.historicalIndex.source).toMatch(/Wall Street Journal/);
  });

  it("pays interest only on $10,000 in the 10 draw years: 3.25% + 0.74% = 3.99% is $33.25 a month", () => {
    expect(rows.slice(0, 10).every((r) => r.period === "draw")).toBe(true);
    expect(rows[0]).toEqual({
      year: 2011,
      indexRate: 3.25,
      margin: 0.74,
      apr: 3.99,
      payment: 33.25,
      period: "draw",
    });
    expect(rows[8]).toMatchObject({ year: 2019, apr: 6.24, payment: 52 }); // 10,000 × 6.24% / 12
  });

  it("repays over the rest of the 20 years from year 11, recomputing the payment when the rate changes", () => {
    expect(rows.slice(10).map((r) => [r.year, r.apr, r.payment])).toEqual([
      [2021, 3.99, 60.55], // 10,000 over 240 months at 3.99%
      [2022, 3.99, 60.55], // same rate: what is left over 228 months gives the same payment
      [2023, 8.24, 82.9],
      [2024, 9.24, 88.44],
      [2025, 8.24, 83.12],
    ]);
    // Year 13 re-amortizes what 24 payments of $60.55 left, over 18 years.
    const left = balanceAfter(10000, 3.99, 60.55, 24);
    expect(levelMonthlyPayment(left, 8.24, 18)).toBe(82.9);
  });

  it("caps each year's APR at the maximum", () => {
    const capped = historicalExample({
      values: [{ year: 2024, rate: 8.5 }],
      margin: 3.49,
      maximumApr: 11,
      drawPeriodYears: 10,
      repaymentPeriodYears: 20,
      balance: 10000,
    });
    expect(capped[0]).toMatchObject({ apr: 11, payment: 91.67 });
  });
});

describe("the historical example under an annual cap (1026.40(d)(12)(xi): the plan's rate limits)", () => {
  // The production fixture's plan: the rate can rise at most 2 points a year, 18% at most.
  const rows = historicalExample({
    values: productionLender.heloc.historicalIndex.values,
    margin: 0.74,
    maximumApr: 18,
    annualCap: productionLender.heloc.rateChanges.annualCap,
    drawPeriodYears: 10,
    repaymentPeriodYears: 20,
    balance: 10000,
  });

  it("lets the rate rise at most the cap each year: 2023's jump of the index to 7.50% gives 5.99%, not 8.24%, and 2024 reaches only 7.99%", () => {
    expect(rows.map((r) => r.apr)).toEqual([
      3.99, 3.99, 3.99, 3.99, 3.99, 4.24, 4.49, 5.24, 6.24, 5.49, 3.99, 3.99, 5.99, 7.99, 8.24,
    ]);
  });

  it("lets the rate fall with the index (the cap limits rises only), and rise within the cap to index + margin again (2025: 8.24%)", () => {
    expect(rows[9]).toMatchObject({ year: 2020, apr: 5.49, payment: 45.75 }); // 10,000 × 5.49% / 12
    expect(rows[10]).toMatchObject({ year: 2021, apr: 3.99 });
    expect(rows[14]).toMatchObject({ year: 2025, indexRate: 7.5, apr: 8.24 });
  });

  it("re-amortizes at the capped rate: $70.60 in 2023, $80.99 in 2024, $82.28 in 2025", () => {
    // Worked by hand, each month's balance to the cent: $10,000 at 3.99% over 240 months is
    // $60.55; 24 such payments leave $9,319.14; over 216 months at 5.99% that is $70.60; 12 of
    // those leave $9,022.09, over 204 months at 7.99% $80.99; 12 of those leave $8,761.67, over
    // 192 months at 8.24% $82.28 (without the cap the table said $82.90, $88.44 and $83.12).
    expect(rows.slice(10).map((r) => [r.year, r.apr, r.payment])).toEqual([
      [2021, 3.99, 60.55],
      [2022, 3.99, 60.55],
      [2023, 5.99, 70.6],
      [2024, 7.99, 80.99],
      [2025, 8.24, 82.28],
    ]);
    expect(balanceAfter(10000, 3.99, 60.55, 24)).toBe(9319.14);
    expect(balanceAfter(9319.14, 5.99, 70.6, 12)).toBe(9022.09);
    expect(balanceAfter(9022.09, 7.99, 80.99, 12)).toBe(8761.67);
    expect(levelMonthlyPayment(8761.67, 8.24, 16)).toBe(82.28);
  });

  it("still never goes above the lifetime maximum, cap or not", () => {
    const rising = [8, 12, 16].map((rate, i) => ({ year: 2023 + i, rate }));
    const capped = historicalExample({
      values: rising,
      margin: 1,
      maximumApr: 14,
      annualCap: 5,
      drawPeriodYears: 10,
      repaymentPeriodYears: 20,
      balance: 10000,
    });
    expect(capped.map((r) => r.apr)).toEqual([9, 13, 14]);
  });
});

describe("the important-terms disclosure as an applicant with an offer reads it", () => {
  const values = disclosureValues(defs, offered("excellent"), {
    site: {},
    lender: productionLender,
    today: TODAY,
  });
  const text = fillTokens(readDisclosure("heloc-important-terms")!.source, values);

  it("leaves no figure missing and no placeholder", () => {
    expect(text).not.toContain(MISSING_VALUE);
    expect(text).not.toMatch(/<mark>|\[[A-Z ]+\]/);
  });

  it("names the index, its source, the margin, the periodic rate, the rate changes and the third-party fees", () => {
    expect(text).toContain(
      "based on the value of an index, the Prime Rate published in the Money Rates table of The Wall Street Journal, plus a margin of 0.74%",
    );
    expect(text).toContain(
      "Information about the index is published in The Wall Street Journal, Money Rates table.",
    );
    expect(text).toContain("0.6867% a month at an **ANNUAL PERCENTAGE RATE** of 8.24%"); // 8.24% / 12
    expect(text).toContain(
      "The rate can change monthly, on the first day of a billing cycle. The rate cannot rise by more than 2 percentage points in one year.",
    );
    expect(text).toContain("generally total between $300 and $1,200");
    expect(text).toContain("must be at least $1,000");
  });

  it("says that rate information comes on or with each periodic statement (1026.40(d)(12)(xii)), in the variable-rate section", () => {
    const variableRate = text.slice(
      text.indexOf("## Variable-rate features"),
      text.indexOf("## Maximum rate and payment example"),
    );
    expect(variableRate).toContain("Rate information will be provided on or with each periodic statement.");
  });

  it("tells the reader the historical table follows the plan's limits on rate changes", () => {
    expect(text).toContain(
      "within the plan's limits: it rises no more in a year than the limit on yearly rate changes above allows, and never goes above the maximum rate",
    );
  });

  it("gives the payment at the maximum rate and when it could first apply (2-point annual cap from 8.24%)", () => {
    // 10,000 × 18% / 12 = 150.00; 240 level payments at 18% = 154.33; (18 − 8.24) / 2 → 5 years of rises.
    expect(text).toContain(
      "at the maximum **ANNUAL PERCENTAGE RATE** of 18.00% would be $150.00 during the draw period and $154.33 during the repayment period. This annual percentage rate could be reached in year 6 of the line",
    );
  });

  it("prints the 15-year table with the applicant's margin, under the plan's 2-point annual cap", () => {
    expect(text).toContain("| 2011 | 3.25% | 0.74% | 3.99% | $33.25 |");
    expect(text).toContain("| 2023 | 7.50% | 0.74% | 5.99% | $70.60 |");
    expect(text).toContain("| 2024 | 8.50% | 0.74% | 7.99% | $80.99 |");
    expect(text).toContain("| 2025 | 7.50% | 0.74% | 8.24% | $82.28 |");
  });
});

describe("what keeps the disclosures from going live", () => {
  it("names an empty disclosure term of the profile", () => {
    const gaps = productionGaps({
      ...productionLender,
      heloc: {
        ...productionLender.heloc,
        rateChanges: { frequency: "", annualCap: "none" },
        thirdPartyFees: { low: 900, high: 300 },
      },
    });
    expect(gaps).toEqual([
      "/heloc/rateChanges/frequency is empty",
      "/heloc/thirdPartyFees/high is below low",
    ]);
  });

  it("names a pricing figure the disclosures state that the rules do not hold", () => {
    expect(pricingGaps(pricing)).toEqual([]);
    expect(pricingGaps({ ...pricing, maximumApr: null, marginByCreditRange: {} })).toEqual([
      "params.pricing.maximumApr is empty",
      "params.pricing.marginByCreditRange is empty",
    ]);
  });
});

describe("one home per fact: the lender profile and the pricing rules", () => {
  it("keeps the current index value, the margins, the maximum APR and the minimum draw in the pricing rules, which the profile's schema does not hold", () => {
    for (const name of ["indexRate", "marginByCreditRange", "maximumApr", "minimumDraw"])
      expect(pricing[name], name).toBeDefined();
    expect(Object.keys(productionLender.heloc).sort()).toEqual([
      "booklet",
      "historicalIndex",
      "index",
      "rateChanges",
      "thirdPartyFees",
    ]);
  });

  it("finds nothing to contradict in the repository's pricing and the production fixture", () => {
    expect(pricingConflicts(productionLender, pricing)).toEqual([]);
    expect(pricingConflicts(profile, pricing)).toEqual([]);
  });

  it("names a maximum APR below an index plus a margin: the important terms say the rate is the index plus the margin", () => {
    expect(pricingConflicts(productionLender, { ...pricing, maximumApr: 10.5 })).toEqual([
      {
        in: "pricing",
        pointer: "/params/maximumApr",
        message:
          '10.5% is below the index value (7.5%) plus the "fair" margin (3.49%): the offer would be capped, yet the important terms say the rate is the index plus the margin',
      },
    ]);
  });

  it("names an annual cap that is not below the maximum APR (points, not percent) and a first draw larger than the smallest line", () => {
    const capInPercent = {
      ...productionLender,
      heloc: {
        ...productionLender.heloc,
        rateChanges: { ...productionLender.heloc.rateChanges, annualCap: 18 },
      },
    };
    expect(pricingConflicts(capInPercent, { ...pricing, minimumDraw: 20000 })).toEqual([
      {
        in: "profile",
        pointer: "/heloc/rateChanges/annualCap",
        message:
          "18 percentage points a year is not below the maximum APR (rules/pricing.json params.pricing.maximumApr, 18%): the yearly limit is in percentage points",
      },
      {
        in: "pricing",
        pointer: "/params/minimumDraw",
        message:
          "$20,000 is above the smallest line (params.pricing.minimumLine, $15,000): its first draw could not be made",
      },
    ]);
  });
});
