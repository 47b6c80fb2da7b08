// Runs every worked example of rules/*.cases.json: the cases compliance reads are the tests.
import { describe, expect, it } from "vitest";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

const { defs } = repo;

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
          const result = presentResult(defs, def.ruleSet, evaluateRuleSet(defs, def.ruleSet, c.input));
          expect(result).toMatchObject(c.expect);
        });
    });
});

describe("rule set results", () => {
  it("name the rule behind every decision, with the facts its condition read", () => {
    const result = evaluateRuleSet(defs, "payoff", {
      mortgages: [
        { id: "m1", creditor: "Chase", balance: 1000 },
        { id: "s1", creditor: "Sunrun", balance: 500 },
      ],
    });
    const solar = result.decisions.find((d) => d.ruleId === "payoff.solar-loan");
    expect(solar?.because).toEqual({ "mortgage.creditor": "Sunrun" });
    expect(solar?.reason).toMatch(/solar/);
    expect(result.outputs.total).toBe(1000);
  });

  it("take today given apart from the input before the input's own, and refuse one that is not a date", () => {
    const employments = [{ startDate: "2020-01-15", endDate: null }];
    const inside = evaluateRuleSet(defs, "coverage", { employments, today: "2026-11-22" }).outputs;
    expect(evaluateRuleSet(defs, "coverage", { employments }, { today: "2026-11-22" }).outputs).toEqual(
      inside,
    );
    expect(
      evaluateRuleSet(defs, "coverage", { employments, today: "2021-03-01" }, { today: "2026-11-22" })
        .outputs,
    ).toEqual(inside);
    expect(evaluateRuleSet(defs, "coverage", { employments, today: "2021-03-01" }).outputs).not.toEqual(
      inside,
    );
    expect(() => evaluateRuleSet(defs, "coverage", { employments }, { today: "2026-02-30" })).toThrow(
      /\/today/,
    );
  });

  it("refuse an input that breaks the rule set's input schema, naming the field", () => {
    expect(() => evaluateRuleSet(defs, "payoff", { mortgages: [{ balance: -5 }] })).toThrow(
      /\/mortgages\/0\/balance/,
    );
    expect(() => evaluateRuleSet(defs, "redirect", { path: 42 })).toThrow(/\/path/);
    expect(() => evaluateRuleSet(defs, "coverage", { employments: [], today: "2026-02-30" })).toThrow(
      /\/today/,
    );
  });
});
