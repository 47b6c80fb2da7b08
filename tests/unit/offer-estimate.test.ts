// The offer page's figures: the estimated monthly payment on a draw (engine/lending/payments.ts) and how
// the pricing rules' offer explains its line (rules/pricing.json).
import { describe, expect, it } from "vitest";
import { interestOnlyMonthlyPayment, levelMonthlyPayment } from "@engine/lending/payments";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the rules read (pricing reads no day: any fixed one). */
const TODAY = "2026-11-22";
const quoteOf = (doc: unknown) =>
  presentResult(
    defs,
    "pricing",
    evaluateRuleSet(defs, "pricing", doc as Record<string, unknown>, { today: TODAY }),
  ).quote as Record<string, unknown>;

describe("the estimated monthly payment on a draw", () => {
  it("estimates $625 a month interest-only for a $100,000 draw at 7.5% APR", () => {
    expect(interestOnlyMonthlyPayment(100000, 7.5)).toBe(625);
  });

  it("rounds to the cent: $68.67 on $10,000 at 8.24%", () => {
    expect(interestOnlyMonthlyPayment(10000, 8.24)).toBe(68.67);
  });

  it("is nothing on no draw, and never negative", () => {
    expect(interestOnlyMonthlyPayment(0, 8.24)).toBe(0);
    expect(interestOnlyMonthlyPayment(-5000, 8.24)).toBe(0);
  });

  it("repays $10,000 over 20 years at 8.24% in level payments of $85.14", () => {
    expect(levelMonthlyPayment(10000, 8.24, 20)).toBe(85.14);
  });
});

describe("how the offer's line was worked out", () => {
  it("gives the home value, the maximum CLTV for its use, what is owed and the equity room behind a $225,000 line", () => {
    const quote = quoteOf({
      setup: {
        propertyValue: 400000,
        mortgageBalance: 115000,
        creditRange: "excellent",
        propertyUsage: "primaryResidence",
      },
    });
    expect(quote).toMatchObject({
      eligible: true,
      lineAmount: 225000,
      homeValue: 400000,
      maxCltv: 0.85,
      owed: 115000,
      equityRoom: 225000,
      maximumLine: 400000,
    });
  });

  it("shows the cap when the equity room is over the largest line", () => {
    const quote = quoteOf({
      setup: {
        propertyValue: 1000000,
        mortgageBalance: 0,
        creditRange: "good",
        propertyUsage: "primaryResidence",
      },
    });
    expect(quote).toMatchObject({ lineAmount: 400000, equityRoom: 850000, maximumLine: 400000 });
  });

  it("starts the draw slider at the smallest draw of the pricing params", () => {
    const quote = quoteOf({
      setup: { propertyValue: 400000, mortgageBalance: 115000, creditRange: "excellent" },
    });
    expect(quote.minimumDraw).toBe((defs.params.pricing as Record<string, unknown>).minimumDraw);
    expect(quote.minimumDraw).toBeGreaterThan(0);
  });
});
