// npm run check: every value logic compares with a field must be one of the field's enumeration values.
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../engine/lint";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const messages = (copy: ReturnType<typeof copyDefinitions>) => loadCopy(copy).problems.map(formatProblem);

describe("enumeration values in logic", () => {
  it("every value the repository's logic compares with an enumerated field exists", () => {
    expect(repo.problems.map(formatProblem).filter((m) => m.includes("unknown value"))).toEqual([]);
  });

  it("names a misspelled value in a rule and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.json", (r) => (r.rules.find((x: { id: string }) => x.id === "pricing.credit-boost").when.or[0]["=="][1] = "poorr"));
    expect(messages(copy)).toEqual(["rules/pricing.json#/rules/2/when/or/0/==/1: unknown value \"poorr\" for setup.creditRange, did you mean `poor`?"]);
  });

  it("checks the literals of `in` against a list item's field (item.x of a field pointer with *)", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/other-income.json", (s) => (s.visibleWhen["/user/incomeSources/*/base"] = { in: [{ var: "item.type" }, ["main", "salry"]] }));
    expect(messages(copy)).toEqual([
      "steps/application/other-income.json#/visibleWhen/~1user~1incomeSources~1*~1base/in/1/1: unknown value \"salry\" for item.type, did you mean `salary`?",
    ]);
  });

  it("checks != with the literal first, in a step's visibility", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/property-info.json", (s) => (s.visibleWhen["/property/units"] = { "!=": ["multiUnitt", { var: "property.propertyType" }] }));
    expect(messages(copy)).toEqual([
      "steps/application/property-info.json#/visibleWhen/~1property~1units/!=/0: unknown value \"multiUnitt\" for property.propertyType, did you mean `multiUnit`?",
    ]);
  });

  it("checks a step's branch conditions and skipWhen", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/credit-range.json", (s) => (s.next[1].when["=="][1] = "fare"));
    copy.edit("steps/application/business-information.json", (s) => (s.skipWhen = { "===": [{ var: "setup.propertyUsage" }, "investmnt"] }));
    expect(messages(copy).sort()).toEqual([
      "steps/application/business-information.json#/skipWhen/===/1: unknown value \"investmnt\" for setup.propertyUsage, did you mean `investment`?",
      "steps/initial-setup/credit-range.json#/next/1/when/==/1: unknown value \"fare\" for setup.creditRange, did you mean `fair`?",
    ]);
  });

  it("resolves a rule's forEach/as item and the items of filter", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.json", (r) => (r.rules[0].when = { "==": [{ var: "mortgage.type" }, "mortgagee"] }));
    copy.edit("rules/documents.json", (r) => (r.rules[0].emit.uploaded.count[0].filter[1].and[0]["=="][1] = "id_documnt"));
    expect(messages(copy).sort()).toEqual([
      "rules/documents.json#/rules/0/emit/uploaded/count/0/filter/1/and/0/==/1: unknown value \"id_documnt\" for uploads.*.type, did you mean `id_document`?",
      "rules/payoff.json#/rules/0/when/==/1: unknown value \"mortgagee\" for mortgage.type, did you mean `mortgage`?",
    ]);
  });

  it("leaves fields without an enumeration, null, and computed values alone", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/property-info.json", (s) => (s.visibleWhen["/property/units"] = {
      and: [{ "==": [{ var: "property.propertyType" }, null] }, { "==": [{ var: "user.firstName" }, "anything"] }, { "==": [{ cat: ["multi", "Unitt"] }, { var: "property.propertyType" }] }],
    }));
    expect(messages(copy)).toEqual([]);
  });
});
