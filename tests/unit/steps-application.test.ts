// The application's core screens, as the applicant meets them: personal info, the co-borrower's
// details, the subject property, other real estate, employment history and other income.
import { describe, expect, it } from "vitest";
import { flowStepsFor, nextStep, previousStep } from "@engine/funnel/funnel";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { job } from "../helpers/jobs";

const { defs } = repo;
const today = "2026-11-22";

const address = (over: Record<string, unknown> = {}) => ({
  line1: "1200 Larimer St",
  line2: null,
  city: "Denver",
  state: "CO",
  zip: "80205",
  county: "Denver",
  ...over,
});

/** A borrower's answers on Personal Info that pass; `over` changes fields. */
const person = (over: Record<string, unknown> = {}) => ({
  firstName: "Dana",
  middleName: null,
  lastName: "Rivera",
  suffix: null,
  dateOfBirth: "1984-05-17",
  ssn: "123456789",
  citizenship: "usCitizen",
  maritalStatus: "married",
  militaryStatus: "none",
  address: address(),
  yearsAtAddress: 6,
  ...over,
});

const pointersOf = (result: { errors: { pointer: string }[] }) => result.errors.map((e) => e.pointer);

describe("Personal Info (application)", () => {
  const personalInfo = createStepValidator(defs, "application");
  const answers = (user: Record<string, unknown>, hasCoborrower = false) => ({
    user,
    setup: { hasCoborrower },
  });

  it("accepts a complete borrower who applies alone", () => {
    const result = personalInfo(answers(person()), { today });
    expect(result.errors).toEqual([]);
  });

  it("refuses a borrower under 18, with the step's message at the date of birth", () => {
    const result = personalInfo(answers(person({ dateOfBirth: "2008-11-23" })), { today });
    expect(result.errors).toEqual([
      {
        pointer: "/user/dateOfBirth",
        message: "You must be at least 18 years old to apply",
        ruleId: "personal-info.borrower-adult",
      },
    ]);
  });

  it("accepts a borrower on their 18th birthday", () => {
    expect(personalInfo(answers(person({ dateOfBirth: "2008-11-22" })), { today }).valid).toBe(true);
  });

  it("refuses a date of birth in the future, saying so rather than 'under 18'", () => {
    const result = personalInfo(answers(person({ dateOfBirth: "2027-01-01" })), { today });
    expect(result.errors).toEqual([
      {
        pointer: "/user/dateOfBirth",
        message: "Your date of birth cannot be in the future",
        ruleId: "personal-info.birth-date-not-in-future",
      },
    ]);
  });

  it("refuses a year typed wrong, like 0984", () => {
    const result = personalInfo(answers(person({ dateOfBirth: "0984-05-17" })), { today });
    expect(result.errors).toEqual([
      expect.objectContaining({ pointer: "/user/dateOfBirth", ruleId: "personal-info.birth-date-plausible" }),
    ]);
  });

  it("asks for the former address when the borrower has lived less than 2 years at the current one", () => {
    const result = personalInfo(answers(person({ yearsAtAddress: 1 })), { today });
    expect(result.errors).toEqual([
      { pointer: "/user/formerAddress", message: "Former address is required" },
    ]);
    const given = personalInfo(
      answers(person({ yearsAtAddress: 1, formerAddress: address({ line1: "88 Pearl St" }) })),
      { today },
    );
    expect(given.valid).toBe(true);
    expect(given.answers).toHaveProperty("user.formerAddress.line1", "88 Pearl St");
  });

  it("neither asks nor keeps a former address after 2 years or more at the current one", () => {
    const result = personalInfo(answers(person({ yearsAtAddress: 2, formerAddress: address() })), { today });
    expect(result.valid).toBe(true);
    expect(result.hidden).toContain("/user/formerAddress");
    expect(result.answers).not.toHaveProperty("user.formerAddress");
  });

  it("requires the legal name, date of birth, SSN, citizenship, marital and military status and the address", () => {
    const result = personalInfo({ user: {}, setup: { hasCoborrower: false } }, { today });
    expect(pointersOf(result)).toEqual(
      expect.arrayContaining(
        [
          "firstName",
          "lastName",
          "dateOfBirth",
          "ssn",
          "citizenship",
          "maritalStatus",
          "militaryStatus",
          "address",
          "yearsAtAddress",
        ].map((f) => `/user/${f}`),
      ),
    );
    expect(pointersOf(result)).not.toContain("/user/middleName");
    expect(pointersOf(result)).not.toContain("/user/suffix");
  });

  it("takes a name suffix from Sr. and Jr. to IX, and nothing else", () => {
    expect(personalInfo(answers(person({ suffix: "jr" })), { today }).valid).toBe(true);
    expect(personalInfo(answers(person({ suffix: "ix" })), { today }).valid).toBe(true);
    expect(pointersOf(personalInfo(answers(person({ suffix: "x" })), { today }))).toEqual(["/user/suffix"]);
  });

  it("asks whether anyone applies with the borrower", () => {
    const result = personalInfo({ user: person(), setup: {} }, { today });
    expect(pointersOf(result)).toEqual(["/setup/hasCoborrower"]);
    expect(personalInfo({ user: person(), setup: { hasCoborrower: true } }, { today }).valid).toBe(true);
  });

  it("removes a co-borrower entered before when the borrower now applies alone", () => {
    const application = {
      user: person(),
      setup: { hasCoborrower: true },
      coborrower: { firstName: "Sam", lastName: "Rivera", ssn: "521456789" },
    };
    const alone = personalInfo(
      { user: person(), setup: { hasCoborrower: false }, coborrower: {} },
      { application, today },
    );
    expect(alone.valid).toBe(true);
    expect(alone.hidden).toContain("/coborrower");
    expect(alone.answers).not.toHaveProperty("coborrower");
    const together = personalInfo(
      { user: person(), setup: { hasCoborrower: true }, coborrower: {} },
      { application, today },
    );
    expect(together.valid).toBe(true);
    expect(together.hidden).not.toContain("/coborrower");
  });

  it("does not let Personal Info write the co-borrower's details", () => {
    const result = personalInfo(
      { user: person(), setup: { hasCoborrower: true }, coborrower: { firstName: "Sam" } },
      { today },
    );
    expect(pointersOf(result)).toEqual(["/coborrower/firstName"]);
  });

  it("skips the co-borrower details when nobody applies with the borrower", () => {
    const alone = { user: person(), setup: { hasCoborrower: false } };
    expect(nextStep(defs, "application", alone, { today }).stepId).toBe("application3");
    expect(previousStep(defs, "application3", alone, { today })).toBe("application");
    expect(flowStepsFor(defs, "application3", alone, { today })!.steps).not.toContain("application2");
  });

  it("asks who answers the co-borrower's part, then goes to the co-borrower details, when someone applies with the borrower", () => {
    const together = { user: person(), setup: { hasCoborrower: true } };
    expect(nextStep(defs, "application", together, { today })).toMatchObject({
      stepId: "coborrowerInvite",
      route: "/app/application/invite-coborrower",
    });
    expect(nextStep(defs, "coborrowerInvite", together, { today })).toMatchObject({
      stepId: "application2",
      route: "/app/application/coborrower",
    });
    expect(nextStep(defs, "application2", together, { today }).stepId).toBe("application3");
  });
});

