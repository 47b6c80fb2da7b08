import { describe, expect, it } from "vitest";
import { readRetired, type Retired } from "@engine/definitions/retired";

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === "object") {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
};

const stored = () =>
  deepFreeze({
    setup: { propertyUsage: "secondHome", goals: ["payOff", "renovate"] },
    property: { county: "Travis", street: "1 Main St" },
    borrower: { old: { employer: "Acme" } },
  });

describe("reading a stored application through rules/retired.json", () => {
  it("moves a retired field's answer, drops one declared null and maps retired values, leaving the stored document as it was", () => {
    const doc = stored();
    const before = JSON.stringify(doc);
    const retired: Retired = {
      steps: {},
      fields: { "/property/county": null, "/borrower/old": "/borrower/current" },
      values: {
        "/setup/propertyUsage": { secondHome: "vacationHome" },
        "/setup/goals/*": { payOff: "payoff" },
      },
    };
    const read = readRetired(doc, retired) as typeof doc & { borrower: { current?: unknown } };
    expect(read).toEqual({
      setup: { propertyUsage: "vacationHome", goals: ["payoff", "renovate"] },
      property: { street: "1 Main St" },
      borrower: { current: { employer: "Acme" } },
    });
    expect(JSON.stringify(doc)).toBe(before);
  });

  it("returns the stored document itself when nothing it holds is retired", () => {
    const doc = stored();
    const retired: Retired = {
      steps: {},
      fields: { "/gone/field": null },
      values: { "/setup/propertyUsage": { other: "x" } },
    };
    expect(readRetired(doc, retired)).toBe(doc);
  });
});
