// Every decline of rules/pricing.json names its principal reasons, each worded for the notice
// (Regulation B, 12 CFR 1002.9(b)(2): the specific reasons for the action taken).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";

const pricing = JSON.parse(readFileSync(join(REPO_ROOT, "rules/pricing.json"), "utf8")) as {
  params: { adverseActionReasons: Record<string, string> };
  rules: { id: string; emit: { eligible?: boolean; route?: unknown; reasons?: unknown } }[];
};
// The state gate is not a decline: the line is not offered where the home is (docs/compliance.md).
const NOT_AVAILABLE = "/app/ineligible/not-available";
const declines = pricing.rules.filter(
  (r) => r.emit.eligible === false && typeof r.emit.route === "string" && r.emit.route !== NOT_AVAILABLE,
);
const codesOf = (logic: unknown): string[] =>
  Array.isArray(logic)
    ? logic.flatMap(codesOf)
    : logic && typeof logic === "object"
      ? Object.values(logic).flatMap(codesOf)
      : typeof logic === "string" && /^[a-z][A-Za-z]+$/.test(logic)
        ? [logic]
        : [];

describe("the principal reasons of each decline", () => {
  it.each(declines.map((r) => [r.id, r] as const))(
    "%s names at least one reason, each with the notice's wording",
    (_, rule) => {
      const codes = codesOf(rule.emit.reasons).filter((c) => !c.startsWith("setup"));
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(pricing.params.adverseActionReasons[code], code).toMatch(/\w{3,}/);
    },
  );

  it("covers the five declines the issue lists: late payment, listed for sale, credit below 640, high DTI, low equity", () => {
    expect(declines.map((r) => r.id).sort()).toEqual([
      "pricing.credit-boost",
      "pricing.high-debt-to-income",
      "pricing.late-payment",
      "pricing.listed-for-sale",
      "pricing.low-equity",
    ]);
  });

  it("names none for a home in a state the lender does not serve: no credit decision, so no notice", () => {
    const gate = pricing.rules.find((r) => r.emit.route === NOT_AVAILABLE);
    expect(gate?.id).toBe("pricing.not-available-in-state");
    expect(gate?.emit.reasons).toBeUndefined();
  });
});
