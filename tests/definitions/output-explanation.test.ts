// Issue 39 item 5: "How we got this number" comes from the pricing rules' own figures and a
// description in data (rules/pricing.json `explains`): a new pricing input appears there with no
// code, and a row naming a figure the rules do not emit fails check.
import { describe, expect, it } from "vitest";
import { explanationOf } from "@engine/explain/output-explanation";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const offerOf = (defs: typeof repo.defs, setup: Record<string, unknown>) =>
  presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", { setup }, { today: "2026-11-22" }))
    .quote as Record<string, unknown>;

const homeowner = {
  propertyValue: 585000,
  mortgageBalance: 241300,
  propertyUsage: "primaryResidence",
  creditRange: "veryGood",
  hasFbm: false,
};

describe("how the offer's line was worked out", () => {
  it("shows the rules' figures with the words of rules/pricing.json, the largest line only when it caps the equity", () => {
    expect(explanationOf(repo.defs, "pricing", "quote", offerOf(repo.defs, homeowner))).toEqual({
      title: "How we got this number",
      rows: [
        { label: "Your home's value, as you told us", value: "$585,000", total: false },
        {
          label: "The share of it we can lend against, for how you use the home",
          value: "85%",
          total: false,
        },
        { label: "Less what you owe on the home", value: "− $241,300", total: false },
        { label: "Your equity we can lend against, rounded down to $100", value: "$255,900", total: false },
        { label: "Your line amount", value: "$255,900", total: true },
      ],
    });
    const rich = explanationOf(
      repo.defs,
      "pricing",
      "quote",
      offerOf(repo.defs, { ...homeowner, mortgageBalance: 0 }),
    )!;
    expect(rich.rows.slice(-2)).toEqual([
      { label: "Our largest line", value: "$400,000", total: false },
      { label: "Your line amount, at our largest line", value: "$400,000", total: true },
    ]);
  });

  it("shows a new pricing input once the rules emit it and the file describes it, with no code; a row naming a figure they do not emit fails check", () => {
    const copy = copyDefinitions();
    let rateRow = -1;
    copy.edit("rules/pricing.json", (r) => {
      const offer = r.rules.find((x: { id: string }) => x.id === "pricing.offer");
      offer.emit.desiredAmount = { var: "setup.desiredAmount" };
      r.explains.rows.splice(4, 0, {
        label: "The amount you asked for",
        field: "desiredAmount",
        format: "currency",
      });
      rateRow = r.explains.rows.push({ label: "Your rate", field: "rate", format: "percent" }) - 1;
    });
    const { defs, problems } = loadCopy(copy);
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^rules/pricing\\.json:\\d+:\\d+ #/explains/rows/${rateRow}/field: "rate" is not a field the rules emit for quote \\(.*\\): the row would never show(, did you mean \`route\`\\?)?$`,
        ),
      ),
    ]);
    const rows = explanationOf(
      defs,
      "pricing",
      "quote",
      offerOf(defs, { ...homeowner, desiredAmount: 60000 }),
    )!.rows;
    expect(rows[4]).toEqual({ label: "The amount you asked for", value: "$60,000", total: false });
  });
});
