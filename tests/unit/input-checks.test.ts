// Input masks and plausibility checks (issue 23, item 6): what an applicant types is shaped as they
// type it, read as they meant it, and refused with a message naming the field when it cannot be
// right. The checks are data (schemas/, steps/) run by the one step validator; the API tests
// (tests/api/input-checks.test.ts) show the server refusing the same answers.
import { describe, expect, it } from "vitest";
import { codecs } from "@engine/form/codecs";
import { toRenderSchema } from "@engine/form/render-schema";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { formatDateTyping, formatMonthYearTyping, parseDateInput } from "@engine/base/format";
import { createFieldLogic } from "@engine/logic/field-logic";
import { StepFormStore } from "@engine/form/store";
import { createStepValidator } from "@engine/validation/validate";
import { isPhoneDigits, isZip } from "@engine/validation/field-predicates";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const today = "2026-11-22";
const date = { type: "string", format: "date" };
const pointers = (result: { errors: { pointer: string }[] }) => result.errors.map((e) => e.pointer);

/** What the input shows after each keystroke of `keys`, typed one by one into an empty field. */
function typeKeys(typing: (text: string) => string, keys: string): string {
  let shown = "";
  for (const key of keys) shown = typing(shown + key);
  return shown;
}

describe("the date mask", () => {
  it("reads 01152026 typed digit by digit as 01/15/2026", () => {
    expect(typeKeys(formatDateTyping, "01152026")).toBe("01/15/2026");
    expect(codecs.date.parse(typeKeys(codecs.date.typing, "01152026"), date)).toBe("2026-01-15");
  });

  it("inserts both slashes when the digits are pasted at once", () => {
    expect(formatDateTyping("01152026")).toBe("01/15/2026");
  });

  it("takes back its own slash when a digit is deleted after it", () => {
    expect(formatDateTyping("01/15/")).toBe("01/15");
    expect(formatDateTyping("01/")).toBe("01");
  });

  it("leaves a date the applicant punctuated as typed", () => {
    expect(typeKeys(formatDateTyping, "1/5/24")).toBe("1/5/24");
    expect(typeKeys(formatDateTyping, "12/5/2024")).toBe("12/5/2024");
  });

  it("masks a month typed digit by digit as MM/YYYY", () => {
    expect(typeKeys(formatMonthYearTyping, "032024")).toBe("03/2024");
  });

  it("asks phones for the numeric keypad, which has no slash", () => {
    expect(codecs.date.inputMode).toBe("numeric");
    expect(codecs.pastDate.inputMode).toBe("numeric");
  });
});

describe("two-digit years", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("reads a birth date's 3/14/85 as 1985, and 05 as 2005", () => {
    expect(parseDateInput("3/14/85", { twoDigitYear: "past", now })).toBe("1985-03-14");
    expect(parseDateInput("3/14/05", { twoDigitYear: "past", now })).toBe("2005-03-14");
    expect(parseDateInput("3/14/26", { twoDigitYear: "past", now })).toBe("2026-03-14");
    expect(parseDateInput("3/14/27", { twoDigitYear: "past", now })).toBe("1927-03-14");
  });

  it("reads other dates' two-digit years as 20YY (spec §5)", () => {
    expect(parseDateInput("3/14/85", { now })).toBe("2085-03-14");
  });

  it("is chosen per field in the step's UI schema: both borrowers' dates of birth look back", () => {
    const ui = (id: string) => defs.steps.get(id)!.def.uiSchema as any;
    expect(ui("application").user.dateOfBirth["ui:twoDigitYear"]).toBe("past");
    expect(ui("application2").coborrower.dateOfBirth["ui:twoDigitYear"]).toBe("past");
    expect(codecs.pastDate.parse("3/14/85", date)).toBe("1985-03-14");
  });

  it("leaves every other date of the steps at 20YY, as the spec says", () => {
    const pastDates: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "ui:twoDigitYear" && value === "past") pastDates.push(at);
        walk(value, `${at}/${key}`);
      }
    };
    for (const [id, { def }] of defs.steps) walk(def.uiSchema, id);
    expect(pastDates.sort()).toEqual(["application/user/dateOfBirth", "application2/coborrower/dateOfBirth"]);
  });
});