describe("Co-borrower Details (application2)", () => {
  const coborrowerDetails = createStepValidator(defs, "application2");
  const coborrower = (over: Record<string, unknown> = {}) =>
    person({
      firstName: "Sam",
      lastName: "Rivera",
      email: "sam.rivera@example.com",
      phone: "3035550199",
      ssn: "521456789",
      dateOfBirth: "1986-02-03",
      ...over,
    });
  const application = { user: person(), setup: { hasCoborrower: true } };

  it("accepts a complete co-borrower", () => {
    expect(coborrowerDetails({ coborrower: coborrower() }, { application, today }).errors).toEqual([]);
  });

  it("requires the co-borrower's email, which it checks for a standard format", () => {
    expect(
      pointersOf(coborrowerDetails({ coborrower: coborrower({ email: undefined }) }, { application, today })),
    ).toEqual(["/coborrower/email"]);
    expect(
      pointersOf(
        coborrowerDetails({ coborrower: coborrower({ email: "sam at example" }) }, { application, today }),
      ),
    ).toEqual(["/coborrower/email"]);
  });

  it("refuses a co-borrower under 18", () => {
    const result = coborrowerDetails(
      { coborrower: coborrower({ dateOfBirth: "2010-01-01" }) },
      { application, today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/coborrower/dateOfBirth",
        message: "Your co-borrower must be at least 18 years old",
        ruleId: "coborrower-details.coborrower-adult",
      },
    ]);
  });

  it("asks for the co-borrower's former address after less than 2 years at the current one", () => {
    const result = coborrowerDetails(
      { coborrower: coborrower({ yearsAtAddress: 0 }) },
      { application, today },
    );
    expect(result.errors).toEqual([
      { pointer: "/coborrower/formerAddress", message: "Former address is required" },
    ]);
  });

  it("is passed over by a borrower who applies alone, and shown when a co-borrower applies", () => {
    const alone = { user: person(), setup: { hasCoborrower: false } };
    expect(flowStepsFor(defs, "application", alone, { today })!.steps).not.toContain("application2");
    expect(flowStepsFor(defs, "application", application, { today })!.steps).toContain("application2");
    // An early funnel that did not ask yet: nobody is assumed to apply with the borrower.
    expect(nextStep(defs, "application", { user: person() }, { today }).stepId).toBe("application3");
  });
});

