// The entity schemas (schemas/*.json) against the product spec: §3 field names and enumerations,
// §5 validation rules and document tables, and the stored conventions of DESIGN.md "Data".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { uriOf } from "@engine/definitions/ajv";
import { REPO_ROOT } from "@engine/definitions/load";
import { describeAjvErrors } from "@engine/validation/messages";
import { repo } from "../helpers/definitions";

type Json = Record<string, any>;
type Option = { const: string | number; title?: unknown };

const { defs, problems } = repo;
const schema = (file: string): Json => defs.files.schemas[file] as Json;
const validateApplication = defs.ajv.getSchema(uriOf("schemas", "application.json"))!;
const fixture: Json = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
);

const enumDefs = schema("enums.json").$defs as Record<string, { oneOf?: Option[] }>;
const options = (name: string): Option[] => enumDefs[name]?.oneOf ?? [];
const values = (name: string) => options(name).map((o) => o.const);
const labels = (name: string) => Object.fromEntries(options(name).map((o) => [o.const, o.title]));
const keysOf = (file: string) => Object.keys(schema(file).properties ?? {});

/** A copy of the fixture with one change; the errors describeAjvErrors gives for it. */
function check(change: (app: Json) => void) {
  const app = structuredClone(fixture);
  change(app);
  const valid = validateApplication(app);
  return { valid, errors: describeAjvErrors(validateApplication.errors) };
}

describe("definitions", () => {
  it("load without problems", () => {
    expect(problems).toEqual([]);
  });

  it("accepts a complete two-borrower application", () => {
    expect(check(() => {}).errors).toEqual([]);
    expect(check(() => {}).valid).toBe(true);
  });
});

