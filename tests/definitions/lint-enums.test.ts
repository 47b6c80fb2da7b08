// npm run check: every value logic compares with a field must be one of the field's enumeration values.
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

// A typo that stops a rule firing also fails the worked cases that need it: those are checked in check-means-works.test.ts.
const messages = (copy: ReturnType<typeof copyDefinitions>) =>
  loadCopy(copy)
    .problems.map(problemText)
    .filter((m) => !m.includes("worked case"));

describe("enumeration values in logic", () => {
  it("every value the repository's logic compares with an enumerated field exists", () => {
    expect(repo.problems.map(problemText).filter((m) => m.includes("unknown value"))).toEqual([]);
  });

  it("names a misspelled value in a rule and suggests the close one", () => {
    const copy = copyDefinitions();
    let at = -1;
    copy.edit("rules/pricing.json", (r) => {
      at = r.rules.findIndex((x: { id: string }) => x.id === "pricing.credit-boost");
      r.rules[at].when = {
        or: [{ "==": [{ var: "setup.creditRange" }, "poorr"] }, { "<": [{ var: "setup.creditScore" }, 640] }],
      };
    });
    expect(messages(copy)).toEqual([
      `rules/pricing.json#/rules/${at}/when/or/0/==/1: unknown value "poorr" for setup.creditRange, did you mean \`poor\`?`,
    ]);
  });

  it("checks the literals of `in` against a list item's field (item.x of a field pointer with *)", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/other-income.json",
      (s) =>
        (s.eachBorrower.visibleWhen["/incomeSources/*/base"] = {
          in: [{ var: "item.type" }, ["main", "salry"]],
        }),
    );
    expect(messages(copy)).toEqual([
      'steps/application/other-income.json#/eachBorrower/visibleWhen/~1incomeSources~1*~1base/in/1/1: unknown value "salry" for item.type, did you mean `salary`? (in every borrower\'s copy of eachBorrower)',
    ]);
  });

  it("checks != with the literal first, in a step's visibility", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/property-info.json",
      (s) => (s.visibleWhen["/property/units"] = { "!=": ["multiUnitt", { var: "property.propertyType" }] }),
    );
    expect(messages(copy)).toEqual([
      'steps/application/property-info.json#/visibleWhen/~1property~1units/!=/0: unknown value "multiUnitt" for property.propertyType, did you mean `multiUnit`?',
    ]);
  });

  it("checks a step's branch conditions and skipWhen", () => {
    const copy = copyDefinitions();
    let branch = -1;
    copy.edit("steps/initial-setup/credit-range.json", (s) => {
      branch = s.next.findIndex((b: { id: string }) => b.id === "creditRange.fair-needs-income");
      s.next[branch].when = { "==": [{ var: "setup.creditRange" }, "fare"] };
    });
    // property.propertyUsage: asked by property info, before this step on every path (variant two
    // of the early funnel never asks setup.propertyUsage, which check says on its own).
    copy.edit(
      "steps/application/business-information.json",
      (s) => (s.skipWhen = { "===": [{ var: "property.propertyUsage" }, "investmnt"] }),
    );
    expect(messages(copy).sort()).toEqual([
      'steps/application/business-information.json#/skipWhen/===/1: unknown value "investmnt" for property.propertyUsage, did you mean `investment`?',
      `steps/initial-setup/credit-range.json#/next/${branch}/when/==/1: unknown value "fare" for setup.creditRange, did you mean \`fair\`?`,
    ]);
  });

  it("checks a computed prefill's value and condition", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/declarations.json", (s) => {
      s.prefill["/user/declarations/hasIntentToOccupy"] = {
        value: { "==": [{ var: "property.propertyUsage" }, "primaryResidense"] },
        when: { "!=": [{ var: "property.propertyUsage" }, "investmnt"] },
      };
    });
    expect(messages(copy).sort()).toEqual([
      'steps/application/declarations.json#/prefill/~1user~1declarations~1hasIntentToOccupy/value/==/1: unknown value "primaryResidense" for property.propertyUsage, did you mean `primaryResidence`?',
      'steps/application/declarations.json#/prefill/~1user~1declarations~1hasIntentToOccupy/when/!=/1: unknown value "investmnt" for property.propertyUsage, did you mean `investment`?',
    ]);
  });

  it("resolves a rule's forEach/as item and the items of filter", () => {
    const copy = copyDefinitions();
    let solar = -1;
    let total = -1;
    copy.edit("rules/payoff.json", (r) => {
      solar = r.rules.findIndex((x: { id: string }) => x.id === "payoff.solar-loan");
      total = r.rules.findIndex((x: { id: string }) => x.id === "payoff.total");
      r.rules[solar].when = { "==": [{ var: "mortgage.type" }, "mortgagee"] };
      r.rules[total].when = {
        ">": [{ count: [{ filter: [{ var: "uploads" }, { "==": [{ var: "type" }, "id_documnt"] }] }] }, 0],
      };
    });
    expect(messages(copy).sort()).toEqual([
      `rules/payoff.json#/rules/${solar}/when/==/1: unknown value "mortgagee" for mortgage.type, did you mean \`mortgage\`?`,
      `rules/payoff.json#/rules/${total}/when/>/0/count/0/filter/1/==/1: unknown value "id_documnt" for uploads.*.type, did you mean \`id_document\`?`,
    ]);
  });

  it("leaves fields without an enumeration, null, and computed values alone", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/property-info.json",
      (s) =>
        (s.visibleWhen["/property/units"] = {
          and: [
            { "==": [{ var: "property.propertyType" }, null] },
            { "==": [{ var: "user.firstName" }, "anything"] },
            { "==": [{ cat: ["multi", "Unitt"] }, { var: "property.propertyType" }] },
          ],
        }),
    );
    expect(messages(copy)).toEqual([]);
  });
});
