import { todayIso } from "@engine/base/dates";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { evaluateRuleSet } from "@engine/logic/rules";
import { createFieldLogic } from "@engine/logic/field-logic";
import { legacyScalarFields, readLegacyScalars } from "@engine/definitions/legacy-answers";
import { createStepValidator } from "@engine/validation/validate";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { stepStrings } from "@engine/lint/translations";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const today = "2026-11-22";
const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
);
const alone = { application: { setup: { hasCoborrower: false } }, today };
const together = {
  application: { setup: { hasCoborrower: true }, coborrower: { firstName: "James", lastName: "Alvarez" } },
  today,
};
const pointers = (result: { errors: { pointer: string }[] }) => result.errors.map((e) => e.pointer);
const step = (id: string) => defs.steps.get(id)!.def as any;

// ---------------------------------------------------------------- debt consolidation

const debts = createStepValidator(defs, "debtConsolidation");
const debt = (overrides: Record<string, unknown> = {}) => ({
  creditor: "Chase Card Services",
  type: "revolving",
  balance: 6240,
  monthlyPayment: 187,
  ...overrides,
});

describe("the debt consolidation step (debtConsolidation)", () => {
  it("accepts the debts of the credit report with the ones to pay off checked", () => {
    const result = debts(
      {
        liabilities: [
          debt({ toBePaidOff: true }),
          debt({ creditor: "Toyota Motor Credit", type: "auto", toBePaidOff: false }),
        ],
      },
      alone,
    );
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("asks whose debt it is only when a co-borrower applies", () => {
    const single = debts({ liabilities: [debt({ debtor: "joint" })] }, alone);
    expect(single.valid).toBe(true);
    expect(single.hidden).toContain("/liabilities/0/debtor");
    expect(single.answers).toEqual({ liabilities: [debt()] });

    const missing = debts({ liabilities: [debt()] }, together);
    expect(missing.hidden).not.toContain("/liabilities/0/debtor");
    expect(missing.errors).toEqual([
      { pointer: "/liabilities/0/debtor", message: "Please answer “Whose debt is it?”" },
    ]);

    expect(debts({ liabilities: [debt({ debtor: "joint" })] }, together).valid).toBe(true);
    expect(pointers(debts({ liabilities: [debt({ debtor: "neighbour" })] }, together))).toEqual([
      "/liabilities/0/debtor",
    ]);
  });

  it("requires the creditor, type, balance and monthly payment of every debt", () => {
    const result = debts({ liabilities: [{ toBePaidOff: true }] }, alone);
    expect(pointers(result).sort()).toEqual(
      [
        "/liabilities/0/balance",
        "/liabilities/0/creditor",
        "/liabilities/0/monthlyPayment",
        "/liabilities/0/type",
      ].sort(),
    );
  });

  it("takes a balance only as a whole, non-negative number of dollars", () => {
    expect(pointers(debts({ liabilities: [debt({ balance: -1 })] }, alone))).toEqual([
      "/liabilities/0/balance",
    ]);
    expect(pointers(debts({ liabilities: [debt({ balance: 10.5 })] }, alone))).toEqual([
      "/liabilities/0/balance",
    ]);
    expect(debts({ liabilities: [debt({ balance: 0 })] }, alone).valid).toBe(true);
  });

  it("refuses to pay off a debt with a $0 balance", () => {
    const result = debts({ liabilities: [debt({ balance: 0, toBePaidOff: true })] }, alone);
    expect(result.errors).toEqual([
      expect.objectContaining({
        pointer: "/liabilities/0/toBePaidOff",
        ruleId: "debts.payoff-needs-balance",
      }),
    ]);
  });

  it("keeps the system fields of a reported debt, which the applicant never sees, when the page is saved", () => {
    const result = debts(
      { liabilities: fixture.liabilities, mortgages: fixture.mortgages },
      { application: fixture, today },
    );
    expect(result.errors).toEqual([]);
    expect(result.answers).toEqual({ liabilities: fixture.liabilities, mortgages: fixture.mortgages });
    const ui = step("debtConsolidation").uiSchema;
    for (const list of ["liabilities", "mortgages"])
      for (const field of [
        "id",
        "confirmed",
        "createdAt",
        "omitted",
        "addedByUser",
        "monthlyTaxAndInsurance",
        "monthlyTaxPayment",
        "monthlyInsurancePayment",
      ])
        expect(ui[list].items[field], `${list}.${field}`).toEqual({ "ui:widget": "hidden" });
    for (const field of ["creditor", "type", "balance", "monthlyPayment", "toBePaidOff", "debtor"])
      expect(ui.liabilities.items[field]?.["ui:widget"], field).not.toBe("hidden");
  });

  it("lists the mortgages for review: they cannot be added, removed or edited here, only kept or paid off", () => {
    const ui = step("debtConsolidation").uiSchema.mortgages;
    expect(ui["ui:options"]).toMatchObject({ addable: false, removable: false });
    for (const field of ["creditor", "balance", "monthlyPayment"])
      expect(ui.items[field]["ui:readonly"]).toBe(true);
    expect(ui.items.toBePaidOff["ui:widget"]).toBe("yesNo");
  });

  describe("paying off a mortgage on the home when the line opens", () => {
    // A $400,000 primary home in California, a $150,000 first mortgage, excellent credit:
    // $190,000 of equity; a payoff makes the line $340,000 (rules/pricing.cases.json).
    const home = (mortgages: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
      application: {
        setup: { hasCoborrower: false, hasMortgage: true, creditRange: "excellent" },
        property: { value: 400000, propertyUsage: "primaryResidence", state: "CA", zip: "94110" },
        mortgages,
        ...extra,
      },
      today,
    });
    const first = { id: "m1", creditor: "Rocket Mortgage", balance: 150000, monthlyPayment: 1100 };

    it("accepts paying off the mortgage on the home", () => {
      const mortgages = [{ ...first, toBePaidOff: true }];
      const result = debts({ liabilities: [], mortgages }, home(mortgages));
      expect(result.errors).toEqual([]);
    });

    it("refuses to pay off a loan on another owned property: the line pays off only what is on its home", () => {
      const other = {
        id: "m3",
        creditor: "Wells Fargo",
        balance: 90000,
        monthlyPayment: 800,
        toBePaidOff: true,
      };
      const mortgages = [first, other];
      const result = debts(
        { liabilities: [], mortgages },
        home(mortgages, { propertyOwnership: [{ propertyId: "p2", mortgages: [other] }] }),
      );
      expect(pointers(result)).toEqual(["/mortgages/1/toBePaidOff"]);
      expect(result.errors[0]!.message).toMatch(
        /only a mortgage or home loan on the home you are borrowing against/,
      );
    });

    it("refuses a payoff larger than the largest line, naming the payoff and the line", () => {
      const big = { ...first, balance: 420000, toBePaidOff: true };
      const application = home([big]).application;
      application.property.value = 900000; // $765,000 at 85%: $345,000 of equity + $420,000 > $400,000
      const result = debts({ liabilities: [], mortgages: [big] }, { application, today });
      expect(pointers(result)).toEqual(["/mortgages/0/toBePaidOff"]);
      expect(result.errors[0]!.message).toBe(
        "The loans you chose to pay off add up to $420,000, more than your line of credit can be ($400,000). Keep one of them.",
      );
    });

    it("warns about other debts chosen for payoff beyond what the line leaves to draw after the mortgage payoff", () => {
      const mortgages = [{ ...first, toBePaidOff: true }];
      const liabilities = [debt({ balance: 200000, toBePaidOff: true })];
      const notices = createFieldLogic(defs, "debtConsolidation")(
        { ...home(mortgages).application, liabilities },
        { today: TODAY },
      )
        .notices.filter((n) => n.pointer === "/liabilities/0/toBePaidOff")
        .map((n) => n.message);
      expect(notices).toEqual([
        expect.stringContaining("more than the $190,000 your line of credit leaves you to draw"),
      ]);
    });
  });

  it("tells the applicant at a solar lender's loan that it is not paid off and needs its statement", () => {
    const { notices } = createFieldLogic(defs, "debtConsolidation")(
      { mortgages: fixture.mortgages },
      { today: "2026-11-22" },
    );
    const solarIndex = fixture.mortgages.findIndex((m: { creditor: string }) => m.creditor === "GoodLeap");
    expect(notices.map((n) => n.pointer)).toEqual([`/mortgages/${solarIndex}/creditor`]);
    expect(notices[0]?.message).toMatch(/solar loan.*not paid off.*statement/);
  });

  it("counts the mortgage of the subject property toward payoff, and neither the solar loan nor the rental's mortgage (spec §4)", () => {
    const { outputs } = evaluateRuleSet(
      defs,
      "payoff",
      { mortgages: fixture.mortgages, propertyOwnership: fixture.propertyOwnership },
      { today },
    );
    expect((outputs.counted as { id: string }[]).map((m) => m.id)).toEqual(["m1"]);
    expect(outputs.total).toBe(241300);
    expect(outputs.solarLoans).toEqual([
      expect.objectContaining({ id: "m2", creditor: "GoodLeap", requiresSolarStatement: true }),
    ]);
  });
});

// ---------------------------------------------------------------- demographics

const demographics = createStepValidator(defs, "application7");

describe("the demographics step (application7)", () => {
  it("accepts the demographics page left empty, alone or with a co-borrower", () => {
    for (const context of [alone, together]) {
      expect(demographics({}, context).errors).toEqual([]);
      expect(
        demographics({ user: { demographics: {} }, coborrower: { demographics: {} } }, context).valid,
      ).toBe(true);
    }
    expect(step("application7").requiredWhen).toBeUndefined();
  });

  it("accepts answers in every group, several races at once", () => {
    const answers = {
      user: {
        demographics: {
          isHispanicOrLatino: true,
          isMexican: true,
          isOtherHispanicOrLatino: true,
          hispanicOrLatinoOrigin: "Colombian",
          isAsian: true,
          isKorean: true,
          isWhite: true,
          isNativeAmerican: true,
          nativeAmericanOrigin: "Navajo Nation",
          gender: ["female"],
        },
      },
    };
    const result = demographics(answers, alone);
    expect(result.errors).toEqual([]);
    expect(result.answers).toEqual(answers);
  });

  it("accepts 'I do not wish to provide' on its own in every group", () => {
    const result = demographics(
      {
        user: { demographics: { wontInformEthinicity: true, wontInformRace: true, wontInformGender: true } },
      },
      alone,
    );
    expect(result.valid).toBe(true);
  });

  it("refuses 'I do not wish to provide' together with a race", () => {
    const result = demographics({ user: { demographics: { isWhite: true, wontInformRace: true } } }, alone);
    expect(result.errors).toEqual([
      {
        pointer: "/user/demographics/wontInformRace",
        message: expect.stringMatching(/race/),
        ruleId: "demographics.race-or-decline",
      },
    ]);
  });

  it("refuses 'I do not wish to provide' together with an ethnicity or a sex", () => {
    const ethnicity = demographics(
      { user: { demographics: { isHispanicOrLatino: true, wontInformEthinicity: true } } },
      alone,
    );
    expect(pointers(ethnicity)).toEqual(["/user/demographics/wontInformEthinicity"]);
    const sex = demographics({ user: { demographics: { gender: ["male"], wontInformGender: true } } }, alone);
    expect(pointers(sex)).toEqual(["/user/demographics/wontInformGender"]);
  });

  it("shows the Asian sub-options only when Asian is checked", () => {
    const subs = [
      "isAsianIndian",
      "isChinese",
      "isFilipino",
      "isJapanese",
      "isKorean",
      "isVietnamese",
      "isOtherAsian",
    ].map((f) => `/user/demographics/${f}`);
    const unchecked = demographics({ user: { demographics: { isKorean: true } } }, alone);
    expect(unchecked.hidden).toEqual(expect.arrayContaining(subs));
    expect(unchecked.answers).toEqual({ user: { demographics: {} } }); // an answer under an unchecked box is not kept
    const checked = demographics({ user: { demographics: { isAsian: true, isKorean: true } } }, alone);
    for (const sub of subs) expect(checked.hidden).not.toContain(sub);
    expect(checked.answers).toEqual({ user: { demographics: { isAsian: true, isKorean: true } } });
  });

  it("asks for the origin in words only after 'Other' is checked under its group", () => {
    const origin = "/user/demographics/asianOrigin";
    expect(demographics({ user: { demographics: { isAsian: true } } }, alone).hidden).toContain(origin);
    expect(
      demographics({ user: { demographics: { isAsian: true, isOtherAsian: true } } }, alone).hidden,
    ).not.toContain(origin);
    expect(
      demographics(
        { user: { demographics: { isHispanicOrLatino: true, isOtherHispanicOrLatino: true } } },
        alone,
      ).hidden,
    ).not.toContain("/user/demographics/hispanicOrLatinoOrigin");
    expect(demographics({ user: { demographics: { isPacificIslander: true } } }, alone).hidden).toEqual(
      expect.arrayContaining(["/user/demographics/pacificIslanderOrigin"]),
    );
    expect(demographics({ user: { demographics: {} } }, alone).hidden).toContain(
      "/user/demographics/nativeAmericanOrigin",
    );
    expect(demographics({ user: { demographics: { isNativeAmerican: true } } }, alone).hidden).not.toContain(
      "/user/demographics/nativeAmericanOrigin",
    );
  });

  it("shows the Hispanic or Latino origins only when Hispanic or Latino is checked", () => {
    const subs = ["isMexican", "isPuertoRican", "isCuban", "isOtherHispanicOrLatino"].map(
      (f) => `/user/demographics/${f}`,
    );
    expect(demographics({}, alone).hidden).toEqual(expect.arrayContaining(subs));
    const checked = demographics({ user: { demographics: { isHispanicOrLatino: true } } }, alone);
    for (const sub of subs) expect(checked.hidden).not.toContain(sub);
  });

  it("asks about the co-borrower only when a co-borrower applies, with the same contradiction check", () => {
    const coAnswers = { coborrower: { demographics: { isWhite: true, wontInformRace: true } } };
    const single = demographics(coAnswers, alone);
    expect(single.hidden).toContain("/coborrower");
    expect(single.valid).toBe(true);
    expect(single.answers).toEqual({});
    expect(pointers(demographics(coAnswers, together))).toEqual(["/coborrower/demographics/wontInformRace"]);
  });

  it("gives the full collection notice: federal law requires asking, encouraged but not required, no effect on the decision, observation or surname in person", () => {
    const { description } = step("application7");
    expect(description).toMatch(
      /Federal law requires that we ask applicants for their demographic information/,
    );
    expect(description).toMatch(
      /You are not required to provide this information, but are encouraged to do so/,
    );
    expect(description).toMatch(/will not affect our decision on your application/);
    expect(description).toMatch(
      /made this application in person, Federal regulations require us to note your ethnicity, sex, and race on the basis of visual observation or surname/,
    );
  });

  it("offers 'Not Hispanic or Latino' as its own choice, and sex as a choice of one or both", () => {
    const ui = step("application7").uiSchema.user.demographics;
    expect(ui["ui:order"]).toContain("isNotHispanicOrLatino");
    expect(ui.gender["ui:widget"]).toBe("checkboxes");
    const both = demographics(
      { user: { demographics: { isNotHispanicOrLatino: true, gender: ["female", "male"] } } },
      alone,
    );
    expect(both.errors).toEqual([]);
    expect(both.answers).toEqual({
      user: { demographics: { isNotHispanicOrLatino: true, gender: ["female", "male"] } },
    });
  });
});

// ---------------------------------------------------------------- declarations

const declarations = createStepValidator(defs, "application8");
const questions = [
  "hasIntentToOccupy",
  "hasSpecialBorrowerSellerRelationship",
  "hasBorrowedThirdPartyMoney",
  "wantsAnotherMortgage",
  "wantsAnotherLoan",
  "isPropertySubjectToLien",
  "isGuarantorOrCosigor",
  "hasOustandingJudgements",
  "hasFederalDebt",
  "isPartyToLawsuit",
  "hasConveyedForeclosure",
  "doneShortSale",
  "hasForeclosure",
  "hasBankruptcy",
];
const allNo = (overrides: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(questions.map((q) => [q, false])),
  ...overrides,
});

