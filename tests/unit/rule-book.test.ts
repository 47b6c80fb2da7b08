// npm run rules:book: every rule in plain English with its worked cases, run, for compliance to sign off.
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { describeLogic, ruleWords, stepWords } from "@engine/explain/describe-logic";
import { customOperators } from "@engine/logic/operator-docs";
import {
  buildRuleBook,
  matches,
  renderHtml,
  renderMarkdown,
  requirementSentence,
  runCases,
} from "@engine/explain/rule-book";
import { dayOf, evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const pricing = ruleWords(defs, "pricing");
const fact = (name: string) => defs.ruleSets.get("pricing")!.def.facts!.find((f) => f.name === name)!.value;
const rule = (setId: string, id: string) => defs.ruleSets.get(setId)!.def.rules!.find((r) => r.id === id)!;

describe("logic in plain English", () => {
  it("reads a list item's field and a list of values", () => {
    expect(describeLogic({ in: [{ var: "item.type" }, ["pension", "annuity"]] })).toBe(
      "the item's type is pension or annuity",
    );
    expect(describeLogic({ "!": { in: [{ var: "item.type" }, ["main", "salary"]] } })).toBe(
      "the item's type is neither main nor salary",
    );
    expect(describeLogic({ in: [{ var: "item.type" }, ["a", "b", "c"]] })).toBe(
      "the item's type is a, b or c",
    );
  });

  it("names a field by its schema title, and yes/no for booleans", () => {
    expect(describeLogic({ "==": [{ var: "setup.hasFbm" }, true] }, pricing)).toBe(
      "Foreclosure, bankruptcy or a mortgage payment 30 or more days late in the last 12 months (setup.hasFbm) is yes",
    );
    expect(describeLogic({ "!": { var: "setup.hasCoborrower" } }, stepWords(defs, "application2"))).toBe(
      "Are you applying with a co-borrower? (setup.hasCoborrower) is no or not given",
    );
    expect(describeLogic({ "!=": [{ var: "setup.propertyValue" }, null] }, pricing)).toBe(
      "Estimated home value (setup.propertyValue) is given",
    );
  });

  it("keeps the structure of and/or with parentheses", () => {
    expect(describeLogic(rule("pricing", "pricing.credit-boost").when, pricing)).toBe(
      "Estimated credit score (setup.creditRange) is poor or (Credit score (setup.creditScore) is given and Credit score (setup.creditScore) is less than 640)",
    );
  });

  it("reads arithmetic, rounding, params with their values, min and lookup", () => {
    expect(describeLogic(fact("equityRoom"), pricing, { as: "value" })).toBe(
      "(homeValue × maxCltv − owed) rounded down to a multiple of 100",
    );
    expect(describeLogic(fact("lineAmount"), pricing, { as: "value" })).toBe(
      "the smaller of lineRoom and params.pricing.maximumLine (400000)",
    );
    expect(describeLogic(fact("planMaxCltv"), pricing, { as: "value" })).toBe(
      "the entry for usage in params.pricing.maxCltvByUsage, or params.pricing.maxCltvWhenUsageUnknown (0.8) when it has none",
    );
    expect(
      describeLogic(
        {
          "-": [
            { "*": [{ var: "a" }, { "+": [{ var: "b" }, 1] }] },
            { "/": [{ var: "c" }, { "-": [{ var: "d" }, 2] }] },
          ],
        },
        {},
        { as: "value" },
      ),
    ).toBe("a × (b + 1) − c ÷ (d − 2)");
  });

  it("reads if, dates and today", () => {
    expect(describeLogic({ if: [{ var: "x" }, 2, { var: "y" }, 3, 1] }, {}, { as: "value" })).toBe(
      "if x is set then 2, else if y is set then 3, otherwise 1",
    );
    expect(
      describeLogic(
        { "<=": [{ var: "user.dateOfBirth" }, { date_add: [{ var: "today" }, -18, "years"] }] },
        stepWords(defs, "application"),
      ),
    ).toBe("Date of birth (user.dateOfBirth) is on or before 18 years before today");
  });

  it("reads some/filter/count over lists as 'each … where …', and a rule's item by its name", () => {
    expect(describeLogic({ some: [{ var: "mortgages" }, { "==": [{ var: "confirmed" }, true] }] })).toBe(
      "mortgages has an item where the item's confirmed is yes",
    );
    expect(
      describeLogic(
        { sum: [{ filter: [{ var: "debts" }, { ">": [{ var: "balance" }, 0] }] }, "balance"] },
        {},
        { as: "value" },
      ),
    ).toBe("the total balance of each item of debts where the item's balance is more than 0");
    expect(
      describeLogic(
        { count: [{ filter: [{ var: "uploads" }, { "==": [{ var: "type" }, "id_document"] }] }] },
        {},
        { as: "value" },
      ),
    ).toBe("the number of items of uploads where the item's type is id_document");
    const counted = rule("payoff", "payoff.counted");
    expect(describeLogic(counted.when, ruleWords(defs, "payoff", counted))).toBe(
      "(the mortgage's balance is more than 0 or the mortgage's hi credit is more than 0) and the mortgage's id is not in ownedPropertyMortgageIds and the mortgage's creditor names none of params.payoff.solarLenders",
    );
  });

  it("reads a step's check on an employment coverage as a sentence", () => {
    const check = defs.steps
      .get("application5")!
      .def.checks!.find((c) => c.id === "employment.two-year-coverage")!;
    expect(describeLogic(check.logic, stepWords(defs, "application5", check.field))).toBe(
      "the employment coverage of Employment history (user.employments) as of today (window and gaps: params.coverage) is complete",
    );
  });

  it("has words for every custom operator of engine/logic/logic.ts", () => {
    for (const [name, op] of Object.entries(customOperators)) {
      const text = describeLogic(op.example.logic, {}, { as: "value" });
      expect(text, name).not.toMatch(new RegExp(`^${name}\\(`));
      expect(text.length, name).toBeGreaterThan(0);
    }
  });

  it("falls back to a compact form for what it has no words for, never failing", () => {
    expect(describeLogic({ frobnicate: [1, { var: "a" }] })).toBe("frobnicate(1, a)");
    expect(describeLogic({ a: 1, b: 2 }, {}, { as: "value" })).toBe("{a: 1, b: 2}");
    expect(describeLogic(true)).toBe("always");
  });
});

describe("worked cases", () => {
  it("compare like the test suite's toMatchObject", () => {
    expect(
      matches({ quote: { eligible: false, route: "/x" }, ruleId: "r" }, { quote: { eligible: false } }),
    ).toBe(true);
    expect(matches({ list: [{ a: 1, b: 2 }] }, { list: [{ a: 1 }] })).toBe(true);
    expect(matches({ list: [{ a: 1 }, { a: 2 }] }, { list: [{ a: 1 }] })).toBe(false);
    expect(matches({ quote: { eligible: true } }, { quote: { eligible: false } })).toBe(false);
  });

  it("run with the result and the rules that decided", () => {
    const [first] = runCases(defs, "pricing");
    expect(first).toMatchObject({
      number: 1,
      passed: true,
      decidedBy: ["pricing.offer"],
      actual: { quote: { lineAmount: 225000 }, ruleId: "pricing.offer" },
    });
  });
});

describe("the rule book", () => {
  const book = buildRuleBook(defs);
  const md = renderMarkdown(book);
  const html = renderHtml(book);
  const allCases = defs.cases.reduce((n, c) => n + c.def.cases.length, 0);

  it("lists every rule set with its title, and every rule id of every rule set", () => {
    for (const { def } of defs.ruleSets.values()) {
      expect(md).toContain(`## ${def.title} (${def.id})`);
      expect(html).toContain(`>${def.title} (${def.id})</h2>`);
      for (const r of def.rules ?? []) {
        expect(md, r.id).toContain(`### ${r.id}\n`);
        expect(html, r.id).toContain(`>${r.id}</h3>`);
      }
    }
    expect(book.figures.rules).toBe(
      [...defs.ruleSets.values()].reduce((n, r) => n + (r.def.rules?.length ?? 0), 0),
    );
  });

  it("marks a case passing exactly when the test suite's toMatchObject passes it", () => {
    for (const { def } of defs.ruleSets.values())
      for (const r of runCases(defs, def.id)) {
        let suite = true;
        try {
          const today = dayOf(r.input, todayIso());
          expect(
            presentResult(defs, def.id, evaluateRuleSet(defs, def.id, r.input, { today })),
          ).toMatchObject(r.expect);
        } catch {
          suite = false;
        }
        expect(r.passed, `${def.id} #${r.number}`).toBe(suite);
      }
  });

  it("marks every worked case as passing", () => {
    expect(book.figures).toMatchObject({ cases: allCases, passed: allCases });
    expect(html.match(/<span class="pass">✓ pass<\/span>/g)).toHaveLength(allCases);
    expect(md.match(/✓ pass/g)).toHaveLength(allCases);
    expect(html).not.toContain("FAIL");
  });

  it("gives each rule its logic in plain English and links to the cases it decided", () => {
    expect(html).toContain(
      "<strong>When: </strong>Foreclosure, bankruptcy or a mortgage payment 30 or more days late in the last 12 months (setup.hasFbm) is yes or Disqualifying issues (setup.hasDerogatory) is yes",
    );
    expect(md).toMatch(
      /### pricing\.late-payment\n[\s\S]*?\*\*Worked cases:\*\* \[#\d+\]\(#case-pricing-\d+\)/,
    );
  });

  it("reads each document rule as one sentence: the document, whom it is for and when", () => {
    const documents = defs.ruleSets.get("documents")!.def;
    const sentence = (id: string) => requirementSentence(defs, documents, rule("documents", id));
    expect(sentence("documents.paystubs")).toBe(
      "Requires “Most recent pay stubs” (paystub, 4) of each borrower when the borrower is salaried or the borrower's income types includes bas.",
    );
    expect(sentence("documents.1099-forms")).toBe(
      "Requires “1099 forms (such as 1099-R or SSA-1099) for the last 2 years” (1099_form, 2) of each borrower when the borrower's income types includes annuity, pension or disability.",
    );
    expect(sentence("documents.owned-property-tax-bill")).toBe(
      "Requires “Most recent property tax bill” (property_tax_bill, 1) of each other property the borrowers own and have not sold when the property does not have mortgage.",
    );
    expect(sentence("documents.rental-agreements")).toBe(
      "Requires “Signed lease for each rented unit” (rental_agreement) of each borrower when the borrower's income types includes rental; count: the borrower's rented units.",
    );
    expect(md).toContain(
      "Requires “Most recent bank statements, all pages” (bank\\_statements, 3) of each borrower.",
    );
  });

  it("has a Steps part with visibility, checks and branches", () => {
    expect(html).toContain('<h1 id="steps">Steps</h1>');
    expect(html).toContain(">Foreclosure, Bankruptcy or Late Mortgage Payments (hasFbm)</h3>");
    expect(md).toContain("/app/ineligible/late-payment (pricing.late-payment)");
    expect(md).toMatch(
      /\| `creditScore\.coborrower` \| Are you applying with a co-borrower\? \(setup\.hasCoborrower\) is yes \| \[Coborrower Info \(coborrower\)\]\(#step-coborrower\)/,
    );
    expect(md).toContain(
      "the item's end date is not given or the item's end date is on or after the item's start date",
    );
    expect(md).toMatch(
      /\*\*Skipped\*\* \(passed over in its flow\) when Are you applying with a co-borrower\? \(setup\.hasCoborrower\) is no or not given\./,
    );
  });
});
