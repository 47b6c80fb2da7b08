// Runs every worked example of rules/*.cases.json: the cases compliance reads are the tests.
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { dayOf, evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the rules read where a test is not about the day. */
const TODAY = "2026-11-22";

describe("worked cases of rules/", () => {
  it("every rule set with rules has worked cases", () => {
    const covered = new Set(defs.cases.map((c) => c.def.ruleSet));
    for (const { def } of defs.ruleSets.values())
      if (def.rules?.length) expect(covered, def.id).toContain(def.id);
  });

  for (const { file, def } of defs.cases)
    describe(file, () => {
      for (const c of def.cases)
        it(c.description, () => {
          // A worked case keeps its own day (as npm run check runs it): else the date now.
          const today = dayOf(c.input, todayIso());
          const result = presentResult(
            defs,
            def.ruleSet,
            evaluateRuleSet(defs, def.ruleSet, c.input, { today }),
          );
          expect(result).toMatchObject(c.expect);
        });
    });
});

describe("rule set results", () => {
  it("name the rule behind every decision, with the facts its condition read", () => {
    const result = evaluateRuleSet(
      defs,
      "payoff",
      {
        mortgages: [
          { id: "m1", creditor: "Chase", balance: 1000 },
          { id: "s1", creditor: "Sunrun", balance: 500 },
        ],
      },
      { today: TODAY },
    );
    const solar = result.decisions.find((d) => d.ruleId === "payoff.solar-loan");
    expect(solar?.because).toEqual({ "mortgage.creditor": "Sunrun" });
    expect(solar?.reason).toMatch(/solar/);
    expect(result.outputs.total).toBe(1000);
  });

  it("refuse an input that breaks the rule set's input schema, naming the field", () => {
    expect(() => evaluateRuleSet(defs, "payoff", { mortgages: [{ balance: -5 }] }, { today: TODAY })).toThrow(
      /\/mortgages\/0\/balance/,
    );
    expect(() => evaluateRuleSet(defs, "redirect", { path: 42 }, { today: TODAY })).toThrow(/\/path/);
  });
});

describe("the day a rule walk reads", () => {
  // One job since 2020-01-15: by 2026-11-22 the coverage window (params.coverage) is covered; on
  // 2021-03-01 the window reaches back before the job began.
  const employments = [{ startDate: "2020-01-15", endDate: null }];
  const coverageOn = (input: object, today: string) =>
    evaluateRuleSet(defs, "coverage", input, { today }).outputs;

  it("is the day the caller gives: the same input decides differently on two given days", () => {
    expect(coverageOn({ employments }, "2026-11-22")).toMatchObject({ complete: true, missingPeriods: [] });
    expect(coverageOn({ employments }, "2021-03-01")).toMatchObject({
      complete: false,
      missingPeriods: [expect.objectContaining({ start: "2019-03-01", end: "2020-01-15" })],
    });
    // The tax years asked for are the two calendar years before the given day.
    const taxYears = (today: string) => evaluateRuleSet(defs, "conditions", {}, { today }).outputs.taxYears;
    expect(taxYears("2026-11-22")).toEqual([2024, 2025]);
    expect(taxYears("2021-03-01")).toEqual([2019, 2020]);
  });

  it("follows the day given over a today of the input's own", () => {
    expect(coverageOn({ employments, today: "2021-03-01" }, "2026-11-22")).toEqual(
      coverageOn({ employments }, "2026-11-22"),
    );
    expect(coverageOn({ employments, today: "2026-11-22" }, "2021-03-01")).toEqual(
      coverageOn({ employments }, "2021-03-01"),
    );
    // An input's own today, even one that is no date, is not read, nor checked against the input's schema.
    expect(coverageOn({ employments, today: "2026-02-30" }, "2026-11-22")).toEqual(
      coverageOn({ employments }, "2026-11-22"),
    );
  });

  it("refuses a given day that is not a date in yyyy-MM-dd form", () => {
    for (const today of ["2026-02-30", "22/11/2026", ""])
      expect(() => evaluateRuleSet(defs, "coverage", { employments }, { today }), today).toThrow(
        /\/today Today must be a date in yyyy-MM-dd form/,
      );
  });

  it("of a replayed input is its own today when that is a date (dayOf), else the one given", () => {
    expect(dayOf({ employments, today: "2021-03-01" }, "2026-11-22")).toBe("2021-03-01");
    for (const input of [
      { employments },
      { today: "2026-02-30" },
      { today: 20210301 },
      null,
      [],
      "2021-03-01",
    ])
      expect(dayOf(input, "2026-11-22"), JSON.stringify(input)).toBe("2026-11-22");
    // A worked case replayed with its own day decides as on that day, whatever the date now.
    const replayed = { employments, today: "2021-03-01" };
    expect(coverageOn(replayed, dayOf(replayed, "2026-11-22"))).toEqual(
      coverageOn({ employments }, "2021-03-01"),
    );
  });
});
