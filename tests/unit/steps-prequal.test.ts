// Everything before the application: the early funnel's branches (co-borrower, income and debts,
// ineligibility by the pricing rules), the prequalification screens from /prequal/building-type to
// the offer preview, and pricing for applicants who answered through the prequalification.
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { nextStep, previousStep } from "@engine/funnel/funnel";
import { mergeDocs } from "@engine/base/pointer";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { pageOfRule, routeOf } from "../helpers/routes";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const today = "2026-11-22";

/** Validates a step's answers as the server does, saves them onto the application and walks on. */
function submit(
  application: Record<string, unknown>,
  stepId: string,
  answers: Record<string, unknown>,
  variant = "variantOne",
) {
  const result = createStepValidator(defs, stepId)(answers, { application, today });
  expect(result.errors, `answers of ${stepId}`).toEqual([]);
  const doc = mergeDocs(application, result.answers) as Record<string, unknown>;
  return { doc, next: nextStep(defs, stepId, doc, { variant, today }) };
}

const errorsOf = (stepId: string, answers: unknown, application: unknown = {}) =>
  createStepValidator(defs, stepId)(answers, { application, today }).errors;

const quoteOf = (input: unknown) =>
  presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", input as object, { today }));

/** An early-funnel applicant up to the credit score, with a thin estimate but no ruling answer yet. */
const earlyApplicant = {
  user: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  setup: {
    propertyValue: 300000,
    mortgageEstimate: 200000,
    hasFbm: false,
    isSelfEmployed: false,
    creditRange: "good",
    zip: "94110",
  },
};

describe("early funnel: ineligibility decided by the pricing rules", () => {
  it("sends a low-equity applicant to /app/ineligible/low-equity after the mortgage balance", () => {
    const { next } = submit(earlyApplicant, "mortgageBalance", { setup: { mortgageBalance: 260000 } });
    expect(next).toMatchObject({
      stepId: null,
      route: pageOfRule("pricing.low-equity"),
      ruleId: "mortgageBalance.ineligible",
    });
  });

  it("goes on to the offer preview when the balance leaves enough equity", () => {
    const { next } = submit(earlyApplicant, "mortgageBalance", { setup: { mortgageBalance: 150000 } });
    expect(next).toMatchObject({ stepId: "previewOffer", route: routeOf("previewOffer") });
  });

  it("does not turn an applicant away on the early mortgage estimate alone", () => {
    const thin = { setup: { propertyValue: 300000, mortgageEstimate: 260000 } };
    expect(submit(thin, "hasFbm", { setup: { hasFbm: false } }).next.stepId).toBe("isSelfEmployed");
  });

  it("sends a recent foreclosure to the late-payment page", () => {
    const { next } = submit({ setup: { propertyValue: 500000, mortgageEstimate: 100000 } }, "hasFbm", {
      setup: { hasFbm: true },
    });
    expect(next).toMatchObject({
      stepId: null,
      route: pageOfRule("pricing.late-payment"),
      ruleId: "hasFbm.ineligible",
    });
  });

  it("sends a credit range below 640 to the boost page", () => {
    const { next } = submit({ setup: { propertyValue: 500000, hasFbm: false } }, "creditRange", {
      setup: { creditRange: "poor" },
    });
    expect(next).toMatchObject({
      route: pageOfRule("pricing.credit-boost"),
      ruleId: "creditRange.ineligible",
    });
  });

  it("sends a credit score under 640 saved before to the boost page, even with a better range", () => {
    const { next } = submit(
      { ...earlyApplicant, setup: { ...earlyApplicant.setup, creditScore: 610 } },
      "creditScore",
      { setup: { hasCoborrower: false } },
    );
    expect(next).toMatchObject({
      route: pageOfRule("pricing.credit-boost"),
      ruleId: "creditScore.ineligible",
    });
  });
});

