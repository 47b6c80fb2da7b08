// The right to cancel (12 CFR 1026.15) and the first draw: business days for rescission are every
// day but Sundays and the federal legal public holidays, each on its statutory date
// (1026.2(a)(6)); the calendar is data in rules/disbursement.json. And the loan-disbursement step:
// a draw within the approved line, an ABA routing number that passes its checksum.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  calendarOf,
  holidaysOf,
  isBusinessDay,
  rescissionPeriod,
} from "@engine/lending/business-days";
import { REPO_ROOT } from "@engine/base/paths";
import { evaluateRuleSet } from "@engine/logic/rules";
import { maskSensitive, sensitiveFields } from "@engine/validation/sensitive";
import { createStepValidator } from "@engine/validation/validate";
import { dateIn, rescissionFor } from "@server/features/esign/rescission";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the rules read where the test is not about a day. */
const TODAY = "2026-11-22";
const calendar = calendarOf((defs.params.disbursement as Record<string, unknown>).calendar);
const threeDays = (date: string) => rescissionPeriod(date, 3, calendar);
const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

describe("business days for rescission", () => {
  it("ends the period on the Wednesday when the disclosures are signed on the Friday before Columbus Day", () => {
    // Signed Friday 2026-10-09. Saturday 10-10 is business day 1; Sunday 10-11 does not count;
    // Monday 10-12 is Columbus Day (second Monday of October) and does not count; Tuesday 10-13 is
    // day 2; Wednesday 10-14 is day 3. The right lasts until midnight that Wednesday, so the
    // earliest day money may go out is Thursday 2026-10-15.
    expect(threeDays("2026-10-09")).toEqual({
      startDate: "2026-10-09",
      endDate: "2026-10-14",
      earliestDisbursementDate: "2026-10-15",
      skipped: [
        { date: "2026-10-11", reason: "Sunday" },
        { date: "2026-10-12", reason: "Columbus Day" },
      ],
    });
  });

  it("counts Saturdays and skips Sundays", () => {
    // Thursday 2026-11-19: Friday 20 (1), Saturday 21 (2), Sunday 22 skipped, Monday 23 (3).
    expect(threeDays("2026-11-19")).toMatchObject({
      endDate: "2026-11-23",
      skipped: [{ date: "2026-11-22", reason: "Sunday" }],
    });
    expect(isBusinessDay("2026-11-21", calendar)).toBe(true);
    expect(isBusinessDay("2026-11-22", calendar)).toBe(false);
  });

  it("skips Thanksgiving, the fourth Thursday of November", () => {
    // Tuesday 2026-11-24: Wednesday 25 (1), Thursday 26 Thanksgiving skipped, Friday 27 (2), Saturday 28 (3).
    expect(threeDays("2026-11-24")).toMatchObject({
      endDate: "2026-11-28",
      earliestDisbursementDate: "2026-11-29",
      skipped: [{ date: "2026-11-26", reason: "Thanksgiving Day" }],
    });
  });

  it("counts the Friday on which offices observe a Saturday holiday: only the statutory date is a holiday", () => {
    // July 4, 2026 is a Saturday. Thursday 07-02: Friday 07-03 (1, observed but still a business
    // day), Saturday 07-04 Independence Day skipped, Sunday 07-05 skipped, Monday 07-06 (2), Tuesday 07-07 (3).
    expect(threeDays("2026-07-02")).toMatchObject({
      endDate: "2026-07-07",
      skipped: [
        { date: "2026-07-04", reason: "Independence Day" },
        { date: "2026-07-05", reason: "Sunday" },
      ],
    });
  });

  it("counts the Monday after a Sunday holiday", () => {
    // Christmas 2022 was a Sunday. Friday 12-23: Saturday 24 (1), Sunday 25 skipped, Monday 26 (2, observed), Tuesday 27 (3).
    expect(threeDays("2022-12-23").endDate).toBe("2022-12-27");
  });

  it("crosses a year end: New Year's Day does not count", () => {
    // Wednesday 2025-12-31: Thursday 2026-01-01 skipped, Friday 01-02 (1), Saturday 01-03 (2), Sunday skipped, Monday 01-05 (3).
    expect(threeDays("2025-12-31").endDate).toBe("2026-01-05");
  });

  it("holds the eleven legal public holidays of 5 U.S.C. 6103(a), with the weekday rules on their dates", () => {
    expect(holidaysOf(2026, calendar)).toEqual([
      { date: "2026-01-01", reason: "New Year's Day" },
      { date: "2026-01-19", reason: "Birthday of Martin Luther King, Jr." },
      { date: "2026-02-16", reason: "Washington's Birthday" },
      { date: "2026-05-25", reason: "Memorial Day" },
      { date: "2026-06-19", reason: "Juneteenth National Independence Day" },
      { date: "2026-07-04", reason: "Independence Day" },
      { date: "2026-09-07", reason: "Labor Day" },
      { date: "2026-10-12", reason: "Columbus Day" },
      { date: "2026-11-11", reason: "Veterans Day" },
      { date: "2026-11-26", reason: "Thanksgiving Day" },
      { date: "2026-12-25", reason: "Christmas Day" },
    ]);
  });

  it("counts from the day after the event: zero business days ends on the day itself", () => {
    expect(addBusinessDays("2026-10-09", 0, calendar).date).toBe("2026-10-09");
    expect(addBusinessDays("2026-10-10", 1, calendar).date).toBe("2026-10-13");
  });

  it("refuses a calendar whose holiday list has a typo, rather than counting the holiday as a business day", () => {
    expect(() =>
      calendarOf({
        nonBusinessWeekdays: ["sunday"],
        holidays: [{ name: "Labor Day", month: 9, weekday: "mondy", nth: 1 }],
      }),
    ).toThrow(/holidays\/0/);
    expect(() => calendarOf({ nonBusinessWeekdays: ["sundays"], holidays: [] })).toThrow(
      /nonBusinessWeekdays/,
    );
  });
});