describe("enumerations (spec §3)", () => {
  it("gives every option of every enumeration a non-empty label", () => {
    for (const [name, def] of Object.entries(enumDefs)) {
      for (const option of def.oneOf ?? []) {
        expect(
          typeof option.title === "string" && option.title.trim() !== "",
          `${name}: ${option.const}`,
        ).toBe(true);
      }
    }
  });

  // The spec's values must be there with its labels; data may add more (ops add an option with a schema edit, no test edit).
  it("has the spec's property types: singleFamily, multiUnit, condo, townhouse, manufactured", () => {
    expect(labels("propertyType")).toMatchObject({
      singleFamily: "Single Family",
      multiUnit: "Multi Unit",
      condo: "Condo",
      townhouse: "Townhouse",
      manufactured: "Manufactured",
    });
  });

  it("has the spec's property usages: primaryResidence, secondHome, investment", () => {
    expect(labels("propertyUsage")).toMatchObject({
      primaryResidence: "Primary Residence",
      secondHome: "Second Home",
      investment: "Investment",
    });
  });

  it("has the spec's report types with their labels", () => {
    expect(labels("reportType")).toMatchObject({
      avm: "AVM",
      avmCascade: "AVM (Cascade)",
      singleCredit: "Single Credit Check",
      jointCredit: "Joint Credit Check",
      singleCreditCoborrower: "Single Credit Check (Coborrower)",
    });
  });

  it("has unit counts 1 to 5 (5 meaning 5+)", () => {
    expect(values("unitCount")).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect(labels("unitCount")[5]).toMatch(/5\+/);
  });

  it.each([
    [
      "incomeType",
      [
        "main",
        "pension",
        "annuity",
        "bah",
        "bas",
        "alimony",
        "childSupport",
        "disability",
        "fosterCare",
        "foreign",
        "capitalGains",
        "interestAndDividends",
        "socialSecurity",
        "rental",
        "salary",
        "unemployment",
        "cash",
        "gig",
        "cashDeposit",
        "transferFromApplication",
        "taxRefund",
        "benefitOther",
        "other",
      ],
    ],
    ["citizenship", ["usCitizen", "permanentResident", "nonPermanentResident", "nonResidentAlien"]],
    ["maritalStatus", ["unmarried", "married", "separated"]],
    [
      "militaryStatus",
      [
        "survivingSpouse",
        "currentlyServing",
        "retiredOrDischardOrSeparated",
        "reserveOrNationalGuard",
        "none",
      ],
    ],
    ["nameSuffix", ["sr", "jr", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]],
    // The spec also lists chapter15 and other; the URLA's declaration M asks only these four (issue 22, docs/compliance.md).
    ["bankruptcyChapter", ["chapter7", "chapter11", "chapter12", "chapter13"]],
    ["debtor", ["borrower", "coborrower", "joint"]],
    ["idDocumentSubtype", ["driver_license", "passport", "state_id", "military_id", "green_card", "visa"]],
    ["alimonyProofSubtype", ["alimony_order", "divorce_decree", "separation_agreement", "state_law"]],
    ["conditionType", ["document", "information", "email"]],
    ["conditionInformationType", ["long_text", "address", "employment"]],
  ])("has the spec's %s values", (name, expected) => {
    expect(values(name)).toEqual(expect.arrayContaining(expected));
  });

  it("has every document type of spec §5: per borrower, per property and the not-required ones", () => {
    const perBorrower = [
      "id_document",
      "bank_statements",
      "paystub",
      "w2",
      "foster_care_verification_letter",
      "1099_form",
      "alimony_proof",
      "annuity_bank_statement",
      "child_support_order",
      "pension_award_letter",
      "social_security",
      "business_tax_returns",
      "k1",
      "educational_loan_statement",
      "1040_tax_returns",
      "current_personal_tax_returns",
      "rental_agreement",
      "asset_statement",
    ];
    const perProperty = [
      "mortgage_statement",
      "solar_panel_statement",
      "homeowners_insurance",
      "flood_insurance",
      "trust_document",
      "HOA_or_condo_invoice",
      "property_tax_bill",
    ];
    const notRequired = [
      "credit_report",
      "avm",
      "esigned_disclaimer",
      "offer_disclaimer",
      "employment_report",
    ];
    expect(values("documentType")).toEqual(
      expect.arrayContaining([...perBorrower, ...perProperty, ...notRequired]),
    );
  });

  it("has the 50 states, DC and the territories AS, GU, MP, PR, VI, each with its name", () => {
    const states = Object.fromEntries(
      (schema("us-states.json").$defs.usState.oneOf as Option[]).map((o) => [o.const, o.title]),
    );
    const fifty = [
      "AL",
      "AK",
      "AZ",
      "AR",
      "CA",
      "CO",
      "CT",
      "DE",
      "FL",
      "GA",
      "HI",
      "ID",
      "IL",
      "IN",
      "IA",
      "KS",
      "KY",
      "LA",
      "ME",
      "MD",
      "MA",
      "MI",
      "MN",
      "MS",
      "MO",
      "MT",
      "NE",
      "NV",
      "NH",
      "NJ",
      "NM",
      "NY",
      "NC",
      "ND",
      "OH",
      "OK",
      "OR",
      "PA",
      "RI",
      "SC",
      "SD",
      "TN",
      "TX",
      "UT",
      "VT",
      "VA",
      "WA",
      "WV",
      "WI",
      "WY",
    ];
    expect(fifty).toHaveLength(50);
    for (const code of [...fifty, "DC", "AS", "GU", "MP", "PR", "VI"])
      expect(states[code], code).toMatch(/^[A-Z][A-Za-z .,]+$/);
    expect(states).toMatchObject({
      PR: "Puerto Rico",
      DC: "District of Columbia",
      GU: "Guam",
      FL: "Florida",
      VI: "U.S. Virgin Islands",
    });
  });
});