describe("phone numbers", () => {
  it("accepts numbers of the North American Numbering Plan", () => {
    for (const phone of ["3035550142", "8138447000", "2125550100"])
      expect(isPhoneDigits(phone), phone).toBe(true);
  });

  it("refuses (000) 000-0000, area codes and exchanges starting with 0 or 1, and N11 service codes", () => {
    for (const phone of [
      "0000000000",
      "1235550142",
      "3030550142",
      "3031550142",
      "9115550142",
      "3034115555",
      "3939550142",
    ])
      expect(isPhoneDigits(phone), phone).toBe(false);
  });

  it("names the field when it refuses one", () => {
    const result = createStepValidator(defs, "setupPhone")({ user: { phone: "0000000000" } }, { today });
    expect(result.errors).toEqual([
      {
        pointer: "/user/phone",
        message: "Mobile number must be a valid U.S. phone number: 10 digits, area code first",
      },
    ]);
  });
});

describe("ZIP codes", () => {
  it("refuses 00000 and any ZIP code starting 000, accepts the lowest in use", () => {
    expect(isZip("00000")).toBe(false);
    expect(isZip("00012")).toBe(false);
    expect(isZip("00501")).toBe(true);
    expect(isZip("80205-1234")).toBe(true);
  });

  it("names the field when it refuses one", () => {
    const result = createStepValidator(defs, "zip")({ setup: { zip: "00000" } }, { today });
    expect(pointers(result)).toEqual(["/setup/zip"]);
    expect(result.errors[0]!.message).toMatch(/ZIP code must be a valid ZIP code/i);
  });
});

describe("a home worth $0", () => {
  it("is refused on the early funnel's home value", () => {
    const result = createStepValidator(defs, "propertyValue")({ setup: { propertyValue: 0 } }, { today });
    expect(result.errors).toEqual([
      {
        pointer: "/setup/propertyValue",
        message: "Enter your home's estimated value; it must be more than $0",
        ruleId: "propertyValue.value-above-zero",
      },
    ]);
    expect(createStepValidator(defs, "propertyValue")({ setup: { propertyValue: 1 } }, { today }).valid).toBe(
      true,
    );
  });

  it("is refused on the prequalification address", () => {
    const result = createStepValidator(defs, "prequalAddress")({ property: { value: 0 } }, { today });
    expect(result.errors).toContainEqual(
      expect.objectContaining({ pointer: "/property/value", ruleId: "prequalAddress.value-above-zero" }),
    );
  });
});

describe("a co-borrower's Social Security number", () => {
  const user = { ssn: "123456789" };

  it("cannot be the borrower's", () => {
    const result = createStepValidator(defs, "application2")(
      { coborrower: { ssn: "123456789" } },
      { application: { user, setup: { hasCoborrower: true } }, today },
    );
    expect(result.errors).toContainEqual({
      pointer: "/coborrower/ssn",
      message: "This Social Security number is the same as the borrower's. Each borrower enters their own",
      ruleId: "coborrower-details.ssn-not-borrowers",
    });
  });

  it("is refused on the borrower's page too when the borrower types the co-borrower's", () => {
    const result = createStepValidator(defs, "application")(
      { user: { ssn: "521456789" }, setup: { hasCoborrower: true } },
      { application: { coborrower: { ssn: "521456789" } }, today },
    );
    expect(result.errors).toContainEqual(
      expect.objectContaining({ pointer: "/user/ssn", ruleId: "personal-info.ssn-not-coborrowers" }),
    );
  });

  it("passes when the numbers differ", () => {
    const result = createStepValidator(defs, "application2")(
      { coborrower: { ssn: "521456789" } },
      { application: { user, setup: { hasCoborrower: true } }, today },
    );
    expect(result.errors.map((e) => e.pointer)).not.toContain("/coborrower/ssn");
  });
});