describe("the declarations step (application8)", () => {
  it("accepts a No to every question", () => {
    const result = declarations({ user: { declarations: allNo() } }, alone);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("requires an answer to every question, A to M", () => {
    const result = declarations({ user: { declarations: {} } }, alone);
    expect(pointers(result).sort()).toEqual(questions.map((q) => `/user/declarations/${q}`).sort());
  });

  it("asks the bankruptcy chapter only after a yes to M", () => {
    const chapter = "/user/declarations/bankruptcyChapter";
    const no = declarations({ user: { declarations: allNo({ bankruptcyChapter: ["chapter7"] }) } }, alone);
    expect(no.valid).toBe(true);
    expect(no.hidden).toContain(chapter);
    expect(no.answers).toEqual({ user: { declarations: allNo() } });
    expect(pointers(declarations({ user: { declarations: allNo({ hasBankruptcy: true }) } }, alone))).toEqual(
      [chapter],
    );
    expect(
      declarations(
        { user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: ["chapter13"] }) } },
        alone,
      ).valid,
    ).toBe(true);
    expect(
      pointers(
        declarations(
          { user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: ["chapter9"] }) } },
          alone,
        ),
      ),
    ).toEqual([`${chapter}/0`]);
  });

  it("asks the type(s) of bankruptcy as one or more of Chapters 7, 11, 12 and 13, as the URLA does", () => {
    const chapter = "/user/declarations/bankruptcyChapter";
    const both = declarations(
      {
        user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: ["chapter7", "chapter13"] }) },
      },
      alone,
    );
    expect(both.errors).toEqual([]);
    expect(both.answers).toEqual({
      user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: ["chapter7", "chapter13"] }) },
    });
    expect(
      declarations({ user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: [] }) } }, alone)
        .errors,
    ).toEqual([{ pointer: chapter, message: "Check at least one type of bankruptcy" }]);
    for (const dropped of ["chapter15", "other"])
      expect(
        pointers(
          declarations(
            { user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: [dropped] }) } },
            alone,
          ),
        ),
      ).toEqual([`${chapter}/0`]);
    const ui = step("application8").uiSchema.user.declarations;
    expect(ui.bankruptcyChapter["ui:widget"]).toBe("checkboxes");
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, "schemas/enums.json"), "utf8"));
    expect(schema.$defs.bankruptcyChapter.oneOf.map((o: { title: string }) => o.title)).toEqual([
      "Chapter 7",
      "Chapter 11",
      "Chapter 12",
      "Chapter 13",
    ]);
  });

  it("shows each declaration in the Uniform Residential Loan Application's own words, plain words after", () => {
    const ui = step("application8").uiSchema.user.declarations;
    const form = JSON.parse(readFileSync(join(REPO_ROOT, "schemas/declarations.json"), "utf8")).properties;
    for (const field of Object.keys(form)) expect(ui[field]["ui:title"], field).toBe(form[field].title);
    expect(form.hasBankruptcy.title).toBe("M. Have you declared bankruptcy within the past 7 years?");
    expect(form.bankruptcyChapter.title).toBe("M. If YES, identify the type(s) of bankruptcy");
    expect(form.hasFederalDebt.title).toBe(
      "H. Are you currently delinquent or in default on a Federal debt?",
    );
    expect(ui.hasFederalDebt["ui:description"]).toMatch(/^In plain words: /);
  });

  it("reads a bankruptcy chapter saved as one value, before it was a list, as a list of one", () => {
    const fields = legacyScalarFields(repo.defs.files);
    expect(fields).toEqual(
      expect.arrayContaining([
        "/user/declarations/bankruptcyChapter",
        "/coborrower/declarations/bankruptcyChapter",
      ]),
    );
    const read = readLegacyScalars(
      { user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: "chapter13" }) } },
      fields,
    ) as any;
    expect(read.user.declarations.bankruptcyChapter).toEqual(["chapter13"]);
    expect(declarations(read, alone).valid).toBe(true);
    // Chapter 15 and "Other" have no URLA type: such an answer is asked again (the re-check sends the applicant back to this step).
    const old = readLegacyScalars(
      { user: { declarations: allNo({ hasBankruptcy: true, bankruptcyChapter: "chapter15" }) } },
      fields,
    );
    expect(pointers(declarations(old, alone))).toEqual(["/user/declarations/bankruptcyChapter/0"]);
  });

  it("requires the borrowed amount when money is borrowed from another party", () => {
    const amount = "/user/declarations/borrowedThirdPartyMoneyAmount";
    expect(
      pointers(declarations({ user: { declarations: allNo({ hasBorrowedThirdPartyMoney: true }) } }, alone)),
    ).toEqual([amount]);
    const zero = declarations(
      {
        user: { declarations: allNo({ hasBorrowedThirdPartyMoney: true, borrowedThirdPartyMoneyAmount: 0 }) },
      },
      alone,
    );
    expect(zero.errors).toEqual([
      expect.objectContaining({ pointer: amount, ruleId: "declarations.borrowed-amount-positive" }),
    ]);
    expect(
      declarations(
        {
          user: {
            declarations: allNo({ hasBorrowedThirdPartyMoney: true, borrowedThirdPartyMoneyAmount: 5000 }),
          },
        },
        alone,
      ).valid,
    ).toBe(true);
    expect(
      declarations({ user: { declarations: allNo({ borrowedThirdPartyMoneyAmount: 5000 }) } }, alone).hidden,
    ).toContain(amount);
  });

  it("asks about other property owned only after a yes to A, and its type and title only after a yes to that", () => {
    const at = (f: string) => `/user/declarations/${f}`;
    const notOccupying = declarations({ user: { declarations: allNo({ onwershipInterest: true }) } }, alone);
    expect(notOccupying.hidden).toEqual(
      expect.arrayContaining([at("onwershipInterest"), at("otherPropertyType"), at("otherPropertyTitle")]),
    );
    expect(notOccupying.valid).toBe(true);

    expect(
      pointers(declarations({ user: { declarations: allNo({ hasIntentToOccupy: true }) } }, alone)),
    ).toEqual([at("onwershipInterest")]);
    expect(
      declarations(
        { user: { declarations: allNo({ hasIntentToOccupy: true, onwershipInterest: false }) } },
        alone,
      ).valid,
    ).toBe(true);
    expect(
      pointers(
        declarations(
          { user: { declarations: allNo({ hasIntentToOccupy: true, onwershipInterest: true }) } },
          alone,
        ),
      ).sort(),
    ).toEqual([at("otherPropertyTitle"), at("otherPropertyType")]);
    const owned = allNo({
      hasIntentToOccupy: true,
      onwershipInterest: true,
      otherPropertyType: "IP",
      otherPropertyTitle: "SP",
    });
    expect(declarations({ user: { declarations: owned } }, alone).valid).toBe(true);
  });

  it("takes the property type and title only as the URLA codes, labelled in plain English", () => {
    const answers = allNo({
      hasIntentToOccupy: true,
      onwershipInterest: true,
      otherPropertyType: "Rental",
      otherPropertyTitle: "Alone",
    });
    expect(pointers(declarations({ user: { declarations: answers } }, alone)).sort()).toEqual([
      "/user/declarations/otherPropertyTitle",
      "/user/declarations/otherPropertyType",
    ]);
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, "schemas/declarations.json"), "utf8"));
    expect(schema.$defs.otherPropertyType.oneOf).toEqual([
      { const: "PR", title: "Primary residence" },
      { const: "SR", title: "FHA secondary residence" },
      { const: "SH", title: "Second home" },
      { const: "IP", title: "Investment property" },
    ]);
    expect(schema.$defs.otherPropertyTitle.oneOf.map((o: { title: string }) => o.title)).toEqual([
      "By yourself",
      "Jointly with your spouse",
      "Jointly with another person",
    ]);
  });

  it("asks the co-borrower's declarations only when a co-borrower applies, and then requires every one", () => {
    const single = declarations({ user: { declarations: allNo() }, coborrower: { declarations: {} } }, alone);
    expect(single.valid).toBe(true);
    expect(single.hidden).toContain("/coborrower");

    const missing = declarations(
      { user: { declarations: allNo() }, coborrower: { declarations: {} } },
      together,
    );
    expect(pointers(missing).sort()).toEqual(questions.map((q) => `/coborrower/declarations/${q}`).sort());
    const bankrupt = declarations(
      { user: { declarations: allNo() }, coborrower: { declarations: allNo({ hasBankruptcy: true }) } },
      together,
    );
    expect(pointers(bankrupt)).toEqual(["/coborrower/declarations/bankruptcyChapter"]);
    expect(
      declarations({ user: { declarations: allNo() }, coborrower: { declarations: allNo() } }, together)
        .valid,
    ).toBe(true);
  });

  it("shows every question as a yes/no, follow-ups included, with its letter", () => {
    const ui = step("application8").uiSchema.user.declarations;
    for (const q of questions) expect(ui[q]["ui:widget"], q).toBe("yesNo");
    expect(ui.onwershipInterest["ui:widget"]).toBe("yesNo");
    const letters = questions.map((q) => String(ui[q]["ui:title"]).split(".")[0]);
    expect(letters).toEqual(["A", "B", "C", "D1", "D2", "E", "F", "G", "H", "I", "J", "K", "L", "M"]);
  });
});

