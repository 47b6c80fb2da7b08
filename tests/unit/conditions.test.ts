// Spec §9: the condition catalogue (rules/conditions.json), each entry a condition request of
// schemas/condition-request.json, keyed by its code.
import { describe, expect, it } from "vitest";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { evaluateRuleSet } from "@engine/logic/rules";
import type { ConditionRequest } from "@engine/generated/schema-types";
import { acceptedSubtypes, conditionLabel, idTypes } from "@engine/lending/catalogue";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const catalogue = (defs.params.conditions as { conditions: Record<string, ConditionRequest> }).conditions;
const entry = (code: number) => catalogue[String(code)]!;
/** A condition's label, its document type's title when it has none of its own. */
const labelOf = (code: number) => conditionLabel(defs, entry(code));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const validate = compileSchemaFile(defs, "condition-request.json");

describe("the condition catalogue (spec §9)", () => {
  it("covers exactly the codes 100-110, 303-310, 405-420 and 600-609", () => {
    const codes = Object.keys(catalogue)
      .map(Number)
      .sort((a, b) => a - b);
    expect(codes).toEqual([...range(100, 110), ...range(303, 310), ...range(405, 420), ...range(600, 609)]);
  });

  it("keys every entry by its own code", () => {
    for (const [key, condition] of Object.entries(catalogue)) expect(condition.code, key).toBe(Number(key));
  });

  it("validates every entry against schemas/condition-request.json", () => {
    for (const [code, condition] of Object.entries(catalogue)) {
      const valid = validate(condition);
      expect(valid ? [] : validate.errors, `condition ${code}`).toEqual([]);
    }
  });

  it("applies every condition to all borrowers, with a label (its own or its document's) and a description", () => {
    for (const condition of Object.values(catalogue)) {
      expect(condition.borrowers).toBe("all");
      expect(conditionLabel(defs, condition).length).toBeGreaterThan(3);
      expect(condition.description.length).toBeGreaterThan(30);
    }
  });

  it("asks for ID, addresses, emails and debt in 100-110", () => {
    expect(entry(100)).toMatchObject({ type: "document", documentType: "id_document", requiredCount: 1 });
    // Condition 100 lists no subtypes of its own: it accepts every ID type of the document catalogue.
    expect(entry(100).subtypes).toEqual([]);
    expect(acceptedSubtypes(defs, "id_document", entry(100).subtypes)).toEqual(idTypes(defs));
    expect(idTypes(defs)).toEqual([
      "driver_license",
      "passport",
      "state_id",
      "military_id",
      "green_card",
      "visa",
    ]);
    expect(
      range(100, 110)
        .map((c) => entry(c).informationType)
        .filter((t) => t === "address").length,
    ).toBeGreaterThanOrEqual(2);
    expect(range(100, 110).some((c) => entry(c).type === "email")).toBe(true);
  });

  it("asks in 110 for an unexpired employment authorization document or an H, L, E-1 or TN visa", () => {
    expect(entry(110)).toMatchObject({
      type: "document",
      subtypes: ["employment_authorization", "visa"],
      requiredCount: 1,
    });
    expect(entry(110).description).toMatch(
      /unexpired employment authorization document.*H, L, E-1 or TN visa/,
    );
  });

  it("asks in 303-310 for the mortgage statement, supporting documents, fee payment, bankruptcy, student loan and debt payment documents", () => {
    expect([303, 304, 305, 306, 307, 308].map(labelOf)).toEqual([
      "Mortgage statement",
      "Supporting documents",
      "Fee payment confirmation",
      "Bankruptcy documents",
      "Student loan payments",
      "Debt payment statement",
    ]);
    expect(entry(303).documentType).toBe("mortgage_statement");
    expect(entry(307).documentType).toBe("educational_loan_statement");
  });

  it("asks for 3 most recent pay stubs covering 30 days (405)", () => {
    expect(entry(405)).toMatchObject({ type: "document", documentType: "paystub", requiredCount: 3 });
    expect(entry(405).description).toMatch(/3 most recent pay stubs.*30 days/);
  });

  it("asks for overtime, bonus and commission with 2 years of end-of-year paystubs, 2 documents (407-409)", () => {
    for (const code of [407, 408, 409]) {
      expect(entry(code)).toMatchObject({ documentType: "paystub", requiredCount: 2 });
      expect(entry(code).description).toMatch(/2 years of end-of-year pay stubs \(2 documents\)/);
    }
    expect([407, 408, 409].map(labelOf)).toEqual(["Overtime income", "Bonus income", "Commission income"]);
  });

  it("asks for employment details as information (406)", () => {
    expect(entry(406)).toMatchObject({
      type: "information",
      informationType: "employment",
      documentType: null,
    });
  });

  it("asks for 2 years of tax returns (412), and names the years by today", () => {
    expect(entry(412)).toMatchObject({ documentType: "1040_tax_returns", requiredCount: 2 });
    expect(entry(412).description).toMatch(/2 most recent years/);
    expect(evaluateRuleSet(defs, "conditions", {}, { today: "2026-11-22" }).outputs.taxYears).toEqual([
      2024, 2025,
    ]);
    expect(evaluateRuleSet(defs, "conditions", {}, { today: "2023-05-01" }).outputs.taxYears).toEqual([
      2021, 2022,
    ]);
  });

  it("asks for the K-1, Schedule E, annuity, pension and child support documents in 414-418", () => {
    expect([414, 415, 416, 417, 418].map(labelOf)).toEqual([
      "Schedule K-1",
      "Schedule E",
      "Annuity letter",
      "Pension documents",
      "Child support documents",
    ]);
    expect(entry(410)).toMatchObject({ documentType: "social_security" });
    expect(labelOf(410)).toBe("Social Security award letter");
    expect(entry(411)).toMatchObject({ documentType: "bank_statements", requiredCount: 3 });
  });

  it("asks for condo insurance of at least $1,000,000 general liability per occurrence (602)", () => {
    expect(entry(602).description).toContain(
      "at least $1,000,000 of general liability coverage per occurrence",
    );
  });

  it("asks for flood, homeowners and condo insurance, the HOA statement, a disaster letter and solar panel documents in 600-609", () => {
    expect(entry(600).documentType).toBe("flood_insurance");
    expect(entry(601).documentType).toBe("homeowners_insurance");
    expect(entry(603).documentType).toBe("HOA_or_condo_invoice");
    expect(labelOf(604)).toBe("Disaster letter");
    expect(entry(605).documentType).toBe("solar_panel_statement");
  });

  it("leaves the loan origination system's codes unset, since the spec gives none", () => {
    for (const condition of Object.values(catalogue))
      expect([condition.documentCategoryCode, condition.documentTypeCode]).toEqual([null, null]);
  });

  it("says so in a design note of each entry the spec leaves open, never in the description applicants read", () => {
    const designed = Object.values(catalogue)
      .filter((c) => (c as { designNote?: string }).designNote?.startsWith("Designed entry"))
      .map((c) => c.code);
    expect(designed).toEqual(expect.arrayContaining([102, 309, 310, 419, 420]));
    expect(designed).not.toContain(405);
    for (const c of Object.values(catalogue)) expect(c.description).not.toMatch(/Designed entry/);
  });
});

