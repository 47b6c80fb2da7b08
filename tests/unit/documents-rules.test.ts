// Spec §5 "Required documents per borrower", "Per-property documents" and "Identity document
// sides", as rules/documents.json decides them (the worked cases in rules/documents.cases.json
// run in rule-cases.test.ts; these read the same rules row by row).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { evaluateRuleSet } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";
import { alone, home, mortgage, required, TODAY, type Doc } from "../helpers/documents";

const { defs } = repo;

/** "type" for a borrower's own document, "type@property" for a property document, "type:coborrower" for the co-borrower's. */
const names = (input: Doc) =>
  required(input).map((r) =>
    r.borrower === null
      ? `${r.documentType}@${r.propertyId}`
      : r.borrower === "coborrower"
        ? `${r.documentType}:coborrower`
        : r.documentType,
  );
const find = (input: Doc, documentType: string, borrower: string | null = "borrower") =>
  required(input).find((r) => r.documentType === documentType && r.borrower === borrower);

const job = (extra: Doc = {}) => ({
  employerName: "Acme Corp",
  startDate: "2019-04-01",
  endDate: null,
  dataSource: "Manual",
  ...extra,
});
const income = (type: string, extra: Doc = {}) => ({ type, otherValue: 12000, ...extra });
const withCoborrower = (coborrower: Doc = {}, user: Doc = {}, extra: Doc = {}) => ({
  setup: { hasCoborrower: true },
  user: { firstName: "Ada", ...user },
  coborrower: { firstName: "Charles", ...coborrower },
  ...extra,
});

describe("documents every borrower provides", () => {
  it("asks each borrower for one photo ID and 3 bank statements", () => {
    expect(names(withCoborrower())).toEqual([
      "id_document",
      "id_document:coborrower",
      "bank_statements",
      "bank_statements:coborrower",
    ]);
    expect(find(alone(), "bank_statements")).toMatchObject({ count: 3, uploaded: 0 });
  });

  it("ignores a co-borrower left in the document once the applicant applies alone", () => {
    const stale = {
      setup: { hasCoborrower: false },
      user: { firstName: "Ada" },
      coborrower: { firstName: "Charles", incomeSources: [income("pension")] },
    };
    expect(names(stale)).toEqual(["id_document", "bank_statements"]);
  });

  it("counts an upload toward the borrower it belongs to", () => {
    const uploads = [
      { type: "bank_statements" },
      { type: "bank_statements", isCoborrower: true },
      { type: "bank_statements", isCoborrower: true },
    ];
    expect(find(withCoborrower({}, {}, { uploads }), "bank_statements")?.uploaded).toBe(1);
    expect(find(withCoborrower({}, {}, { uploads }), "bank_statements", "coborrower")?.uploaded).toBe(2);
  });
});

describe("identity document sides", () => {
  const withId = (idType: string, uploads: Doc[] = []) =>
    alone({}, { identityVerification: { borrower: { idType } }, uploads });

  it("asks the passport's front only, and counts it uploaded with the front alone", () => {
    expect(find(withId("passport"), "id_document")).toMatchObject({
      sides: ["front"],
      label: "Passport, photo page (front) only",
      uploaded: 0,
    });
    expect(
      find(withId("passport", [{ type: "id_document", subtype: "passport", side: "front" }]), "id_document")
        ?.uploaded,
    ).toBe(1);
  });

  it("asks a driver's license front and back, and counts it uploaded only with both", () => {
    const front = { type: "id_document", subtype: "driver_license", side: "front" };
    expect(find(withId("driver_license"), "id_document")).toMatchObject({
      sides: ["front", "back"],
      label: "Driver's license, front and back",
    });
    expect(find(withId("driver_license", [front]), "id_document")?.uploaded).toBe(0);
    expect(find(withId("driver_license", [front, { ...front, side: "back" }]), "id_document")?.uploaded).toBe(
      1,
    );
  });

  it.each(["state_id", "military_id", "green_card", "visa"])("asks a %s front and back", (idType) => {
    expect(find(withId(idType), "id_document")?.sides).toEqual(["front", "back"]);
  });

  it("accepts every ID type of spec §5", () => {
    expect(find(alone(), "id_document")?.subtypes).toEqual([
      "driver_license",
      "passport",
      "state_id",
      "military_id",
      "green_card",
      "visa",
    ]);
  });

  it("does not count the sides of a different ID than the one chosen", () => {
    const passportFront = { type: "id_document", subtype: "passport", side: "front" };
    expect(find(withId("driver_license", [passportFront]), "id_document")?.uploaded).toBe(0);
  });
});