describe("Property Info (application3)", () => {
  const propertyInfo = createStepValidator(defs, "application3");
  const home = (over: Record<string, unknown> = {}) => ({
    line1: "1200 Larimer St",
    line2: null,
    city: "Denver",
    state: "CO",
    zip: "80205",
    county: "Denver",
    propertyType: "singleFamily",
    propertyUsage: "primaryResidence",
    value: 540000,
    fees: 0,
    ...over,
  });

  it("accepts a single-family primary residence with no HOA fees (0 is an answer)", () => {
    const result = propertyInfo({ property: home(), isInTrust: false }, { today });
    expect(result.errors).toEqual([]);
  });

  it("records who holds title: the borrower, the co-borrower when there is one, and other owners by name", () => {
    const owners = {
      borrowerOnTitle: true,
      coborrowerOnTitle: true,
      otherOwners: [{ name: "Ana Alvarez", livesInHome: true }],
    };
    const withCo = { setup: { hasCoborrower: true } };
    expect(
      propertyInfo(
        { property: home(), titleHolders: owners, isInTrust: false },
        { application: withCo, today },
      ).valid,
    ).toBe(true);
    expect(
      propertyInfo(
        { property: home(), titleHolders: { borrowerOnTitle: true }, isInTrust: false },
        { application: withCo, today },
      ).errors,
    ).toEqual([{ pointer: "/titleHolders/coborrowerOnTitle", message: expect.any(String) }]);
    const unnamed = propertyInfo(
      {
        property: home(),
        titleHolders: { borrowerOnTitle: true, otherOwners: [{ livesInHome: true }] },
        isInTrust: false,
      },
      { today },
    );
    expect(unnamed.errors.map((e) => e.pointer)).toEqual(["/titleHolders/otherOwners/0/name"]);
  });

  it("asks the number of units only for a multi-unit building", () => {
    const single = propertyInfo({ property: home({ units: 3 }), isInTrust: false }, { today });
    // Without a co-borrower, whether they are on the title is not asked either.
    expect(single.hidden).toEqual(["/property/units", "/titleHolders/coborrowerOnTitle"]);
    expect(single.answers).not.toHaveProperty("property.units");

    const multi = propertyInfo(
      { property: home({ propertyType: "multiUnit", propertyUsage: "investment" }), isInTrust: false },
      { today },
    );
    expect(multi.errors).toEqual([
      { pointer: "/property/units", message: "Please answer “How many units does the building have?”" },
    ]);
    expect(
      propertyInfo({ property: home({ propertyType: "multiUnit", units: 2 }), isInTrust: false }, { today })
        .valid,
    ).toBe(true);
    expect(
      propertyInfo({ property: home({ propertyType: "multiUnit", units: 5 }), isInTrust: false }, { today })
        .valid,
    ).toBe(true);
  });

  it("refuses a multi-unit building of 1 unit", () => {
    const result = propertyInfo(
      { property: home({ propertyType: "multiUnit", units: 1 }), isInTrust: false },
      { today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/property/units",
        message:
          "A multi-unit property has at least 2 units. For a single unit, choose another property type.",
      },
    ]);
  });

  it("requires the trust question, the estimated value and the HOA fees, in whole dollars", () => {
    const result = propertyInfo({ property: home({ value: undefined, fees: undefined }) }, { today });
    expect(pointersOf(result).sort()).toEqual(["/isInTrust", "/property/fees", "/property/value"]);
    expect(
      pointersOf(propertyInfo({ property: home({ value: 540000.5 }), isInTrust: true }, { today })),
    ).toEqual(["/property/value"]);
    expect(pointersOf(propertyInfo({ property: home({ value: 0 }), isInTrust: true }, { today }))).toEqual([
      "/property/value",
    ]);
  });

  it("offers the spec's property types and usages only", () => {
    expect(
      pointersOf(propertyInfo({ property: home({ propertyType: "castle" }), isInTrust: false }, { today })),
    ).toEqual(["/property/propertyType"]);
    expect(
      pointersOf(
        propertyInfo({ property: home({ propertyUsage: "vacation" }), isInTrust: false }, { today }),
      ),
    ).toEqual(["/property/propertyUsage"]);
    for (const propertyType of ["singleFamily", "condo", "townhouse", "manufactured"])
      expect(propertyInfo({ property: home({ propertyType }), isInTrust: false }, { today }).valid).toBe(
        true,
      );
    for (const propertyUsage of ["primaryResidence", "secondHome", "investment"])
      expect(propertyInfo({ property: home({ propertyUsage }), isInTrust: false }, { today }).valid).toBe(
        true,
      );
  });
});