describe("the URLA wording of personal information and demographics (issue 37, item 9)", () => {
  const personal = step("application");
  const user = personal.schema.properties.user.properties;

  it("shows the URLA's three citizenship choices while the data keeps the spec's four", () => {
    expect(user.citizenship.oneOf.map((o: { const: string }) => o.const)).toEqual([
      "usCitizen",
      "permanentResident",
      "nonPermanentResident",
    ]);
    const enums = JSON.parse(readFileSync(join(REPO_ROOT, "schemas/enums.json"), "utf8"));
    expect(enums.$defs.citizenship.oneOf.map((o: { const: string }) => o.const)).toContain(
      "nonResidentAlien",
    );
    expect(personal.uiSchema.user.citizenship["ui:help"]).toMatch(/non-resident alien/);
  });

  it("offers the URLA's three marital statuses in its words, unmarried with its parenthetical, under the spec's names", () => {
    const asked = (stepId: string, who: string) =>
      (bundleStepSchema(defs, stepId) as any).properties[who].properties.maritalStatus;
    for (const status of [asked("application", "user"), asked("application2", "coborrower")])
      expect(status.oneOf.map((o: { const: string; title: string }) => [o.const, o.title])).toEqual([
        ["married", "Married"],
        ["separated", "Separated"],
        [
          "unmarried",
          "Unmarried (Single, Divorced, Widowed, Civil Union, Domestic Partnership, Registered Reciprocal Beneficiary Relationship)",
        ],
      ]);
    expect(personal.uiSchema.user.maritalStatus["ui:widget"]).toBe("radio");
    expect(personal.uiSchema.user.maritalStatus["ui:help"]).toMatch(
      /registered reciprocal beneficiary relationship/,
    );
  });

  it("asks the projected end of service or tour only of one serving on active duty (URLA section 7)", () => {
    const validate = createStepValidator(defs, "application");
    const answers = (militaryStatus: string) => ({ user: { militaryStatus } });
    const serving = validate(answers("currentlyServing"), alone);
    expect(pointers(serving)).toContain("/user/militaryTourEndDate");
    const retired = validate(answers("retiredOrDischardOrSeparated"), alone);
    expect(retired.hidden).toContain("/user/militaryTourEndDate");
    expect(pointers(retired)).not.toContain("/user/militaryTourEndDate");
  });

  it("heads the demographics groups Ethnicity, Race and Sex, each with the URLA's 'check one or more' / 'check one or both'", () => {
    const file = JSON.parse(readFileSync(join(REPO_ROOT, "steps/application/demographics.json"), "utf8"));
    const ui = file.eachBorrower.uiSchema.demographics;
    const heads = [ui.isHispanicOrLatino, ui.isNativeAmerican, ui.gender];
    expect(heads.map((u) => [u["ui:heading"], u["ui:headingHelp"]])).toEqual([
      ["Ethnicity", "Check one or more."],
      ["Race", "Check one or more."],
      ["Sex", "Check one or both."],
    ]);
    // The heading names the sex group: its label is not shown a second time.
    expect(ui.gender["ui:label"]).toBe(false);
    // The headings and their help are words an applicant reads: each is offered for translation.
    expect(stepStrings(file)).toEqual(
      expect.arrayContaining([
        "/eachBorrower/uiSchema/demographics/isHispanicOrLatino/ui:headingHelp",
        "/eachBorrower/uiSchema/demographics/gender/ui:heading",
        "/eachBorrower/uiSchema/demographics/gender/ui:headingHelp",
      ]),
    );
  });
});