describe("employment documents", () => {
  it("requires 4 paystubs and 2 W-2s for a salaried borrower owning under 25%", () => {
    const input = alone({ employments: [job({ percentageOwned: 0.1 })] });
    expect(find(input, "paystub")).toMatchObject({ count: 4, ruleId: "documents.paystubs" });
    expect(find(input, "w2")).toMatchObject({ count: 2, ruleId: "documents.w2" });
  });

  it("names the previous two calendar years on the W-2 label", () => {
    expect(find(alone({ employments: [job()] }), "w2")?.label).toBe("W-2 forms for 2024 and 2025");
    expect(find({ ...alone({ employments: [job()] }), today: "2027-01-05" }, "w2")?.label).toBe(
      "W-2 forms for 2025 and 2026",
    );
  });

  it("asks a 30% owner for no paystubs, but business tax returns, K-1s and personal tax returns", () => {
    expect(names(alone({ employments: [job({ percentageOwned: 0.3 })] }))).toEqual([
      "id_document",
      "bank_statements",
      "business_tax_returns",
      "k1",
      "1040_tax_returns",
    ]);
    expect(find(alone({ employments: [job({ percentageOwned: 0.3 })] }), "k1")?.count).toBe(2);
  });

  it("asks no paystubs or W-2s when the job was synced automatically", () => {
    expect(names(alone({ employments: [job({ dataSource: "Synced" })] }))).toEqual([
      "id_document",
      "bank_statements",
    ]);
  });

  it("asks no paystubs for a job that ended before this month", () => {
    expect(find(alone({ employments: [job({ endDate: "2026-10-31" })] }), "paystub")).toBeUndefined();
    expect(find(alone({ employments: [job({ endDate: "2026-11-01" })] }), "paystub")).toBeDefined();
  });

  it("asks a borrower who says they are self-employed for business tax returns, K-1s and personal tax returns", () => {
    expect(names(alone({ isSelfEmployed: true }))).toEqual([
      "id_document",
      "bank_statements",
      "business_tax_returns",
      "k1",
      "1040_tax_returns",
    ]);
  });

  it("decides each borrower's documents from their own jobs", () => {
    const input = withCoborrower({ employments: [job()] }, { employments: [job({ percentageOwned: 0.5 })] });
    expect(names(input)).toEqual([
      "id_document",
      "id_document:coborrower",
      "bank_statements",
      "bank_statements:coborrower",
      "paystub:coborrower",
      "w2:coborrower",
      "business_tax_returns",
      "k1",
      "1040_tax_returns",
    ]);
  });
});

describe("documents for each income type", () => {
  it.each([
    ["bas", ["paystub", "w2"]],
    ["fosterCare", ["foster_care_verification_letter"]],
    ["annuity", ["1099_form", "annuity_bank_statement"]],
    ["pension", ["1099_form", "pension_award_letter"]],
    ["disability", ["1099_form"]],
    ["alimony", ["alimony_proof"]],
    ["childSupport", ["child_support_order"]],
    ["socialSecurity", ["social_security"]],
    ["foreign", ["1040_tax_returns"]],
    ["capitalGains", ["1040_tax_returns"]],
    ["interestAndDividends", ["1040_tax_returns", "asset_statement"]],
    ["rental", ["current_personal_tax_returns", "rental_agreement"]],
    ["unemployment", []],
    ["gig", []],
  ])("asks for %s income: %j", (type, documents) => {
    expect(names(alone({ incomeSources: [income(type)] })).slice(2)).toEqual(documents);
  });

  it("asks 2 1099 forms for annuity, pension or disability income", () => {
    expect(find(alone({ incomeSources: [income("disability")] }), "1099_form")?.count).toBe(2);
  });

  it("accepts an alimony order, divorce decree, separation agreement or state law as proof of alimony", () => {
    expect(find(alone({ incomeSources: [income("alimony")] }), "alimony_proof")?.subtypes).toEqual([
      "alimony_order",
      "divorce_decree",
      "separation_agreement",
      "state_law",
    ]);
  });
});