describe("schemas/condition-request.json", () => {
  const base = {
    code: 999,
    label: "Something",
    description: "Something we need from you.",
    borrowers: "all",
    isRequired: true,
  };

  it("refuses a document condition without a document count, and an information condition without its kind", () => {
    expect(validate({ ...base, type: "document", documentType: "paystub", subtypes: [] })).toBe(false);
    expect(
      validate({ ...base, type: "document", documentType: "paystub", subtypes: [], requiredCount: 1 }),
    ).toBe(true);
    expect(validate({ ...base, type: "information", informationType: null })).toBe(false);
    expect(validate({ ...base, type: "information", informationType: "long_text" })).toBe(true);
    expect(validate({ ...base, type: "email" })).toBe(false);
  });

  it("lets a document condition leave its label to the catalogue, and no other", () => {
    const { label: _label, ...unnamed } = base;
    const document = { type: "document", documentType: "paystub", subtypes: [], requiredCount: 1 };
    expect(validate({ ...unnamed, ...document })).toBe(true);
    expect(validate({ ...unnamed, type: "information", informationType: "long_text" })).toBe(false);
  });

  it("refuses a document type or subtype that does not exist", () => {
    expect(
      validate({ ...base, type: "document", documentType: "payslip", subtypes: [], requiredCount: 1 }),
    ).toBe(false);
    expect(
      validate({
        ...base,
        type: "document",
        documentType: "id_document",
        subtypes: ["library_card"],
        requiredCount: 1,
      }),
    ).toBe(false);
  });
});