describe("field names are the spec's, verbatim (DESIGN.md Data)", () => {
  it("Application", () => {
    expect(keysOf("application.json")).toEqual(
      expect.arrayContaining([
        "user",
        "coborrower",
        "liabilities",
        "mortgages",
        "propertyOwnership",
        "property",
        "isInTrust",
        "uploads",
        "uploadRequests",
        "canopyConnected",
      ]),
    );
    expect(keysOf("property.json")).toEqual(
      expect.arrayContaining(["line1", "line2", "city", "state", "zip", "fees"]),
    );
    expect(keysOf("upload.json")).toEqual(expect.arrayContaining(["type", "isCoborrower", "propertyId"]));
    expect(keysOf("upload-request.json")).toEqual(
      expect.arrayContaining(["documentType", "propertyId", "shouldSkip"]),
    );
    expect(keysOf("property-ownership.json")).toEqual(
      expect.arrayContaining(["mortgages", "propertyId", "annualRentalIncome"]),
    );
  });

  it("User, Address and Account input", () => {
    expect(keysOf("user.json")).toEqual(
      expect.arrayContaining([
        "email",
        "firstName",
        "lastName",
        "employments",
        "incomeSources",
        "isSelfEmployed",
      ]),
    );
    expect(keysOf("address.json")).toEqual(
      expect.arrayContaining(["city", "county", "line1", "line2", "state", "zip"]),
    );
    expect(keysOf("account-input.json")).toEqual(
      expect.arrayContaining(["email", "password", "token", "firstName", "lastName", "phone", "otpCode"]),
    );
  });

  it("Debt", () => {
    expect(keysOf("debt.json")).toEqual(
      expect.arrayContaining([
        "balance",
        "dateOpened",
        "monthlyPayment",
        "confirmed",
        "latePaymentDays",
        "latePaymentDate",
        "addedByUser",
        "creditor",
        "debtor",
        "createdAt",
        "toBePaidOff",
        "type",
        "hiCredit",
        "comments",
        "term",
        "omitted",
        "taxIncludedInMonthlyPayment",
        "monthlyTaxAndInsurance",
        "insuranceIncludedInMonthlyPayment",
        "monthlyTaxPayment",
        "monthlyInsurancePayment",
      ]),
    );
  });

  it("Employment has IncomeID and EmployerID; Income source has its fields", () => {
    expect(keysOf("employment.json")).toEqual(
      expect.arrayContaining([
        "startDate",
        "endDate",
        "position",
        "employerAddress",
        "employerName",
        "employerPhone",
        "percentageOwned",
        "base",
        "bonuses",
        "overtime",
        "commissions",
        "employerFullAddress",
        "dataSource",
        "pdfUrl",
        "reportId",
        "incomeInformation",
        "contactName",
        "contactPhone",
        "contactEmail",
        "IncomeID",
        "EmployerID",
      ]),
    );
    expect(keysOf("income-source.json")).toEqual(
      expect.arrayContaining([
        "base",
        "overtime",
        "bonuses",
        "commissions",
        "otherValue",
        "type",
        "IncomeID",
        "propertyId",
        "address",
        "rentalUnits",
      ]),
    );
  });

  it("Declarations: the 14 yes/no questions plus chapter, onwershipInterest and the other-property answers, misspellings kept", () => {
    const booleans = [
      "hasIntentToOccupy",
      "hasBorrowedThirdPartyMoney",
      "wantsAnotherMortgage",
      "wantsAnotherLoan",
      "isPropertySubjectToLien",
      "isGuarantorOrCosigor",
      "hasOustandingJudgements",
      "hasFederalDebt",
      "hasConveyedForeclosure",
      "doneShortSale",
      "hasForeclosure",
      "hasBankruptcy",
      "isPartyToLawsuit",
      "hasSpecialBorrowerSellerRelationship",
    ];
    const others = [
      "bankruptcyChapter",
      "onwershipInterest",
      "otherPropertyType",
      "otherPropertyTitle",
      "borrowedThirdPartyMoneyAmount",
    ];
    const properties = schema("declarations.json").properties as Json;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining([...booleans, ...others]));
    for (const key of booleans) expect(properties[key].type, key).toBe("boolean");
    expect(properties.onwershipInterest.type).toEqual(["boolean", "null"]);
  });

  it("Demographics, with wontInformEthinicity and the origin flags", () => {
    expect(keysOf("demographics.json")).toEqual(
      expect.arrayContaining([
        "isHispanicOrLatino",
        "wontInformEthinicity",
        "isAsian",
        "isNativeAmerican",
        "isPacificIslander",
        "isAfricanAmerican",
        "isWhite",
        "wontInformRace",
        "gender",
        "wontInformGender",
        "nativeAmericanOrigin",
        "isMexican",
        "isPuertoRican",
        "isCuban",
        "isAsianIndian",
        "isChinese",
        "isFilipino",
        "isJapanese",
        "isKorean",
        "isVietnamese",
        "isNativeHawaiian",
        "isGuamanian",
        "isSamoan",
        "hispanicOrLatinoOrigin",
        "asianOrigin",
        "pacificIslanderOrigin",
      ]),
    );
  });

  it("Condition request", () => {
    expect(keysOf("condition-request.json")).toEqual(
      expect.arrayContaining([
        "type",
        "informationType",
        "documentType",
        "emailAttachment",
        "label",
        "borrowers",
        "subtypes",
        "description",
        "documentCategoryCode",
        "documentTypeCode",
        "isRequired",
      ]),
    );
  });
});