describe("rental income", () => {
  it("asks 3 rental agreements for a rental with 3 units", () => {
    expect(
      find(alone({ incomeSources: [income("rental", { rentalUnits: 3 })] }), "rental_agreement")?.count,
    ).toBe(3);
  });

  it("asks at least one rental agreement for each rental, even without a unit count", () => {
    const sources = [
      income("rental", { rentalUnits: 2 }),
      income("rental", { rentalUnits: null }),
      income("rental", { rentalUnits: 0 }),
    ];
    expect(find(alone({ incomeSources: sources }), "rental_agreement")?.count).toBe(4);
  });

  it("asks the current personal tax return of the main borrower only, and only with rental income above $0", () => {
    const rental = [income("rental", { otherValue: 24000, rentalUnits: 1 })];
    expect(find(alone({ incomeSources: rental }), "current_personal_tax_returns")).toMatchObject({
      count: 1,
    });
    expect(
      find(withCoborrower({ incomeSources: rental }), "current_personal_tax_returns", "coborrower"),
    ).toBeUndefined();
    expect(
      find(alone({ incomeSources: [income("rental", { otherValue: 0 })] }), "current_personal_tax_returns"),
    ).toBeUndefined();
  });

  it("does not ask the current personal tax return of a main borrower owning 25% or more of their business", () => {
    const input = alone({
      employments: [job({ percentageOwned: 0.25 })],
      incomeSources: [income("rental", { otherValue: 24000 })],
    });
    expect(find(input, "current_personal_tax_returns")).toBeUndefined();
    expect(find(input, "1040_tax_returns")?.count).toBe(2);
  });
});

describe("omitted debts", () => {
  it("asks one student loan statement per omitted debt, from the borrower who owes it", () => {
    const liabilities = [
      { debtor: "borrower", balance: 12000, omitted: true },
      { debtor: "joint", balance: 8000, omitted: true },
      { debtor: "coborrower", balance: 15000, omitted: true },
      { debtor: "borrower", balance: 900, omitted: false },
    ];
    const input = withCoborrower({}, {}, { liabilities });
    expect(find(input, "educational_loan_statement")?.count).toBe(2);
    expect(find(input, "educational_loan_statement", "coborrower")?.count).toBe(1);
    expect(
      find(
        alone({}, { liabilities: [{ debtor: "borrower", balance: 900, omitted: false }] }),
        "educational_loan_statement",
      ),
    ).toBeUndefined();
  });
});

