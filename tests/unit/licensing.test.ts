// Licensing as data (rules/licensing.json): the states served, each with its overlays, and the
// ZIP-prefix table that tells a home's state before its address. The pricing rules read them; the
// lender profile's licenses must name the same states.
import { describe, expect, it } from "vitest";
import { licensingConflicts } from "@engine/lending/lender";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import type { Definitions } from "@engine/definitions/definitions";
import { readLenderProfile } from "@engine/lending/lender-file";
import { repo } from "../helpers/definitions";
import { productionLender } from "../helpers/lender";

/** The day the rules read (pricing reads no day: any fixed one). */
const TODAY = "2026-11-22";

const { defs } = repo;
const licensing = defs.params.licensing as {
  states: Record<string, Record<string, unknown>>;
  zipPrefixes: { from: string; to: string; state: string }[];
  zipsAcrossStates: string[];
};

/** The repository's definitions with more states served (a deployment's own rules/licensing.json). */
const serving = (states: Record<string, Record<string, unknown>>): Definitions => ({
  ...defs,
  params: { ...defs.params, licensing: { ...licensing, states: { ...licensing.states, ...states } } },
});

const quoteOf = (d: Definitions, doc: unknown) =>
  presentResult(
    d,
    "pricing",
    evaluateRuleSet(d, "pricing", doc as Record<string, unknown>, { today: TODAY }),
  ) as {
    quote: Record<string, unknown>;
    ruleId: string;
  };

/** Texas home equity overlays (Tex. Const. art. XVI, sec. 50(a)(6)) as a lender serving Texas would write them. */
const texas = {
  TX: {
    name: "Texas",
    maxCltvByUsage: { primaryResidence: 0.8 },
    minimumDrawByUsage: { primaryResidence: 4000 },
  },
};
const home = { propertyValue: 500000, mortgageBalance: 200000, creditRange: "excellent" };

describe("a state's overlays", () => {
  it("price a Texas homestead at 80% CLTV with a $4,000 minimum advance", () => {
    const { quote } = quoteOf(serving(texas), {
      setup: { ...home, zip: "75201", propertyUsage: "primaryResidence" },
    });
    expect(quote).toMatchObject({ eligible: true, maxCltv: 0.8, lineAmount: 200000, minimumDraw: 4000 });
  });

  it("leave the plan's own figures for a use the overlay does not name (a Texas rental: 70%, $1,000)", () => {
    const { quote } = quoteOf(serving(texas), {
      setup: { ...home, zip: "75201", propertyUsage: "investment" },
    });
    expect(quote).toMatchObject({ eligible: true, maxCltv: 0.7, lineAmount: 150000, minimumDraw: 1000 });
  });

  it("apply only in their state: the same home in California keeps 85% and $1,000", () => {
    const { quote } = quoteOf(serving(texas), {
      setup: { ...home, zip: "94105", propertyUsage: "primaryResidence" },
    });
    expect(quote).toMatchObject({ eligible: true, maxCltv: 0.85, lineAmount: 225000, minimumDraw: 1000 });
  });

  it("are not in the sample: Texas is not served until its home equity rules are built", () => {
    expect(Object.keys(licensing.states)).toEqual(["CA"]);
    const { quote, ruleId } = quoteOf(defs, {
      setup: { ...home, zip: "75201", propertyUsage: "primaryResidence" },
    });
    expect(ruleId).toBe("pricing.not-available-in-state");
    expect(quote).toMatchObject({ eligible: false, route: "/app/ineligible/not-available", state: "TX" });
  });
});

describe("the ZIP-prefix table", () => {
  const stateOf = (prefix: string) => licensing.zipPrefixes.filter((r) => r.from <= prefix && prefix <= r.to);

  it("gives each three-digit prefix at most one state, in ranges that run forward", () => {
    for (let n = 0; n < 1000; n++) expect(stateOf(String(n).padStart(3, "0")).length).toBeLessThanOrEqual(1);
    for (const r of licensing.zipPrefixes) expect(r.from <= r.to, `${r.from}-${r.to}`).toBe(true);
  });

  it("knows the prefixes people type most: 100 New York, 331 Florida, 606 Illinois, 752 Texas, 941 California", () => {
    expect(["100", "331", "606", "752", "941"].map((p) => stateOf(p)[0]?.state)).toEqual([
      "NY",
      "FL",
      "IL",
      "TX",
      "CA",
    ]);
  });
});

describe("the licensed states and the lender profile", () => {
  it("agree in the sample and in a production profile", () => {
    expect(licensingConflicts(readLenderProfile(), licensing)).toEqual([]);
    expect(licensingConflicts(productionLender, licensing)).toEqual([]);
  });

  it("disagree when a state is served without a license, naming the state in rules/licensing.json", () => {
    expect(
      licensingConflicts(productionLender, { ...licensing, states: { ...licensing.states, ...texas } }),
    ).toEqual([
      {
        in: "licensing",
        pointer: "/params/states/TX",
        message: expect.stringContaining("no license there"),
      },
    ]);
  });

  it("disagree when a license names a state the funnel refuses, naming the license", () => {
    const profile = {
      ...productionLender,
      licenses: [...productionLender.licenses, { state: "Texas", type: "RMLO", number: "1" }],
    };
    expect(licensingConflicts(profile, licensing)).toEqual([
      { in: "profile", pointer: "/licenses/1/state", message: expect.stringContaining("Texas") },
    ]);
  });
});