describe("early funnel: income and debts for a fair credit range", () => {
  const fair = {
    setup: { propertyValue: 500000, mortgageEstimate: 200000, hasFbm: false, isSelfEmployed: false },
  };

  it("asks income and debts after a fair credit range, then the ZIP code", () => {
    const range = submit(fair, "creditRange", { setup: { creditRange: "fair" } });
    expect(range.next).toMatchObject({ stepId: "creditIncome", route: routeOf("creditIncome") });
    const income = submit(range.doc, "creditIncome", { setup: { annualIncome: 120000, monthlyDebts: 3000 } });
    expect(income.next).toMatchObject({ stepId: "zip", route: routeOf("zip") });
  });

  it("goes straight to the ZIP code for a good credit range", () => {
    expect(submit(fair, "creditRange", { setup: { creditRange: "good" } }).next.stepId).toBe("zip");
  });

  it("sends fair credit with debt payments over 45% of income to the boost page", () => {
    const { next } = submit({ setup: { ...fair.setup, creditRange: "fair" } }, "creditIncome", {
      setup: { annualIncome: 60000, monthlyDebts: 2500 },
    });
    expect(next).toMatchObject({
      route: pageOfRule("pricing.credit-boost"),
      ruleId: "creditIncome.ineligible",
    });
  });

  it("requires both the yearly income and the monthly debts", () => {
    expect(errorsOf("creditIncome", { setup: { annualIncome: 80000 } }).map((e) => e.pointer)).toEqual([
      "/setup/monthlyDebts",
    ]);
  });
});