describe("per-property documents (main borrower)", () => {
  const property = (extra: Doc = {}) => names(alone({}, extra)).filter((n) => n.includes("@"));

  it("asks the mortgage statement when the property has a mortgage, and the property tax bill when it has none", () => {
    expect(property({ property: home(), mortgages: [mortgage] })).toEqual(["mortgage_statement@home1"]);
    expect(property({ property: home() })).toEqual(["property_tax_bill@home1"]);
  });

  it("counts the mortgage statement as uploaded once the data connection is established", () => {
    const input = alone({}, { property: home(), mortgages: [mortgage] });
    expect(find(input, "mortgage_statement", null)?.uploaded).toBe(0);
    expect(find({ ...input, canopyConnected: true }, "mortgage_statement", null)).toMatchObject({
      count: 1,
      uploaded: 1,
    });
  });

  it("asks flood insurance for a property in Florida only", () => {
    expect(property({ property: home({ state: "FL" }), mortgages: [mortgage] })).toEqual([
      "mortgage_statement@home1",
      "flood_insurance@home1",
    ]);
    expect(property({ property: home({ state: "GA" }), mortgages: [mortgage] })).toEqual([
      "mortgage_statement@home1",
    ]);
  });

  it("asks the trust document when the property is held in a trust", () => {
    expect(property({ property: home(), mortgages: [mortgage], isInTrust: true })).toContain(
      "trust_document@home1",
    );
    expect(property({ property: home(), mortgages: [mortgage], isInTrust: false })).not.toContain(
      "trust_document@home1",
    );
  });

  it("asks the HOA or condo invoice when the property's fees are above $0", () => {
    expect(property({ property: home({ fees: 120 }), mortgages: [mortgage] })).toContain(
      "HOA_or_condo_invoice@home1",
    );
    expect(property({ property: home({ fees: 0 }), mortgages: [mortgage] })).not.toContain(
      "HOA_or_condo_invoice@home1",
    );
  });

  it("never asks for homeowners insurance", () => {
    const everything = { property: home({ state: "FL", fees: 300 }), mortgages: [mortgage], isInTrust: true };
    expect(property(everything)).toEqual([
      "mortgage_statement@home1",
      "flood_insurance@home1",
      "trust_document@home1",
      "HOA_or_condo_invoice@home1",
    ]);
  });

  it("asks a solar panel statement for each debt owed to a solar lender, which is not a mortgage", () => {
    expect(
      property({ property: home(), mortgages: [{ id: "s1", creditor: "Sunrun Inc.", balance: 21000 }] }),
    ).toEqual(["solar_panel_statement@home1", "property_tax_bill@home1"]);
  });

  it('knows the subject property as "subject" until it has an id', () => {
    expect(property({ property: { state: "FL" } })).toEqual([
      "flood_insurance@subject",
      "property_tax_bill@subject",
    ]);
  });

  it("asks no property document before the application has the property", () => {
    expect(property({ mortgages: [mortgage] })).toEqual([]);
  });

  it("asks for the borrowers' other properties only a mortgage statement or a property tax bill, and nothing for a sold one", () => {
    const propertyOwnership = [
      {
        propertyId: "p2",
        address: { line1: "8 Bay Rd", city: "Tampa", state: "FL", zip: "33601" },
        status: "retained",
        mortgages: [{ id: "m2", creditor: "Chase", balance: 150000 }],
      },
      {
        propertyId: "p3",
        address: { line1: "3 Hill Ct", city: "Austin", state: "TX", zip: "78702" },
        status: "pendingSale",
      },
      { propertyId: "p4", status: "sold" },
    ];
    const input = alone(
      {},
      {
        property: home(),
        mortgages: [mortgage, { id: "m2", creditor: "Chase", balance: 150000 }],
        propertyOwnership,
      },
    );
    expect(property(input)).toEqual([
      "mortgage_statement@home1",
      "mortgage_statement@p2",
      "property_tax_bill@p3",
    ]);
    expect(find(input, "mortgage_statement", null)?.propertyId).toBe("home1");
    expect(required({ ...input, today: TODAY }).find((r) => r.propertyId === "p2")?.label).toBe(
      "Most recent mortgage statement for 8 Bay Rd",
    );
  });
});

describe("the lender's document requests", () => {
  it("waive the matching requirement with shouldSkip, for that borrower or property only", () => {
    const uploadRequests = [
      { documentType: "id_document", isCoborrower: true, shouldSkip: true },
      { documentType: "flood_insurance", shouldSkip: true },
    ];
    const input = withCoborrower(
      {},
      {},
      { property: home({ state: "FL" }), mortgages: [mortgage], uploadRequests },
    );
    expect(names(input)).toEqual([
      "id_document",
      "bank_statements",
      "bank_statements:coborrower",
      "mortgage_statement@home1",
    ]);
  });

  it("add a requirement without shouldSkip, once, counting its uploads", () => {
    const uploadRequests = [
      { documentType: "homeowners_insurance", propertyId: "home1" },
      { documentType: "bank_statements" },
    ];
    const input = alone(
      {},
      {
        property: home(),
        mortgages: [mortgage],
        uploadRequests,
        uploads: [{ type: "homeowners_insurance", propertyId: "home1" }],
      },
    );
    expect(names(input)).toEqual([
      "id_document",
      "bank_statements",
      "mortgage_statement@home1",
      "homeowners_insurance@home1",
    ]);
    expect(find(input, "homeowners_insurance", null)).toMatchObject({
      count: 1,
      uploaded: 1,
      ruleId: "documents.requested-by-lender",
      label: "Homeowners insurance declarations page",
    });
  });

  it("add nothing for a co-borrower who does not apply", () => {
    expect(names(alone({}, { uploadRequests: [{ documentType: "w2", isCoborrower: true }] }))).toEqual([
      "id_document",
      "bank_statements",
    ]);
  });
});

