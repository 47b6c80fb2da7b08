import { describe, expect, it } from "vitest";
import { evaluate, holds, knownOperators } from "@engine/logic/logic";
import { customOperators } from "@engine/logic/operator-docs";

describe("custom operators", () => {
  for (const [name, op] of Object.entries(customOperators)) {
    it(`${name}: gives the documented result for its example`, () => {
      expect(op.description.length).toBeGreaterThan(20);
      expect(evaluate(op.example.logic, op.example.data ?? {})).toEqual(op.example.result);
    });
  }

  it("root reads outside the item inside some, where var only sees the item", () => {
    const data = { limit: 0.25, jobs: [{ percentageOwned: 0.1 }, { percentageOwned: 0.3 }] };
    // Inside some, {var: "limit"} reads the job, which has no limit: nothing is under it.
    expect(
      evaluate({ some: [{ var: "jobs" }, { "<": [{ var: "percentageOwned" }, { var: "limit" }] }] }, data),
    ).toBe(false);
    expect(
      evaluate({ some: [{ var: "jobs" }, { "<": [{ var: "percentageOwned" }, { root: "limit" }] }] }, data),
    ).toBe(true);
  });

  it("root refers to the innermost evaluation's data when evaluations nest", () => {
    expect(evaluate({ root: "a" }, { a: 1 })).toBe(1);
    expect(evaluate({ root: "a" }, { a: 2 })).toBe(2);
  });

  it("sum ignores items without a number and non-lists", () => {
    expect(
      evaluate({ sum: [{ var: "x" }, "balance"] }, { x: [{ balance: 5 }, { balance: "7" }, null] }),
    ).toBe(5);
    expect(evaluate({ sum: [{ var: "missing" }] }, {})).toBe(0);
  });

  it("lookup does not treat inherited names such as toString as table entries", () => {
    expect(evaluate({ lookup: [{ var: "t" }, "toString", "default"] }, { t: { a: 1 } })).toBe("default");
  });

  it("date_add clamps month ends and refuses impossible dates", () => {
    expect(evaluate({ date_add: ["2024-01-31", 1, "months"] })).toBe("2024-02-29");
    expect(evaluate({ date_add: ["2023-01-31", 1, "months"] })).toBe("2023-02-28");
    expect(evaluate({ date_add: ["2024-12-31", 1, "days"] })).toBe("2025-01-01");
    expect(evaluate({ date_add: ["2023-02-29", 1, "days"] })).toBeNull();
    expect(evaluate({ date_add: ["2024-01-01", 1, "fortnights"] })).toBeNull();
  });

  it("is_current: a date on or after the first of the current month is current", () => {
    expect(holds({ is_current: ["2026-11-01", "2026-11-30"] })).toBe(true);
    expect(holds({ is_current: ["2026-10-31", "2026-11-30"] })).toBe(false);
    expect(holds({ is_current: [null, "2026-11-30"] })).toBe(false);
  });

  it("text_matches_any ignores case and punctuation but needs a real name", () => {
    expect(holds({ text_matches_any: ["Sunrun Inc.", ["SUNRUN"]] })).toBe(true);
    expect(holds({ text_matches_any: ["Chase", ["Sunrun"]] })).toBe(false);
    expect(holds({ text_matches_any: ["", [""]] })).toBe(false);
  });
});

describe("the evaluator", () => {
  it("refuses json-logic's method operator, which would run arbitrary code", () => {
    expect(() => evaluate({ method: ["abc", "toUpperCase"] })).toThrow(/Unrecognized operation method/);
    expect(knownOperators.has("method")).toBe(false);
  });

  it("refuses the log operator, which would write data to the console", () => {
    expect(() => evaluate({ log: "ssn" })).toThrow(/Unrecognized operation log/);
  });

  it("treats an empty list as false, as JSON-logic does", () => {
    expect(holds({ var: "list" }, { list: [] })).toBe(false);
    expect(holds({ var: "list" }, { list: [1] })).toBe(true);
  });
});
