// Never retype an address (issue 23 item 1): a step's `sameAs` (engine/logic/same-as.ts) offers the
// answers a field may be the same as, and `npm run check` (engine/lint/same-as.ts) refuses a
// source the application lacks, one that cannot be copied into the field, or a label quoting a
// field the source does not have.
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import {
  applyChoice,
  chosenIndex,
  copiedKeys,
  matchesPattern,
  sameAsChoices,
  sameAsFor,
} from "@engine/logic/same-as";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const ADDRESS = ["line1", "line2", "city", "state", "zip", "county"];
const home = {
  line1: "1200 Larimer Street",
  line2: null,
  city: "Denver",
  state: "CO",
  zip: "80205",
  county: "Denver",
};
const rental = { line1: "44 Pearl Street", city: "Boulder", state: "CO", zip: "80302" };

describe("the co-borrower's address: the same as one given before", () => {
  const entry = sameAsFor(stepById(defs, "application2"), "/coborrower/address")!;

  it("offers where the borrower lives and the home the line is for, once when they are the same", () => {
    const property = {
      line1: "1200 Larimer Street",
      city: "Denver",
      state: "CO",
      zip: "80205",
      county: "Denver",
      propertyType: "singleFamily",
      value: 640000,
    };
    expect(sameAsChoices(entry, { user: { address: home }, property }, ADDRESS)).toEqual([
      {
        label: "1200 Larimer Street, Denver: where you live",
        value: { line1: "1200 Larimer Street", city: "Denver", state: "CO", zip: "80205", county: "Denver" },
      },
    ]);
    const second = { ...property, line1: "9 Aspen Way", city: "Vail", zip: "81657" };
    expect(
      sameAsChoices(entry, { user: { address: home }, property: second }, ADDRESS).map((c) => c.label),
    ).toEqual([
      "1200 Larimer Street, Denver: where you live",
      "9 Aspen Way, Vail: the home this line of credit is for",
    ]);
  });

  it("copies only the address's own fields from the property (not its type or value)", () => {
    const [choice] = sameAsChoices(
      entry,
      { property: { line1: "9 Aspen Way", city: "Vail", state: "CO", zip: "81657", value: 910000 } },
      ADDRESS,
    );
    expect(choice!.value).toEqual({ line1: "9 Aspen Way", city: "Vail", state: "CO", zip: "81657" });
  });

  it("offers nothing an invited co-borrower cannot read, nor an address without its street", () => {
    expect(sameAsChoices(entry, { coborrower: {} }, ADDRESS)).toEqual([]);
    expect(sameAsChoices(entry, { user: { address: { city: "Denver" } } }, ADDRESS)).toEqual([]);
  });

  it("shows the choice the address is now, an empty line2 equal to none, and none once edited", () => {
    const choices = sameAsChoices(entry, { user: { address: home } }, ADDRESS);
    expect(chosenIndex(choices, { ...home, line2: "" }, ADDRESS)).toBe(0);
    expect(chosenIndex(choices, { ...home, line1: "1201 Larimer Street" }, ADDRESS)).toBe(-1);
    expect(chosenIndex(choices, undefined, ADDRESS)).toBe(-1);
  });
});

describe("a rental income's property: one of the properties listed before", () => {
  it("offers each property of the other real estate, for each item of each borrower's income list", () => {
    const step = stepById(defs, "manualIncomeVerification");
    expect(matchesPattern("/user/incomeSources/*/address", "/user/incomeSources/3/address")).toBe(true);
    expect(matchesPattern("/user/incomeSources/*/address", "/user/incomeSources/x/address")).toBe(false);
    const entry = sameAsFor(step, "/coborrower/incomeSources/0/address")!;
    const application = {
      propertyOwnership: [{ address: rental }, { address: { ...rental, line1: "12 Spruce Street" } }],
    };
    expect(sameAsChoices(entry, application, ADDRESS).map((c) => c.label)).toEqual([
      "44 Pearl Street, Boulder",
      "12 Spruce Street, Boulder",
    ]);
    expect(entry.other).toBe("Another property");
  });
});

describe("the home the line is for: the same address as where the borrower lives", () => {
  const entry = sameAsFor(stepById(defs, "application3"), "/property")!;
  const keys = copiedKeys(entry, ["id", ...ADDRESS, "propertyType", "propertyUsage", "value", "fees"]);

  it("fills only the property's address, keeping its type and value, and empties only the address for another", () => {
    expect(keys).toEqual(ADDRESS);
    const [choice] = sameAsChoices(entry, { user: { address: home } }, keys);
    const current = { propertyType: "singleFamily", value: 640000, line1: "old", line2: "Unit 4" };
    expect(applyChoice(current, choice!.value, keys)).toEqual({
      propertyType: "singleFamily",
      value: 640000,
      line1: "1200 Larimer Street",
      city: "Denver",
      state: "CO",
      zip: "80205",
      county: "Denver",
    });
    expect(applyChoice(current, {}, keys)).toEqual({ propertyType: "singleFamily", value: 640000 });
  });
});
