// Never ask twice (issue 23): a step field starts from an answer given earlier, by data (`prefill`).
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import { prefillValues, withPrefill } from "@engine/logic/prefill";
import { buildRuleBook, renderMarkdown } from "@engine/explain/rule-book";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const defs = repo.defs;
const early = {
  user: { firstName: "Ada", lastName: "Byron", email: "ada@example.com" },
  setup: {
    propertyValue: 640000,
    mortgageEstimate: 210000,
    isSelfEmployed: true,
    zip: "80202",
    propertyUsage: "primaryResidence",
  },
};
const address = { line1: "12 Elm St", city: "Denver", state: "CO", zip: "80202" };
const prefill = (stepId: string, application: unknown) =>
  prefillValues(defs, stepById(defs, stepId), application, TODAY);

describe("prefilling a step from answers given earlier", () => {
  it("prefills the property use from the early funnel on the property info step", () => {
    expect(prefill("application3", early)).toMatchObject({ "/property/propertyUsage": "primaryResidence" });
  });

  it("prefills the home value and the ZIP code from the early funnel on the property info step", () => {
    expect(prefill("application3", early)).toMatchObject({
      "/property/value": 640000,
      "/property/zip": "80202",
    });
  });

  it("prefills the property's street address from the borrower's home address when the borrower lives there", () => {
    const values = prefill("application3", { ...early, user: { ...early.user, address } });
    expect(values).toMatchObject({
      "/property/line1": "12 Elm St",
      "/property/city": "Denver",
      "/property/state": "CO",
    });
  });

  it("does not prefill the property's street address from the borrower's home for a second home or an investment", () => {
    const values = prefill("application3", {
      ...early,
      setup: { ...early.setup, propertyUsage: "investment" },
      user: { ...early.user, address },
    });
    expect(values).not.toHaveProperty("/property/line1");
    expect(values).toMatchObject({ "/property/propertyUsage": "investment" });
  });

  it("prefills the mortgage balance with the early mortgage estimate", () => {
    expect(prefill("mortgageBalance", early)).toEqual({ "/setup/mortgageBalance": 210000 });
  });

  it("prefills whether the borrower is self-employed on the employment history", () => {
    expect(prefill("application5", early)).toEqual({ "/user/isSelfEmployed": true });
  });

  it("prefills the invite with the co-borrower's email given in the early funnel", () => {
    expect(
      prefill("coborrowerInvite", {
        ...early,
        coborrower: { firstName: "Bo", lastName: "Byron", email: "bo@example.com" },
      }),
    ).toEqual({ "/coborrowerInvite/email": "bo@example.com" });
  });

  it("starts the co-borrower's address as the borrower's, to change if they live elsewhere", () => {
    expect(prefill("application2", { ...early, user: { ...early.user, address } })).toEqual({
      "/coborrower/address": address,
    });
  });

  it("prefills the borrower's home address from the property when prequalification said they live there", () => {
    const prequal = {
      user: { firstName: "Ada", lastName: "Byron" },
      property: { ...address, line2: "Unit 4", propertyUsage: "primaryResidence", value: 640000 },
    };
    expect(prefill("application", prequal)).toEqual({
      "/user/address/line1": "12 Elm St",
      "/user/address/line2": "Unit 4",
      "/user/address/city": "Denver",
      "/user/address/state": "CO",
      "/user/address/zip": "80202",
    });
    // The property's own answer decides, over the home page's choice.
    const rental = { ...prequal, property: { ...prequal.property, propertyUsage: "investment" } };
    expect(prefill("application", rental)).toEqual({});
    expect(prefill("application", { ...rental, setup: early.setup })).toEqual({});
  });

  it("prefills the borrower's ZIP code on personal info when they live in the home", () => {
    expect(prefill("application", early)).toEqual({ "/user/address/zip": "80202" });
    expect(
      prefill("application", { ...early, setup: { ...early.setup, propertyUsage: "secondHome" } }),
    ).toEqual({});
  });

  it("never replaces an answer the applicant gave on the step itself", () => {
    const answered = { ...early, property: { propertyUsage: "secondHome", value: 700000 } };
    const values = prefill("application3", answered);
    expect(values).not.toHaveProperty("/property/propertyUsage");
    expect(values).not.toHaveProperty("/property/value");
    expect(withPrefill(answered, { "/property/value": 1 })).toEqual(answered);
  });

  it("answers declaration A (will you live in the home?) from the property's use given earlier, editable", () => {
    const use = (propertyUsage?: string) =>
      prefill("application8", { ...early, property: propertyUsage ? { propertyUsage } : {} });
    expect(use("primaryResidence")).toEqual({ "/user/declarations/hasIntentToOccupy": true });
    expect(use("secondHome")).toEqual({ "/user/declarations/hasIntentToOccupy": false });
    expect(use("investment")).toEqual({ "/user/declarations/hasIntentToOccupy": false });
    expect(use(undefined)).toEqual({}); // no use given: asked, not guessed
    // The co-borrower's own intent is theirs to state: the home's use is the borrower's answer.
    expect(use("primaryResidence")).not.toHaveProperty("/coborrower/declarations/hasIntentToOccupy");
    // Once answered on the page, the answer stands.
    expect(
      prefill("application8", {
        ...early,
        property: { propertyUsage: "primaryResidence" },
        user: { ...early.user, declarations: { hasIntentToOccupy: false } },
      }),
    ).toEqual({});
  });

  it("starts a business's name and start date from the job the borrower owns 25% or more of (issue 38)", () => {
    const owner = {
      coborrower: {
        isSelfEmployed: true,
        employments: [
          {
            employerName: "City Schools",
            startDate: "2012-08-01",
            endDate: "2018-03-31",
            percentageOwned: 0,
          },
          { employerName: "Lee Studio LLC", startDate: "2018-04-01", endDate: null, percentageOwned: 0.6 },
        ],
      },
    };
    expect(prefill("businessInformation", owner)).toEqual({
      "/coborrower/business/businessName": "Lee Studio LLC",
      "/coborrower/business/startDate": "2018-04-01",
    });
    expect(
      prefill("businessInformation", { coborrower: { ...owner.coborrower, isSelfEmployed: false } }),
    ).toEqual({});
  });

  it("answers declaration A's follow-up from the other real estate just listed, the type from its use (issue 38)", () => {
    const listed = {
      property: { propertyUsage: "primaryResidence" },
      user: { ownsOtherRealEstate: true },
      propertyOwnership: [{ propertyUsage: "investment", annualRentalIncome: 64800, address }],
    };
    expect(prefill("application8", listed)).toMatchObject({
      "/user/declarations/hasIntentToOccupy": true,
      "/user/declarations/onwershipInterest": true,
      "/user/declarations/otherPropertyType": "IP",
    });
    expect(prefill("application8", { ...listed, user: { ownsOtherRealEstate: false } })).not.toHaveProperty(
      "/user/declarations/onwershipInterest",
    );
  });

  it("brings the rent of a listed property to other income, to add its units only (issue 38)", () => {
    const listed = {
      user: { ownsOtherRealEstate: true },
      propertyOwnership: [
        { propertyId: "p1", propertyUsage: "investment", annualRentalIncome: 64800, address },
        { propertyId: "p2", propertyUsage: "secondHome", address },
      ],
    };
    expect(prefill("manualIncomeVerification", listed)).toEqual({
      "/user/incomeSources": [{ type: "rental", otherValue: 64800, address, propertyId: "p1" }],
    });
    // Once other income is answered (even with none), it is not suggested again.
    expect(
      prefill("manualIncomeVerification", { ...listed, user: { ...listed.user, incomeSources: [] } }),
    ).toEqual({});
  });

  it("starts the name on the bank account from the borrower's name (issue 38)", () => {
    expect(prefill("loanDisbursement", { user: { firstName: "Dana", lastName: "Rivera" } })).toMatchObject({
      "/disbursement/bankAccount/holderName": "Dana Rivera",
    });
  });

  it("agrees to electronic records on the sign page as the account setup did, editable (issue 38)", () => {
    const consented = { consents: { electronicCommunications: { accepted: true } } };
    expect(prefill("disclosures", consented)).toEqual({ "/esign/consent/accepted": true });
  });

  it("prefills nothing from an answer not given", () => {
    expect(prefill("mortgageBalance", { setup: {} })).toEqual({});
  });

  it("lays the prefilled values into the answers the form starts from", () => {
    expect(
      withPrefill({ setup: { zip: "80202" } }, { "/property/zip": "80202", "/property/value": 5 }),
    ).toEqual({ setup: { zip: "80202" }, property: { zip: "80202", value: 5 } });
  });
});

describe("the rule book", () => {
  it("lists the answers a step's fields start from, and when", () => {
    const book = renderMarkdown(buildRuleBook(defs));
    expect(book).toContain(
      "| Property value `/property/value` | Estimated home value `/setup/propertyValue` | always |",
    );
    expect(book).toMatch(
      /\| Street address `\/property\/line1` \| [^|]*`\/user\/address\/line1` \| How do you use this property\? \(setup\.propertyUsage\) is primaryResidence \|/,
    );
    expect(book).toMatch(
      /\| [^|]*`\/user\/declarations\/hasIntentToOccupy` \| [^|]*property\.propertyUsage[^|]* \| [^|]*property\.propertyUsage[^|]* \|/,
    );
  });
});