describe("validation rules (spec §5): a refused value is reported at the field's pointer", () => {
  it.each<[string, (app: Json) => void, string, RegExp]>([
    [
      "a negative debt balance",
      (a) => {
        a.mortgages[0].balance = -1;
      },
      "/mortgages/0/balance",
      /at least 0/,
    ],
    [
      "a debt balance with cents",
      (a) => {
        a.mortgages[0].balance = 241300.5;
      },
      "/mortgages/0/balance",
      /whole number/,
    ],
    [
      "an 8-digit SSN",
      (a) => {
        a.user.ssn = "51827496";
      },
      "/user/ssn",
      /Social Security number/,
    ],
    [
      "an SSN with dashes",
      (a) => {
        a.user.ssn = "518-27-4961";
      },
      "/user/ssn",
      /Social Security number/,
    ],
    [
      "an SSN the SSA never issues (area 666)",
      (a) => {
        a.user.ssn = "666123456";
      },
      "/user/ssn",
      /Social Security number/,
    ],
    [
      "an SSN the SSA never issues (area 000)",
      (a) => {
        a.coborrower.ssn = "000123456";
      },
      "/coborrower/ssn",
      /Social Security number/,
    ],
    [
      "a 9-digit phone",
      (a) => {
        a.user.phone = "813555014";
      },
      "/user/phone",
      /valid U.S. phone number: 10 digits/,
    ],
    [
      "a formatted phone",
      (a) => {
        a.user.phone = "(813) 555-0142";
      },
      "/user/phone",
      /valid U.S. phone number: 10 digits/,
    ],
    [
      "2023-02-29 as a date of birth",
      (a) => {
        a.user.dateOfBirth = "2023-02-29";
      },
      "/user/dateOfBirth",
      /valid date/,
    ],
    [
      "a date of birth written MM/DD/YYYY",
      (a) => {
        a.user.dateOfBirth = "06/14/1981";
      },
      "/user/dateOfBirth",
      /valid date/,
    ],
    [
      "an unknown state code",
      (a) => {
        a.property.state = "XX";
      },
      "/property/state",
      /one of the options/,
    ],
    [
      "a lower-case state code",
      (a) => {
        a.user.address.state = "fl";
      },
      "/user/address/state",
      /one of the options/,
    ],
    [
      "an unknown field",
      (a) => {
        a.user.nickname = "Mari";
      },
      "/user/nickname",
      /not a question/,
    ],
    [
      "text of 513 characters",
      (a) => {
        a.user.firstName = "M".repeat(513);
      },
      "/user/firstName",
      /at most 512 characters/,
    ],
    [
      "a name with a leading space",
      (a) => {
        a.user.firstName = " Maria";
      },
      "/user/firstName",
      /without leading or trailing spaces/,
    ],
    [
      "text with a trailing space",
      (a) => {
        a.property.city = "Tampa ";
      },
      "/property/city",
      /format/,
    ],
    [
      "percentageOwned 1.5",
      (a) => {
        a.coborrower.employments[0].percentageOwned = 1.5;
      },
      "/coborrower/employments/0/percentageOwned",
      /at most 1/,
    ],
    [
      "percentageOwned given as a percent (30)",
      (a) => {
        a.coborrower.employments[0].percentageOwned = 30;
      },
      "/coborrower/employments/0/percentageOwned",
      /at most 1/,
    ],
    [
      "a declarations answer that is not yes or no",
      (a) => {
        a.user.declarations.hasBankruptcy = "no";
      },
      "/user/declarations/hasBankruptcy",
      /yes or no/,
    ],
    [
      "bankruptcy chapter9",
      (a) => {
        a.user.declarations.bankruptcyChapter = ["chapter9"];
      },
      "/user/declarations/bankruptcyChapter/0",
      /one of the options/,
    ],
    [
      "bankruptcy chapter15, which the URLA does not ask",
      (a) => {
        a.user.declarations.bankruptcyChapter = ["chapter7", "chapter15"];
      },
      "/user/declarations/bankruptcyChapter/1",
      /one of the options/,
    ],
    [
      "a correctly spelled military status",
      (a) => {
        a.user.militaryStatus = "retiredOrDischargedOrSeparated";
      },
      "/user/militaryStatus",
      /one of the options/,
    ],
    [
      "HOA fees with cents",
      (a) => {
        a.property.fees = 150.25;
      },
      "/property/fees",
      /whole number/,
    ],
    [
      "an unknown document type",
      (a) => {
        a.uploads[0].type = "selfie";
      },
      "/uploads/0/type",
      /one of the options/,
    ],
    [
      "an invalid email",
      (a) => {
        a.user.email = "maria.example.com";
      },
      "/user/email",
      /valid email/,
    ],
  ])("refuses %s", (_name, change, pointer, message) => {
    const { valid, errors } = check(change);
    expect(valid).toBe(false);
    const error = errors.find((e) => e.pointer === pointer);
    expect(error, JSON.stringify(errors)).toBeDefined();
    expect(error!.message).toMatch(message);
    // One change, one refused field: any other error is only about a containing object.
    for (const other of errors)
      expect(pointer === other.pointer || pointer.startsWith(`${other.pointer}/`), other.pointer).toBe(true);
  });
});