describe("early funnel: the co-borrower", () => {
  it("asks the co-borrower's name after the question whether anyone applies, when someone applies with the borrower", () => {
    const { next } = submit(earlyApplicant, "creditScore", { setup: { hasCoborrower: true } });
    expect(next).toMatchObject({
      stepId: "coborrower",
      route: routeOf("coborrower"),
      ruleId: "creditScore.coborrower",
    });
  });

  it("goes on to the mortgage balance when the borrower applies alone", () => {
    expect(
      submit(earlyApplicant, "creditScore", { setup: { hasCoborrower: false } }, "variantTwo").next.stepId,
    ).toBe("mortgageBalance");
  });

  it("requires an answer to whether anyone applies with the borrower", () => {
    expect(errorsOf("creditScore", { setup: {} }).map((e) => e.pointer)).toEqual(["/setup/hasCoborrower"]);
  });

  it("asks only that: the credit range was the one credit question (never asked twice)", () => {
    expect(
      errorsOf("creditScore", { setup: { creditScore: 720, hasCoborrower: false } }).map((e) => e.pointer),
    ).toEqual(["/setup/creditScore"]);
  });

  it("continues from the co-borrower's name to the mortgage balance", () => {
    const withCo = { ...earlyApplicant, setup: { ...earlyApplicant.setup, hasCoborrower: true } };
    const { next } = submit(withCo, "coborrower", {
      coborrower: { firstName: "Charles", lastName: "Babbage", email: "charles@example.com" },
    });
    expect(next).toMatchObject({ stepId: "mortgageBalance", route: routeOf("mortgageBalance") });
  });

  it("refuses the borrower's own email for the co-borrower, whatever its case", () => {
    const errors = errorsOf(
      "coborrower",
      { coborrower: { firstName: "Charles", lastName: "Babbage", email: "ADA@example.com" } },
      earlyApplicant,
    );
    expect(errors).toEqual([
      expect.objectContaining({ pointer: "/coborrower/email", ruleId: "coborrower.own-email" }),
    ]);
  });

  it("requires the co-borrower's first name, last name and email", () => {
    expect(
      errorsOf("coborrower", { coborrower: {} }, earlyApplicant)
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(["/coborrower/email", "/coborrower/firstName", "/coborrower/lastName"]);
  });
});

describe("the offer preview", () => {
  const eligible = { setup: { ...earlyApplicant.setup, mortgageBalance: 100000 } };

  it("goes from the offer preview to the account setup, and from its consents to the application", () => {
    expect(submit(eligible, "previewOffer", {}).next).toMatchObject({
      stepId: "setupPhone",
      route: routeOf("setupPhone"),
    });
    expect(submit(eligible, "setupPhone", { user: { phone: "3035550142" } }).next).toMatchObject({
      stepId: "setupVerify",
      route: routeOf("setupVerify"),
    });
    expect(
      submit(eligible, "setupConsent", {
        consents: {
          electronicCommunications: { accepted: true, pdfCode: "123456" },
          creditCheck: { accepted: true },
          privacyNotice: { accepted: true },
        },
      }).next,
    ).toMatchObject({ stepId: "application", route: routeOf("application") });
  });

  it("goes from the prequalification offer preview to the account setup, as from the early funnel", () => {
    const prequal = {
      property: { value: 500000, propertyUsage: "primaryResidence" },
      setup: { hasMortgage: false, creditRange: "good" },
    };
    expect(submit(prequal, "prequalOffer", {}).next).toMatchObject({
      stepId: "setupPhone",
      route: routeOf("setupPhone"),
    });
  });

  it("sends an applicant who is no longer eligible to the page that explains why, not to the application", () => {
    const changed = { setup: { ...eligible.setup, mortgageBalance: 290000 } };
    expect(submit(changed, "previewOffer", {}).next.route).toBe(pageOfRule("pricing.low-equity"));
  });

  it("names its button for the application", () => {
    for (const id of ["previewOffer", "prequalOffer"])
      expect(
        (defs.steps.get(id)!.def.uiSchema as Record<string, unknown> | undefined)?.["ui:submitButtonOptions"],
      ).toEqual({ submitText: "Continue to application" });
  });
});

/** Answers of a prequalification applicant who qualifies, screen by screen. */
const prequalAnswers: [string, Record<string, unknown>][] = [
  ["prequalBuildingType", { property: { propertyType: "singleFamily" } }],
  // The important terms and the booklet (12 CFR 1026.40(b)): the server records them; nothing is answered.
  ["prequalDisclosures", {}],
  [
    "prequalAddress",
    {
      property: {
        line1: "12 Elm Street",
        city: "Sacramento",
        state: "CA",
        zip: "95816",
        propertyUsage: "primaryResidence",
        value: 500000,
      },
    },
  ],
  ["prequalListedForSale", { setup: { isListedForSale: false } }],
  ["prequalNewMortgage", { setup: { hasNewMortgage: false } }],
  ["prequalDerogatory", { setup: { hasDerogatory: false } }],
  ["prequalCredit", { setup: { creditRange: "veryGood" }, consents: { creditCheck: { accepted: true } } }],
  ["prequalCoborrower", { setup: { hasCoborrower: false } }],
  [
    "prequalMortgageSelect",
    {
      setup: { hasMortgage: true },
      mortgages: [{ creditor: "Rocket Mortgage", balance: 200000, monthlyPayment: 1400 }],
    },
  ],
  [
    "prequalDebts",
    {
      liabilities: [
        { type: "revolving", creditor: "Capital One", balance: 8000, monthlyPayment: 240, toBePaidOff: true },
      ],
    },
  ],
  ["prequalOffer", {}],
];

/** Walks the prequalification from building-type with the given answers, up to a page that is not a step. */
function walkPrequal(answers = prequalAnswers) {
  let doc: Record<string, unknown> = {};
  const routes = [defs.steps.get("prequalBuildingType")!.def.route];
  for (const [stepId, stepAnswers] of answers) {
    const { doc: saved, next } = submit(doc, stepId, stepAnswers, "standard");
    doc = saved;
    routes.push(next.route!);
    if (next.stepId === null || next.stepId === "setupPhone") break;
  }
  return { doc, routes };
}

describe("prequalification (spec §2 Prequal routes)", () => {
  it("goes from building-type through every prequal screen to the offer, then to the account setup", () => {
    expect(walkPrequal().routes).toEqual([
      routeOf("prequalBuildingType"),
      routeOf("prequalDisclosures"),
      routeOf("prequalAddress"),
      routeOf("prequalListedForSale"),
      routeOf("prequalNewMortgage"),
      routeOf("prequalDerogatory"),
      routeOf("prequalCredit"),
      routeOf("prequalCoborrower"),
      routeOf("prequalMortgageSelect"),
      routeOf("prequalDebts"),
      routeOf("prequalOffer"),
      routeOf("setupPhone"),
    ]);
  });

  it("prices the walked-through applicant from the property's value and their listed mortgage", () => {
    expect(quoteOf(walkPrequal().doc)).toMatchObject({
      ruleId: "pricing.offer",
      quote: { eligible: true, lineAmount: 225000, apr: 8.74 },
    });
  });

  it("goes back from the offer to the debts, and has no Back on its first screen", () => {
    expect(previousStep(defs, "prequalOffer", {}, { variant: "standard", today: TODAY })).toBe(
      "prequalDebts",
    );
    expect(previousStep(defs, "prequalBuildingType", {}, { variant: "standard", today: TODAY })).toBeNull();
  });

  it("asks the number of units only for a multi-unit building, and at least 2", () => {
    expect(
      createStepValidator(defs, "prequalBuildingType")(
        { property: { propertyType: "condo", units: 3 } },
        { today },
      ).hidden,
    ).toEqual(["/property/units"]);
    expect(
      errorsOf("prequalBuildingType", { property: { propertyType: "multiUnit" } }).map((e) => e.pointer),
    ).toEqual(["/property/units"]);
    expect(errorsOf("prequalBuildingType", { property: { propertyType: "multiUnit", units: 1 } })).toEqual([
      {
        pointer: "/property/units",
        message: "A multi-unit building has 2 or more units; for a single home, choose another type",
      },
    ]);
    expect(errorsOf("prequalBuildingType", { property: { propertyType: "multiUnit", units: 2 } })).toEqual(
      [],
    );
  });

  it("requires the property's street, city, state, ZIP code, usage and value", () => {
    expect(
      errorsOf("prequalAddress", { property: {} })
        .map((e) => e.pointer)
        .sort(),
    ).toEqual([
      "/property/city",
      "/property/line1",
      "/property/propertyUsage",
      "/property/state",
      "/property/value",
      "/property/zip",
    ]);
  });

  it("sends a listed property to the listed-for-sale page", () => {
    const { routes } = walkPrequal(
      prequalAnswers.map(([id, a]) => [
        id,
        id === "prequalListedForSale" ? { setup: { isListedForSale: true } } : a,
      ]),
    );
    expect(routes.at(-1)).toBe(pageOfRule("pricing.listed-for-sale"));
    expect(routes).toHaveLength(5);
  });

  it("sends a recent foreclosure to the late-payment page", () => {
    const { routes } = walkPrequal(
      prequalAnswers.map(([id, a]) => [
        id,
        id === "prequalDerogatory" ? { setup: { hasDerogatory: true } } : a,
      ]),
    );
    expect(routes.at(-1)).toBe(pageOfRule("pricing.late-payment"));
  });

  it("sends a credit range below 640 to the boost page after the credit screen", () => {
    const { routes } = walkPrequal(
      prequalAnswers.map(([id, a]) => [
        id,
        id === "prequalCredit"
          ? { setup: { creditRange: "poor" }, consents: { creditCheck: { accepted: true } } }
          : a,
      ]),
    );
    expect(routes.at(-1)).toBe(pageOfRule("pricing.credit-boost"));
    expect(routes).toHaveLength(8);
  });

  it("sends a low-equity applicant to the low-equity page after the mortgages", () => {
    const thin = {
      setup: { hasMortgage: true },
      mortgages: [{ creditor: "Chase", balance: 420000, monthlyPayment: 2600 }],
    };
    const { routes } = walkPrequal(
      prequalAnswers.map(([id, a]) => [id, id === "prequalMortgageSelect" ? thin : a]),
    );
    expect(routes.slice(-2)).toEqual([routeOf("prequalMortgageSelect"), pageOfRule("pricing.low-equity")]);
  });

  it("keeps going after a new mortgage, and then asks for it in the list of loans", () => {
    const { routes } = walkPrequal(
      prequalAnswers.map(([id, a]) => [
        id,
        id === "prequalNewMortgage" ? { setup: { hasNewMortgage: true } } : a,
      ]),
    );
    expect(routes.at(-1)).toBe(routeOf("setupPhone"));
    expect(
      errorsOf(
        "prequalMortgageSelect",
        { setup: { hasMortgage: false } },
        { setup: { hasNewMortgage: true } },
      ),
    ).toEqual([
      expect.objectContaining({
        pointer: "/setup/hasMortgage",
        ruleId: "prequalMortgageSelect.new-mortgage-listed",
      }),
    ]);
  });

  it("asks the credit check authorization as the main funnel's consent step does: the box must be checked, nothing the server stamps is asked", () => {
    expect(
      errorsOf("prequalCredit", {
        setup: { creditRange: "good" },
        consents: { creditCheck: { accepted: false } },
      }),
    ).toEqual([
      expect.objectContaining({
        pointer: "/consents/creditCheck/accepted",
        ruleId: "prequalCredit.consent-given",
      }),
    ]);
    expect(
      errorsOf("prequalCredit", {
        setup: { creditRange: "good" },
        consents: { creditCheck: { accepted: true, acceptedAt: "2026-11-22T10:00:00Z" } },
      }),
    ).not.toEqual([]);
  });

  it("records the authorization with the same effect, pointer and text as the main funnel's consent step", () => {
    const recorded = (id: string) =>
      defs.steps.get(id)!.def.effects!.find((e) => e.kind === "recordConsent")!.consents!.creditCheck;
    expect(recorded("prequalCredit")).toEqual(recorded("setupConsent"));
    expect(
      (defs.steps.get("prequalCredit")!.def.uiSchema as any).consents.creditCheck["ui:options"].documents,
    ).toEqual([recorded("setupConsent")!.document]);
  });

  it("asks the co-borrower's name and email only when someone applies with the borrower", () => {
    const alone = createStepValidator(defs, "prequalCoborrower")(
      { setup: { hasCoborrower: false }, coborrower: { firstName: "Old" } },
      { today },
    );
    expect(alone).toMatchObject({
      valid: true,
      hidden: ["/coborrower"],
      answers: { setup: { hasCoborrower: false } },
    });
    expect(
      errorsOf("prequalCoborrower", { setup: { hasCoborrower: true }, coborrower: {} })
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(["/coborrower/email", "/coborrower/firstName", "/coborrower/lastName"]);
    expect(
      errorsOf(
        "prequalCoborrower",
        {
          setup: { hasCoborrower: true },
          coborrower: { firstName: "Bo", lastName: "Li", email: "Me@Example.com" },
        },
        { user: { email: "me@example.com" } },
      ),
    ).toEqual([expect.objectContaining({ pointer: "/coborrower/email" })]);
  });

  it("lets an owner without a mortgage say so, and asks lender, balance and payment of each loan otherwise", () => {
    expect(errorsOf("prequalMortgageSelect", { setup: { hasMortgage: false } })).toEqual([]);
    expect(errorsOf("prequalMortgageSelect", { setup: { hasMortgage: true } }).map((e) => e.pointer)).toEqual(
      ["/mortgages"],
    );
    expect(
      errorsOf("prequalMortgageSelect", { setup: { hasMortgage: true }, mortgages: [{}] })
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(["/mortgages/0/balance", "/mortgages/0/creditor", "/mortgages/0/monthlyPayment"]);
  });

  it("allows no other debts, and asks for each listed debt whether to pay it off with the line", () => {
    expect(errorsOf("prequalDebts", {})).toEqual([]);
    const debt = { type: "auto", creditor: "Ally", balance: 12000, monthlyPayment: 350 };
    expect(errorsOf("prequalDebts", { liabilities: [debt] }).map((e) => e.pointer)).toEqual([
      "/liabilities/0/toBePaidOff",
    ]);
    expect(errorsOf("prequalDebts", { liabilities: [{ ...debt, toBePaidOff: false }] })).toEqual([]);
  });

  it("asks whose debt it is only when a co-borrower applies", () => {
    const debt = { type: "auto", creditor: "Ally", balance: 12000, monthlyPayment: 350, toBePaidOff: true };
    expect(
      errorsOf("prequalDebts", { liabilities: [debt] }, { setup: { hasCoborrower: true } }).map(
        (e) => e.pointer,
      ),
    ).toEqual(["/liabilities/0/debtor"]);
    expect(
      createStepValidator(defs, "prequalDebts")({ liabilities: [{ ...debt, debtor: "joint" }] }, { today })
        .hidden,
    ).toEqual(["/liabilities/0/debtor"]);
  });
});

describe("pricing for the prequalification path", () => {
  const home = { value: 500000, propertyUsage: "primaryResidence" };

  it("reads the property's value and the listed mortgages where the early funnel has setup answers", () => {
    const quote = quoteOf({
      property: home,
      setup: { hasMortgage: true, creditRange: "excellent" },
      mortgages: [{ balance: 150000 }, { balance: 50000 }],
    });
    expect(quote).toMatchObject({
      ruleId: "pricing.offer",
      quote: { eligible: true, lineAmount: 225000, apr: 8.24, originationFee: 4477 },
    });
  });

  it("prices a home owned free and clear on its whole value", () => {
    expect(
      quoteOf({
        property: { value: 400000, propertyUsage: "investment" },
        setup: { hasMortgage: false, creditRange: "good" },
      }),
    ).toMatchObject({ quote: { eligible: true, lineAmount: 280000 } });
  });

  it("judges equity only once the applicant has said whether the home has mortgages", () => {
    expect(quoteOf({ property: { value: 300000 }, setup: { creditRange: "good" } }).ruleId).toBe(
      "pricing.offer",
    );
    expect(
      quoteOf({
        property: { value: 300000 },
        setup: { creditRange: "good", hasMortgage: true },
        mortgages: [{ balance: 260000 }],
      }),
    ).toMatchObject({
      ruleId: "pricing.low-equity",
      quote: { route: pageOfRule("pricing.low-equity"), equityRoom: -20000 },
    });
  });

  it("leaves out a mortgage that belongs to another owned property", () => {
    const input = {
      property: home,
      setup: { hasMortgage: true, creditRange: "excellent" },
      mortgages: [
        { id: "m1", balance: 100000 },
        { id: "m2", balance: 300000 },
      ],
      propertyOwnership: [{ propertyId: "p2", mortgages: [{ id: "m2", balance: 300000 }] }],
    };
    expect(quoteOf(input)).toMatchObject({ quote: { lineAmount: 325000 } });
  });

  it("names the missing home value by the field the prequalification asks", () => {
    expect(quoteOf({ property: { propertyType: "condo" } })).toMatchObject({
      ruleId: "pricing.incomplete",
      quote: { missing: "property.value", route: null },
    });
  });

  it("sends a listed home, a recent derogatory event and low credit to their pages before any value is known", () => {
    expect(quoteOf({ setup: { isListedForSale: true } }).quote).toMatchObject({
      route: pageOfRule("pricing.listed-for-sale"),
    });
    expect(quoteOf({ setup: { hasDerogatory: true } }).quote).toMatchObject({
      route: pageOfRule("pricing.late-payment"),
    });
    expect(quoteOf({ setup: { creditRange: "poor" } }).quote).toMatchObject({
      route: pageOfRule("pricing.credit-boost"),
    });
  });
});