describe("Additional Real Estate (application4)", () => {
  const realEstate = createStepValidator(defs, "application4");
  const rental = (over: Record<string, unknown> = {}) => ({
    address: address({ line1: "17 Gaylord St" }),
    propertyType: "condo",
    propertyUsage: "investment",
    status: "retained",
    value: 310000,
    annualRentalIncome: 24000,
    monthlyTaxInsuranceAndDues: 450,
    mortgages: [{ creditor: "Rocket Mortgage", balance: 180000, monthlyPayment: 1350 }],
    ...over,
  });
  const alone = { setup: { hasCoborrower: false } };
  const together = { setup: { hasCoborrower: true } };

  it("accepts a borrower who owns no other property, with an empty list", () => {
    expect(
      realEstate(
        { user: { ownsOtherRealEstate: false }, propertyOwnership: [] },
        { application: alone, today },
      ).errors,
    ).toEqual([]);
  });

  it("asks whether the borrower owns other property", () => {
    expect(pointersOf(realEstate({}, { application: alone, today }))).toEqual(["/user"]);
    expect(pointersOf(realEstate({ user: {} }, { application: alone, today }))).toEqual([
      "/user/ownsOtherRealEstate",
    ]);
  });

  it("drops listed properties when the borrowers own no other property", () => {
    const result = realEstate(
      { user: { ownsOtherRealEstate: false }, propertyOwnership: [rental()] },
      { application: alone, today },
    );
    expect(result.valid).toBe(true);
    expect(result.hidden).toContain("/propertyOwnership");
    expect(result.answers).not.toHaveProperty("propertyOwnership");
  });

  it("requires at least one property from a borrower who owns other property", () => {
    const result = realEstate(
      { user: { ownsOtherRealEstate: true }, propertyOwnership: [] },
      { application: alone, today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/propertyOwnership",
        message: "Add the property you own, or answer No above",
        ruleId: "additional-real-estate.lists-owned-property",
      },
    ]);
  });

  it("accepts a rental property with its mortgage", () => {
    const result = realEstate(
      { user: { ownsOtherRealEstate: true }, propertyOwnership: [rental()] },
      { application: alone, today },
    );
    expect(result.errors).toEqual([]);
  });

  it("asks the co-borrower too, and lists their property", () => {
    expect(
      pointersOf(realEstate({ user: { ownsOtherRealEstate: false } }, { application: together, today })),
    ).toEqual(["/coborrower/ownsOtherRealEstate"]);
    const theirs = realEstate(
      { user: { ownsOtherRealEstate: false }, coborrower: { ownsOtherRealEstate: true } },
      { application: together, today },
    );
    expect(pointersOf(theirs)).toEqual(["/propertyOwnership"]);
  });

  it("ignores a co-borrower's answer once nobody applies with the borrower", () => {
    const stale = {
      setup: { hasCoborrower: false },
      coborrower: { firstName: "Sam", ownsOtherRealEstate: true },
    };
    const result = realEstate(
      { user: { ownsOtherRealEstate: false }, coborrower: { ownsOtherRealEstate: true } },
      { application: stale, today },
    );
    expect(result.valid).toBe(true);
    expect(result.hidden).toEqual(expect.arrayContaining(["/coborrower", "/propertyOwnership"]));
  });

  it("asks the annual rental income only for an investment property", () => {
    const home = rental({ propertyUsage: "secondHome" });
    const second = realEstate(
      { user: { ownsOtherRealEstate: true }, propertyOwnership: [home] },
      { application: alone, today },
    );
    expect(second.valid).toBe(true);
    expect(second.hidden.filter((p) => p.startsWith("/propertyOwnership"))).toEqual([
      "/propertyOwnership/0/annualRentalIncome",
    ]);
    expect(second.answers).not.toHaveProperty("propertyOwnership.0.annualRentalIncome");

    const investment = realEstate(
      { user: { ownsOtherRealEstate: true }, propertyOwnership: [rental({ annualRentalIncome: null })] },
      { application: alone, today },
    );
    expect(investment.errors).toEqual([
      { pointer: "/propertyOwnership/0/annualRentalIncome", message: "Annual rental income is required" },
    ]);
  });

  it("requires each property's address, type, usage, status, value and monthly costs", () => {
    const result = realEstate(
      { user: { ownsOtherRealEstate: true }, propertyOwnership: [{}] },
      { application: alone, today },
    );
    expect(pointersOf(result).sort()).toEqual(
      ["address", "monthlyTaxInsuranceAndDues", "propertyType", "propertyUsage", "status", "value"].map(
        (f) => `/propertyOwnership/0/${f}`,
      ),
    );
  });

  it("takes a paid-off property with no mortgage, and requires the lender, balance and payment of each mortgage", () => {
    expect(
      realEstate(
        { user: { ownsOtherRealEstate: true }, propertyOwnership: [rental({ mortgages: [] })] },
        { application: alone, today },
      ).valid,
    ).toBe(true);
    const result = realEstate(
      {
        user: { ownsOtherRealEstate: true },
        propertyOwnership: [rental({ mortgages: [{ balance: 1000 }] })],
      },
      { application: alone, today },
    );
    expect(pointersOf(result).sort()).toEqual([
      "/propertyOwnership/0/mortgages/0/creditor",
      "/propertyOwnership/0/mortgages/0/monthlyPayment",
    ]);
  });

  it("offers the statuses retained, pending sale and sold", () => {
    for (const status of ["retained", "pendingSale", "sold"])
      expect(
        realEstate(
          { user: { ownsOtherRealEstate: true }, propertyOwnership: [rental({ status })] },
          { application: alone, today },
        ).valid,
      ).toBe(true);
    expect(
      pointersOf(
        realEstate(
          { user: { ownsOtherRealEstate: true }, propertyOwnership: [rental({ status: "rented" })] },
          { application: alone, today },
        ),
      ),
    ).toEqual(["/propertyOwnership/0/status"]);
  });
});