describe("the right to cancel of an application", () => {
  const primary = { setup: { propertyUsage: "primaryResidence" } };

  it("applies to a primary residence only (rules/disbursement.json)", () => {
    expect(evaluateRuleSet(defs, "disbursement", primary, { today: TODAY }).outputs.rescissionApplies).toBe(
      true,
    );
    expect(
      evaluateRuleSet(defs, "disbursement", { property: { propertyUsage: "secondHome" } }, { today: TODAY })
        .outputs.rescissionApplies,
    ).toBe(false);
  });

  it("estimates the dates as if the line opened today, in the lender's time zone: the account opens at closing, never at a signing", () => {
    // 01:30 UTC on Saturday 2026-10-10 is 21:30 on Friday 2026-10-09 in New York.
    const now = new Date("2026-10-10T01:30:00Z");
    expect(dateIn(now, "America/New_York")).toBe("2026-10-09");
    expect(rescissionFor(defs, primary, { now })).toMatchObject({
      applies: true,
      businessDays: 3,
      countedFrom: "today",
      startDate: "2026-10-09",
      endDate: "2026-10-14",
      earliestDisbursementDate: "2026-10-15",
    });
    expect(rescissionFor(defs, primary, { now: new Date("2026-11-19T15:00:00Z") })).toMatchObject({
      startDate: "2026-11-19",
      endDate: "2026-11-23",
    });
  });

  it("takes the opening day where the home is (the local_date operator): 05:30 UTC on November 4 is still November 3 in Los Angeles", () => {
    const { outputs } = evaluateRuleSet(
      defs,
      "disbursement",
      { accountOpenedAt: "2026-11-04T05:30:00Z", timeZone: "America/Los_Angeles" },
      { today: "2026-11-04" },
    );
    expect(outputs.accountOpeningDay).toBe("2026-11-03");
    expect(
      evaluateRuleSet(
        defs,
        "disbursement",
        { accountOpenedAt: "2026-11-04T05:30:00Z", timeZone: "America/New_York" },
        { today: "2026-11-04" },
      ).outputs.accountOpeningDay,
    ).toBe("2026-11-04");
  });

  it("does not apply to an investment property", () => {
    expect(
      rescissionFor(
        defs,
        { setup: { propertyUsage: "investment" } },
        { now: new Date("2026-11-19T15:00:00Z") },
      ).applies,
    ).toBe(false);
  });
});

describe("the loan-disbursement step", () => {
  const disburse = createStepValidator(defs, "loanDisbursement");
  const today = "2026-11-22";
  // The fixture's offer: $585,000 × 85% (primary residence) − $241,300 owed = $255,950, rounded down to $255,900.
  const line = 255900;
  const answers = (drawAmount: number, routingNumber = "021000021") => ({
    disbursement: {
      drawAmount,
      bankAccount: {
        holderName: "Maria Alvarez",
        accountType: "checking",
        routingNumber,
        accountNumber: "000123456789",
      },
      accountNumberConfirm: "000123456789",
      rescission: { acknowledged: true },
    },
  });

  it("reads the approved line from the pricing rules", () => {
    expect(
      (evaluateRuleSet(defs, "pricing", fixture, { today }).outputs.quote as { lineAmount: number })
        .lineAmount,
    ).toBe(line);
  });

  it("refuses a draw above the line and accepts one at the line", () => {
    const above = disburse(answers(line + 1), { application: fixture, today });
    expect(above.errors).toEqual([
      {
        pointer: "/disbursement/drawAmount",
        message:
          "Your first draw cannot be more than your line leaves you to draw, after the mortgages it pays off",
        ruleId: "disbursement.draw-within-line",
      },
    ]);
    expect(disburse(answers(line), { application: fixture, today }).valid).toBe(true);
  });

  it("refuses a routing number whose check digit is wrong", () => {
    const result = disburse(answers(50000, "021000022"), { application: fixture, today });
    expect(result.errors.map((e) => [e.pointer, e.ruleId])).toEqual([
      ["/disbursement/bankAccount/routingNumber", "disbursement.routing-number-checksum"],
    ]);
  });

  it("shows the right to cancel on the application as the browser has it, identifiers masked", () => {
    // The browser evaluates visibleWhen on the saved answers as step.get sends them: SSNs masked.
    const masked = maskSensitive(fixture, sensitiveFields(defs.files)) as Record<string, any>;
    expect(masked.user.ssn).toMatch(/^\*\*\* - \*\* - \d{4}$/);
    expect(disburse(answers(20000), { application: masked, today }).hidden).not.toContain(
      "/disbursement/rescission",
    );
  });

  it("asks to acknowledge the right to cancel only for a primary residence", () => {
    const investment = {
      ...fixture,
      setup: { ...fixture.setup, propertyUsage: "investment" },
      property: { ...fixture.property, propertyUsage: "investment" },
    };
    const result = disburse(answers(20000), { application: investment, today });
    expect(result.hidden).toContain("/disbursement/rescission");
    const withoutAck = answers(20000);
    delete (withoutAck.disbursement as Record<string, unknown>).rescission;
    expect(disburse(withoutAck, { application: fixture, today }).errors.map((e) => e.pointer)).toEqual([
      "/disbursement/rescission/acknowledged",
    ]);
  });
});
