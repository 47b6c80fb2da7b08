// The MISMO 3.4 export of an application (rules/mismo.json through engine/export/xml-map.ts): valid
// against MISMO's B324 schema, and each section read back from the XML where MISMO puts it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { XmlDocument } from "libxml2-wasm";
import { REPO_ROOT } from "@engine/definitions/load";
import { exportFileOf } from "@engine/lending/export-file";
import { exportMismo } from "@engine/lending/mismo";
import { readLenderProfile } from "@engine/lending/lender-file";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import type { Application } from "@engine/generated/schema-types";
import { repo } from "../helpers/definitions";

const SCHEMAS = mismoSchemaDir(REPO_ROOT);
const demo = (): Application =>
  JSON.parse(readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"));
const lender = readLenderProfile();
const NS = { m: "http://www.mismo.org/residential/2009/schemas", xlink: "http://www.w3.org/1999/xlink" };

function exported(doc: Application, schemaDir: string | null = SCHEMAS) {
  const input = exportFileOf(
    { id: "app-7", doc: doc as Record<string, unknown>, submittedAt: "2026-11-20T15:00:00Z" },
    { defs: repo.defs, lender, exporter: "heloc-funnel test", now: new Date("2026-11-28T12:00:00Z") },
  );
  return exportMismo(repo.defs, input, schemaDir);
}

/** The texts at an XPath of the exported file (m: is MISMO's namespace). */
function reader(xml: string) {
  const doc = XmlDocument.fromString(xml);
  return {
    all: (xpath: string) => doc.find(xpath, NS).map((n) => n.content),
    one: (xpath: string) => doc.get(xpath, NS)?.content ?? null,
    done: () => doc.dispose(),
  };
}

const DEAL = "/m:MESSAGE/m:DEAL_SETS/m:DEAL_SET/m:DEALS/m:DEAL";
const party = (n: number) => `${DEAL}/m:PARTIES/m:PARTY[m:ROLES/m:ROLE/@xlink:label='BORROWER_${n}']`;
const borrower = (n: number) => `${party(n)}/m:ROLES/m:ROLE/m:BORROWER`;

describe.skipIf(!SCHEMAS)("the MISMO 3.4 export", () => {
  it("the demo two-borrower application is valid against MISMO_3.4.0_B324.xsd and passes the link checks", () => {
    const out = exported(demo());
    expect(out.schemaChecked).toBe(true);
    expect(out.problems).toEqual([]);
    expect(existsSync(join(SCHEMAS!, MISMO_XSD))).toBe(true);
  });

  it("a one-borrower application is valid too, with one BORROWER role and no joint credit relationship", () => {
    const doc = demo();
    doc.coborrower = null;
    doc.setup = { ...doc.setup!, hasCoborrower: false };
    for (const d of [...(doc.liabilities ?? []), ...(doc.mortgages ?? [])]) d.debtor = "borrower";
    const out = exported(doc);
    expect(out.problems).toEqual([]);
    const r = reader(out.xml);
    expect(r.all(`${DEAL}/m:PARTIES/m:PARTY/m:ROLES/m:ROLE/m:BORROWER`)).toHaveLength(1);
    expect(out.xml).not.toContain("SharesJointCreditReportWith");
    r.done();
  });

  it("names each borrower, their SSN, email and phone where MISMO puts them", () => {
    const doc = demo();
    const r = reader(exported(doc).xml);
    for (const [n, person] of [
      [1, doc.user!],
      [2, doc.coborrower!],
    ] as const) {
      expect(r.one(`${party(n)}/m:INDIVIDUAL/m:NAME/m:FirstName`)).toBe(person.firstName);
      expect(r.one(`${party(n)}/m:INDIVIDUAL/m:NAME/m:LastName`)).toBe(person.lastName);
      expect(
        r.one(`${party(n)}/m:TAXPAYER_IDENTIFIERS/m:TAXPAYER_IDENTIFIER/m:TaxpayerIdentifierValue`),
      ).toBe(person.ssn);
      expect(r.one(`${party(n)}//m:ContactPointEmailValue`)).toBe(person.email);
      expect(r.one(`${borrower(n)}/m:BORROWER_DETAIL/m:BorrowerBirthDate`)).toBe(person.dateOfBirth);
    }
    r.done();
  });

  it("puts the subject property's address and value under COLLATERAL/SUBJECT_PROPERTY", () => {
    const doc = demo();
    const r = reader(exported(doc).xml);
    const subject = `${DEAL}/m:COLLATERALS/m:COLLATERAL/m:SUBJECT_PROPERTY`;
    expect(r.one(`${subject}/m:ADDRESS/m:AddressLineText`)).toBe(doc.property!.line1);
    expect(r.one(`${subject}/m:ADDRESS/m:PostalCode`)).toBe(doc.property!.zip);
    expect(r.one(`${subject}/m:PROPERTY_DETAIL/m:PropertyEstimatedValueAmount`)).toBe(
      String(doc.property!.value),
    );
    expect(r.one(`${subject}/m:PROPERTY_DETAIL/m:PropertyUsageType`)).toBe("PrimaryResidence");
    r.done();
  });

  it("gives the line amount, maximum APR, minimum draw and repayment period in HELOC_RULE, as a subject loan", () => {
    const r = reader(exported(demo()).xml);
    const loan = `${DEAL}/m:LOANS/m:LOAN[@LoanRoleType='SubjectLoan']`;
    const pricing = repo.defs.params.pricing as Record<string, number>;
    expect(Number(r.one(`${loan}/m:HELOC/m:HELOC_RULE/m:HELOCMaximumBalanceAmount`))).toBeGreaterThan(0);
    expect(r.one(`${loan}/m:HELOC/m:HELOC_RULE/m:HELOCMaximumAPRPercent`)).toBe(String(pricing.maximumApr));
    expect(r.one(`${loan}/m:HELOC/m:HELOC_RULE/m:HELOCMinimumAdvanceAmount`)).toBe(
      String(pricing.minimumDraw),
    );
    expect(r.one(`${loan}/m:HELOC/m:HELOC_RULE/m:HELOCRepayPeriodMonthsCount`)).toBe(
      String(pricing.repaymentPeriodYears! * 12),
    );
    expect(r.one(`${loan}/m:TERMS_OF_LOAN/m:LienPriorityType`)).toBe("SecondLien");
    expect(r.one(`${loan}/m:LOAN_IDENTIFIERS/m:LOAN_IDENTIFIER/m:LoanIdentifier`)).toBe("app-7");
    r.done();
  });

  it("lists every debt with its balance and payoff choice, tied to the roles of whose debt it is", () => {
    const doc = demo();
    const r = reader(exported(doc).xml);
    const debts = [
      ...(doc.mortgages ?? []).map((d, i) => ({ d, label: `MORTGAGE_${i + 1}` })),
      ...(doc.liabilities ?? []).map((d, i) => ({ d, label: `LIABILITY_${i + 1}` })),
    ];
    expect(r.all(`${DEAL}/m:LIABILITIES/m:LIABILITY`)).toHaveLength(debts.length);
    const doc2 = XmlDocument.fromString(exported(doc).xml);
    for (const { d, label } of debts) {
      const at = `${DEAL}/m:LIABILITIES/m:LIABILITY[@xlink:label='${label}']/m:LIABILITY_DETAIL`;
      expect(doc2.get(`${at}/m:LiabilityUnpaidBalanceAmount`, NS)?.content).toBe(String(d.balance));
      expect(doc2.get(`${at}/m:LiabilityPayoffStatusIndicator`, NS)?.content).toBe(String(d.toBePaidOff));
      const roles = doc2
        .find(`${DEAL}/m:RELATIONSHIPS/m:RELATIONSHIP[@xlink:from='${label}']/@xlink:to`, NS)
        .map((n) => n.content);
      expect(roles).toEqual(
        d.debtor === "joint"
          ? ["BORROWER_1", "BORROWER_2"]
          : [d.debtor === "borrower" ? "BORROWER_1" : "BORROWER_2"],
      );
    }
    doc2.dispose();
    r.done();
  });

  it("puts each employer and each income under the borrower it belongs to, as monthly amounts", () => {
    const doc = demo();
    const r = reader(exported(doc).xml);
    for (const [n, person] of [
      [1, doc.user!],
      [2, doc.coborrower!],
    ] as const) {
      const employers = r.all(
        `${borrower(n)}/m:EMPLOYERS/m:EMPLOYER/m:LEGAL_ENTITY/m:LEGAL_ENTITY_DETAIL/m:FullName`,
      );
      expect(employers).toEqual((person.employments ?? []).map((e) => e.employerName));
      const base = (person.employments ?? [])
        .map((e) => e.base)
        .filter((v): v is number => typeof v === "number");
      const items = r.all(
        `${borrower(n)}/m:CURRENT_INCOME/m:CURRENT_INCOME_ITEMS/m:CURRENT_INCOME_ITEM/m:CURRENT_INCOME_ITEM_DETAIL[m:IncomeType='Base' and m:EmploymentIncomeIndicator='true']/m:CurrentIncomeMonthlyTotalAmount`,
      );
      expect(items.map(Number)).toEqual(base.map((v) => Math.round((v / 12) * 100) / 100));
    }
    r.done();
  });

  it("answers every declaration of the URLA the application asks", () => {
    const doc = demo();
    const r = reader(exported(doc).xml);
    const d = doc.user!.declarations!;
    const at = `${borrower(1)}/m:DECLARATION/m:DECLARATION_DETAIL`;
    expect(r.one(`${at}/m:BankruptcyIndicator`)).toBe(String(d.hasBankruptcy));
    expect(r.one(`${at}/m:IntentToOccupyType`)).toBe(d.hasIntentToOccupy ? "Yes" : "No");
    expect(r.one(`${at}/m:OutstandingJudgmentsIndicator`)).toBe(String(d.hasOustandingJudgements));
    expect(r.one(`${at}/m:PartyToLawsuitIndicator`)).toBe(String(d.isPartyToLawsuit));
    expect(r.one(`${at}/m:UndisclosedMortgageApplicationIndicator`)).toBe(String(d.wantsAnotherMortgage));
    expect(r.one(`${at}/m:UndisclosedCreditApplicationIndicator`)).toBe(String(d.wantsAnotherLoan));
    expect(r.one(`${at}/m:PriorPropertyForeclosureCompletedIndicator`)).toBe(String(d.hasForeclosure));
    expect(r.one(`${at}/m:CitizenshipResidencyType`)).toBe("USCitizen");
    r.done();
  });

  it("reports the HMDA answers in GOVERNMENT_MONITORING with the codes of content/hmda-codes.json", () => {
    const r = reader(exported(demo()).xml);
    const gm = (n: number) => `${borrower(n)}/m:GOVERNMENT_MONITORING`;
    // The borrower: Hispanic or Latino (Mexican), White, female.
    expect(r.one(`${gm(1)}/m:GOVERNMENT_MONITORING_DETAIL/m:HMDAEthnicityType`)).toBe("HispanicOrLatino");
    expect(
      r.all(`${gm(1)}/m:HMDA_ETHNICITY_ORIGINS/m:HMDA_ETHNICITY_ORIGIN/m:HMDAEthnicityOriginType`),
    ).toEqual(["Mexican"]);
    expect(r.all(`${gm(1)}/m:HMDA_RACES/m:HMDA_RACE/m:HMDA_RACE_DETAIL/m:HMDARaceType`)).toEqual(["White"]);
    expect(r.one(`${gm(1)}/m:GOVERNMENT_MONITORING_DETAIL/m:GenderType`)).toBe("Female");
    // The co-borrower declined to give each: the refusals, and "information not provided".
    expect(r.one(`${gm(2)}/m:GOVERNMENT_MONITORING_DETAIL/m:HMDARaceRefusalIndicator`)).toBe("true");
    expect(r.one(`${gm(2)}/m:GOVERNMENT_MONITORING_DETAIL/m:GenderType`)).toBe(
      "InformationNotProvidedUnknown",
    );
    r.done();
  });

  it("gives an active-duty borrower's projected end of service or tour in MILITARY_SERVICE (URLA section 7), valid against the schema", () => {
    const doc = demo();
    doc.user = { ...doc.user!, militaryStatus: "currentlyServing", militaryTourEndDate: "2028-06-30" };
    const out = exported(doc);
    expect(out.problems).toEqual([]);
    const r = reader(out.xml);
    const service = `${borrower(1)}/m:MILITARY_SERVICES/m:MILITARY_SERVICE`;
    expect(r.one(`${service}/m:MilitaryStatusType`)).toBe("ActiveDuty");
    expect(r.one(`${service}/m:MilitaryServiceExpectedCompletionDate`)).toBe("2028-06-30");
    // The co-borrower, retired, has no end date.
    expect(
      r.one(`${borrower(2)}/m:MILITARY_SERVICES/m:MILITARY_SERVICE/m:MilitaryServiceExpectedCompletionDate`),
    ).toBeNull();
    r.done();
  });

  it("names the lender as the loan origination company with its NMLS ID", () => {
    const r = reader(exported(demo()).xml);
    const company = `${DEAL}/m:PARTIES/m:PARTY[m:ROLES/m:ROLE/m:ROLE_DETAIL/m:PartyRoleType='LoanOriginationCompany']`;
    expect(r.one(`${company}/m:LEGAL_ENTITY/m:LEGAL_ENTITY_DETAIL/m:FullName`)).toBe(lender.legalName);
    expect(r.one(`${company}//m:LicenseIdentifier`)).toBe(lender.nmlsId);
    r.done();
  });

  it("without a schema folder, still exports in the schema's order and says it was not schema-checked", () => {
    const checked = exported(demo());
    const unchecked = exported(demo(), null);
    expect(unchecked.schemaChecked).toBe(false);
    expect(unchecked.problems).toEqual([]);
    expect(unchecked.xml).toBe(checked.xml);
  });

  it("fails the link check when a debt is the co-borrower's and the file has none", () => {
    const doc = demo();
    doc.coborrower = null;
    const out = exported(doc);
    expect(out.problems).toContain("a RELATIONSHIP names BORROWER_2, which no element has");
  });

  it("escapes text, and fails the schema check with libxml2's message when a value is outside MISMO's enumeration", () => {
    const doc = demo();
    doc.user!.firstName = "Ana <b>";
    expect(exported(doc).xml).toContain("<FirstName>Ana &lt;b&gt;</FirstName>");
    const mapping = structuredClone(repo.defs.params.mismo) as {
      enums: Record<string, Record<string, string>>;
    };
    mapping.enums.maritalStatus!.married = "Wed";
    const defs = { ...repo.defs, params: { ...repo.defs.params, mismo: mapping } };
    const input = exportFileOf(
      { id: "app-7", doc: demo() as Record<string, unknown> },
      { defs, lender, exporter: "heloc-funnel test", now: new Date() },
    );
    const out = exportMismo(defs, input, SCHEMAS);
    expect(out.problems.join("\n")).toMatch(/MaritalStatusType.*'Wed'/);
  });
});