describe("Employment History (application5) with a co-borrower", () => {
  const employmentHistory = createStepValidator(defs, "application5");
  const together = { setup: { hasCoborrower: true } };
  const alone = { setup: { hasCoborrower: false } };
  const borrower = { isSelfEmployed: false, employments: [job()] };

  it("accepts a borrower and a co-borrower who both cover two years", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: { isSelfEmployed: false, employments: [job({ employerName: "Denver Health" })] },
      },
      { application: together, today },
    );
    expect(result.errors).toEqual([]);
  });

  it("asks the co-borrower's employment when a co-borrower applies", () => {
    const result = employmentHistory({ user: borrower }, { application: together, today });
    expect(pointersOf(result).sort()).toEqual(["/coborrower/employments", "/coborrower/isSelfEmployed"]);
  });

  it("drops the co-borrower's employment when no co-borrower applies", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: { isSelfEmployed: true, employments: [job({ startDate: "2026-01-01" })] },
      },
      { application: alone, today },
    );
    expect(result.valid).toBe(true);
    expect(result.hidden).toEqual(expect.arrayContaining(["/coborrower"]));
    expect(result.answers).toEqual({ user: borrower });
  });

  it("requires percentageOwned for a self-employed co-borrower, and not base pay", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: {
          isSelfEmployed: true,
          employments: [job({ employerName: "Rivera Design LLC", base: null })],
        },
      },
      { application: together, today },
    );
    expect(result.errors).toEqual([
      { pointer: "/coborrower/employments/0/percentageOwned", message: "Ownership share is required" },
    ]);
    const owned = employmentHistory(
      {
        user: borrower,
        coborrower: {
          isSelfEmployed: true,
          employments: [job({ employerName: "Rivera Design LLC", base: null, percentageOwned: 1 })],
        },
      },
      { application: together, today },
    );
    expect(owned.valid).toBe(true);
  });

  it("drops the ownership share of a salaried co-borrower and requires their base pay", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: { isSelfEmployed: false, employments: [job({ percentageOwned: 0.1, base: null })] },
      },
      { application: together, today },
    );
    expect(result.hidden).toContain("/coborrower/employments/0/percentageOwned");
    expect(result.errors).toEqual([
      { pointer: "/coborrower/employments/0/base", message: expect.stringMatching(/is required$/) },
    ]);
  });

  it("requires the co-borrower's history to cover two years, with the co-borrower's own message", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: {
          isSelfEmployed: false,
          employments: [
            job({ startDate: "2025-09-01" }),
            job({ employerName: "Acme", startDate: "2018-01-01", endDate: "2025-06-01" }),
          ],
        },
      },
      { application: together, today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/coborrower/employments",
        message: expect.stringMatching(
          /^Your co-borrower's employment history must cover the last two years/,
        ),
        ruleId: "employment.coborrower.two-year-coverage",
      },
    ]);
  });

  it("checks the co-borrower's job dates as the borrower's", () => {
    const result = employmentHistory(
      {
        user: borrower,
        coborrower: {
          isSelfEmployed: false,
          employments: [
            job({ startDate: "2027-01-01" }),
            job({ employerName: "Acme", startDate: "2018-01-01", endDate: "2017-01-01" }),
          ],
        },
      },
      { application: together, today },
    );
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: "/coborrower/employments/0/startDate",
          ruleId: "employment.coborrower.start-not-in-future",
        }),
        expect.objectContaining({
          pointer: "/coborrower/employments/1/endDate",
          ruleId: "employment.coborrower.end-after-start",
        }),
      ]),
    );
  });

  it("keeps the borrower's two-year check as it was", () => {
    const result = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job({ startDate: "2025-09-01" })] } },
      { application: alone, today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/user/employments",
        message: expect.stringMatching(/^Your employment history must cover the last two years/),
        ruleId: "employment.two-year-coverage",
      },
    ]);
  });
});