describe("what each requirement says", () => {
  const fixture = JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  ) as Doc;

  it("reads a whole two-borrower application", () => {
    expect(names(fixture)).toEqual([
      "id_document", // the co-borrower's ID was waived by the lender
      "bank_statements",
      "bank_statements:coborrower",
      "paystub",
      "w2",
      "1099_form:coborrower",
      "pension_award_letter:coborrower",
      "business_tax_returns:coborrower",
      "k1:coborrower",
      "educational_loan_statement:coborrower",
      "1040_tax_returns:coborrower",
      "current_personal_tax_returns",
      "rental_agreement",
      "mortgage_statement@prop1",
      "mortgage_statement@prop2",
      "solar_panel_statement@prop1",
      "trust_document@prop1",
      "HOA_or_condo_invoice@prop1",
    ]);
  });

  it("gives every requirement the fields the checklist and the upload service read", () => {
    for (const r of required(fixture)) {
      expect(Object.keys(r).sort()).toEqual([
        "borrower",
        "count",
        "documentType",
        "label",
        "propertyId",
        "ruleId",
        "sides",
        "subtypes",
        "uploaded",
      ]);
      expect(r.count).toBeGreaterThan(0);
      expect(r.label).toMatch(/^[A-Z0-9]/);
    }
  });

  it("gives a reason in plain English, the rule's description, with no params references", () => {
    const { decisions } = evaluateRuleSet(defs, "documents", fixture, { today: TODAY });
    expect(decisions.filter((d) => d.output === "requirements").length).toBe(required(fixture).length);
    const rules = defs.ruleSets.get("documents")!.def.rules!;
    for (const rule of rules) {
      expect(rule.description, rule.id).not.toMatch(/params\.|\bvar\b|[{}]/);
      expect(rule.description.length, rule.id).toBeGreaterThan(40);
    }
  });

  it("states in the descriptions the counts the catalogue sets", () => {
    const { types } = defs.params["document-types"] as { types: Record<string, { count: number }> };
    const counts = Object.fromEntries(Object.entries(types).map(([type, { count }]) => [type, count]));
    const description = (id: string) =>
      defs.ruleSets.get("documents")!.def.rules!.find((r) => r.id === id)!.description;
    expect(description("documents.paystubs")).toContain(`${counts.paystub} most recent pay stubs`);
    expect(description("documents.bank-statements")).toContain(`${counts.bank_statements} most recent`);
    expect(description("documents.w2")).toContain(`last ${counts.w2} calendar years`);
    expect(description("documents.1099-forms")).toContain(`last ${counts["1099_form"]} years`);
  });
});

describe("rules/documents.json says only what each rule decides", () => {
  it("fits in 800 lines: each rule states its document, whom it is for and when", () => {
    const text = readFileSync(join(REPO_ROOT, "rules/documents.json"), "utf8");
    expect(text.split("\n").length).toBeLessThanOrEqual(800);
    for (const rule of defs.ruleSets.get("documents")!.def.rules ?? []) {
      expect(rule.require, rule.id).toBeDefined();
      expect(
        Object.keys(rule).filter((k) => !["id", "description", "require", "for", "when", "set"].includes(k)),
        rule.id,
      ).toEqual([]);
    }
  });
});