describe("accepted values", () => {
  it.each<[string, (app: Json) => void]>([
    [
      "a coborrower of null",
      (a) => {
        a.coborrower = null;
      },
    ],
    [
      "no coborrower at all",
      (a) => {
        delete a.coborrower;
      },
    ],
    [
      "nullable fields set to null (line2, county, endDate, hiCredit, onwershipInterest)",
      (a) => {
        a.user.address.line2 = null;
        a.user.address.county = null;
        a.user.employments[0].endDate = null;
        a.mortgages[0].hiCredit = null;
        a.user.declarations.onwershipInterest = null;
      },
    ],
    [
      "a leap day that exists (2024-02-29)",
      (a) => {
        a.user.employments[0].endDate = "2024-02-29";
      },
    ],
    [
      "text of exactly 512 characters",
      (a) => {
        a.user.firstName = "M".repeat(512);
      },
    ],
    [
      "percentageOwned 0 and 1 (sole owner)",
      (a) => {
        a.user.employments[0].percentageOwned = 0;
        a.coborrower.employments[0].percentageOwned = 1;
      },
    ],
    [
      "a territory and a ZIP+4",
      (a) => {
        a.user.address.state = "PR";
        a.user.address.zip = "00901-1234";
      },
    ],
    [
      "a zero balance and the suffixes i and ix",
      (a) => {
        a.mortgages[1].balance = 0;
        a.user.suffix = "ix";
        a.coborrower.suffix = "i";
      },
    ],
  ])("accepts %s", (_name, change) => {
    const { valid, errors } = check(change);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
  });
});