describe("Other Income Sources (manualIncomeVerification)", () => {
  const otherIncome = createStepValidator(defs, "manualIncomeVerification");
  const alone = { setup: { hasCoborrower: false } };
  const together = { setup: { hasCoborrower: true } };

  it("allows no other income at all", () => {
    expect(otherIncome({}, { application: alone, today }).valid).toBe(true);
    expect(otherIncome({ user: { incomeSources: [] } }, { application: alone, today }).valid).toBe(true);
  });

  it("takes one yearly amount for a pension", () => {
    expect(
      otherIncome(
        { user: { incomeSources: [{ type: "pension", otherValue: 18000 }] } },
        { application: alone, today },
      ).errors,
    ).toEqual([]);
    expect(
      otherIncome({ user: { incomeSources: [{ type: "pension" }] } }, { application: alone, today }).errors,
    ).toEqual([{ pointer: "/user/incomeSources/0/otherValue", message: "Amount per year is required" }]);
  });

  it("takes base pay, overtime, bonuses and commissions for salary income, not one amount", () => {
    const salary = otherIncome(
      { user: { incomeSources: [{ type: "salary", base: 40000, bonuses: 2000, otherValue: 5 }] } },
      { application: alone, today },
    );
    expect(salary.valid).toBe(true);
    expect(salary.answers).toEqual({
      user: { incomeSources: [{ type: "salary", base: 40000, bonuses: 2000 }] },
    });
    expect(
      pointersOf(otherIncome({ user: { incomeSources: [{ type: "main" }] } }, { application: alone, today })),
    ).toEqual(["/user/incomeSources/0/base"]);
  });

  it("asks rental units only for rental income", () => {
    const pension = otherIncome(
      {
        user: { incomeSources: [{ type: "pension", otherValue: 18000, rentalUnits: 2, address: address() }] },
      },
      { application: alone, today },
    );
    expect(pension.valid).toBe(true);
    expect(pension.hidden).toEqual(
      expect.arrayContaining(["/user/incomeSources/0/rentalUnits", "/user/incomeSources/0/address"]),
    );
    expect(pension.answers).toEqual({ user: { incomeSources: [{ type: "pension", otherValue: 18000 }] } });

    const rent = otherIncome(
      { user: { incomeSources: [{ type: "rental", otherValue: 24000 }] } },
      { application: alone, today },
    );
    expect(pointersOf(rent).sort()).toEqual([
      "/user/incomeSources/0/address",
      "/user/incomeSources/0/rentalUnits",
    ]);
    expect(
      otherIncome(
        {
          user: {
            incomeSources: [{ type: "rental", otherValue: 24000, address: address(), rentalUnits: 2 }],
          },
        },
        { application: alone, today },
      ).valid,
    ).toBe(true);
  });

  it("refuses rental income from 0 rented units", () => {
    const result = otherIncome(
      {
        user: { incomeSources: [{ type: "rental", otherValue: 24000, address: address(), rentalUnits: 0 }] },
      },
      { application: alone, today },
    );
    expect(result.errors).toEqual([
      {
        pointer: "/user/incomeSources/0/rentalUnits",
        message: "Enter at least 1 rented unit",
        ruleId: "other-income.rented-units",
      },
    ]);
  });

  it("offers every income type of the spec", () => {
    const types = [
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
    ];
    const incomeSources = types.map((type) =>
      type === "rental"
        ? { type, otherValue: 1200, address: address(), rentalUnits: 1 }
        : type === "main" || type === "salary"
          ? { type, base: 1200 }
          : { type, otherValue: 1200 },
    );
    expect(otherIncome({ user: { incomeSources } }, { application: alone, today }).errors).toEqual([]);
    expect(
      pointersOf(
        otherIncome(
          { user: { incomeSources: [{ type: "lottery", otherValue: 5 }] } },
          { application: alone, today },
        ),
      ),
    ).toEqual(["/user/incomeSources/0/type"]);
  });

  it("lists the co-borrower's other income only when a co-borrower applies", () => {
    const answers = {
      user: { incomeSources: [] },
      coborrower: { incomeSources: [{ type: "rental", otherValue: 24000 }] },
    };
    const together_ = otherIncome(answers, { application: together, today });
    expect(pointersOf(together_).sort()).toEqual([
      "/coborrower/incomeSources/0/address",
      "/coborrower/incomeSources/0/rentalUnits",
    ]);
    const alone_ = otherIncome(answers, { application: alone, today });
    expect(alone_.valid).toBe(true);
    expect(alone_.hidden).toContain("/coborrower");
  });
});