describe("a payoff larger than the line offered", () => {
  // $400,000 × 85% − $27,500 owed: a $312,500 line.
  const application = {
    setup: {
      propertyValue: 400000,
      propertyUsage: "primaryResidence",
      mortgageBalance: 27500,
      creditRange: "good",
      hasCoborrower: false,
    },
  };
  const debts = createStepValidator(defs, "debtConsolidation");
  const logic = createFieldLogic(defs, "debtConsolidation");
  const debt = (balance: number, toBePaidOff: boolean) => ({
    creditor: "Chase Card Services",
    type: "revolving",
    balance,
    monthlyPayment: 187,
    toBePaidOff,
  });
  const beyond = { liabilities: [debt(300000, true), debt(200000, true), debt(90000, false)] };
  const warning =
    "The debts you chose to pay off add up to $500,000, more than the $312,500 your line of credit leaves you to draw. You can go on: your line pays off at most $312,500, so you may want to uncheck a debt.";

  it("is saved: the validator the server runs finds nothing to refuse", () => {
    expect(debts(beyond, { application, today }).errors).toEqual([]);
  });

  it("warns at each debt chosen for payoff, with the total and the line, and not at the others", () => {
    expect(logic(beyond, { application, today }).notices.filter((n) => n.intent === "warning")).toEqual(
      [0, 1].map((i) => ({
        pointer: `/liabilities/${i}/toBePaidOff`,
        message: warning,
        id: "debts.payoff-beyond-line",
        intent: "warning",
      })),
    );
    // The form shows it as a warning at the checkbox, not as an error, and Next is not held back.
    const store = new StepFormStore(
      { logic: (a) => logic(a, { application, today }), validate: (a) => debts(a, { application, today }) },
      beyond,
    );
    expect(store.view("/liabilities/0/toBePaidOff")).toMatchObject({ warning });
    expect(store.view("/liabilities/0/toBePaidOff").error).toBeUndefined();
    expect(store.view("/liabilities/2/toBePaidOff").warning).toBeUndefined();
    expect(store.submit(beyond).errors).toEqual([]);
    expect(store.view("/liabilities/1/toBePaidOff")).toMatchObject({ warning });
  });

  it("says nothing when the chosen debts fit within the line", () => {
    const fits = { liabilities: [debt(312500, true), debt(90000, false)] };
    expect(debts(fits, { application, today }).errors).toEqual([]);
    expect(logic(fits, { application, today }).notices.filter((n) => n.intent === "warning")).toEqual([]);
  });

  it("still refuses a payoff of a debt with a $0 balance", () => {
    expect(debts({ liabilities: [debt(0, true)] }, { application, today }).errors).toEqual([
      expect.objectContaining({
        pointer: "/liabilities/0/toBePaidOff",
        ruleId: "debts.payoff-needs-balance",
      }),
    ]);
  });
});

describe("a multi-unit building", () => {
  for (const stepId of ["prequalBuildingType", "application3"]) {
    it(`is not offered "1 unit" (${stepId})`, () => {
      const units = (toRenderSchema(bundleStepSchema(defs, stepId)) as any).properties.property.properties
        .units;
      expect(units.enum).toEqual([2, 3, 4, 5]);
      expect(units.enumTitles[0]).toBe("2 units (duplex)");
    });
  }

  it("refuses 1 unit with a message naming the field", () => {
    const result = createStepValidator(defs, "prequalBuildingType")(
      { property: { propertyType: "multiUnit", units: 1 } },
      { today },
    );
    expect(pointers(result)).toEqual(["/property/units"]);
  });
});
