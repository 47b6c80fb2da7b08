// A changed save walks the owner's path on the document it writes, and the walk reads
// `rules.pricing`: pricing was worked out afresh on every save, though most pages change nothing it
// reads. A document a save derives from a stored one (both deeply frozen) now takes the stored
// one's result of a rule set that reads the very same values of both (engine/logic/same-reads.ts).
// Held here to each rule set worked out afresh: on every answer of both demo applications made
// wrong, and to the walk and the decline afresh on every prefix of both demo paths in every variant.
import { describe, expect, it } from "vitest";
import { setAt } from "@engine/base/pointer";
import { journeyOf } from "@engine/funnel/journey";
import { evaluateRuleSet } from "@engine/logic/rules";
import { derivedFrom, ruleSetOnDerived, ruleSetReads, sourceOf } from "@engine/logic/same-reads";
import type { Definitions } from "@engine/definitions/definitions";
import { declineOf } from "@server/features/decisions/adverse-action";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { demoPaths } from "../helpers/demo-paths";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const WRONGS = [null, true, 0, -1, "", "x", [], {}];

/** `value` shared as a stored document is (deeply frozen, memos keyed by it). */
const shared = <T extends object>(value: T): T => {
  shareDocument(value);
  return value;
};

/** What a call gives, or the message it throws. */
const outcome = (run: () => unknown) => {
  try {
    return { result: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/** The rule sets whose reads are bounded: those a derived document can take from another. */
const bounded = [...defs.ruleSets.keys()].filter((id) => ruleSetReads(defs, id) !== null);

describe("a rule set's result on a document derived from a stored one", () => {
  it("is the result worked out afresh, for every rule set, with every answer of both demo applications made wrong", () => {
    let taken = 0;
    let afreshToo = 0;
    for (const make of [singleBorrower, twoBorrowers]) {
      const stored = shared(make());
      for (const wrong of wrongAnswers(stored, WRONGS) as Record<string, unknown>[]) {
        const doc = shared(wrong);
        derivedFrom(doc, stored);
        for (const id of ["pricing", "members"]) {
          const derived = outcome(() => ruleSetOnDerived(defs, id, doc, TODAY));
          expect(derived, id).toEqual(
            outcome(() => evaluateRuleSet(defs, id, structuredClone(wrong), { today: TODAY })),
          );
          if (sourceOf(defs, id, doc) === stored) taken++;
          else afreshToo++;
        }
      }
    }
    // Both kinds are reached: answers the rule sets do not read, and answers they do.
    expect(taken).toBeGreaterThan(1000);
    expect(afreshToo).toBeGreaterThan(100);
  }, 120_000);

  it("is taken from the stored document when the save changed nothing it reads, along saves in a row", () => {
    const stored = shared(twoBorrowers());
    const title = (doc: object, value: string) =>
      shared(setAt(doc, "/user/declarations/otherPropertyTitle", value) as Record<string, unknown>);
    const first = title(stored, "SP");
    derivedFrom(first, stored);
    const second = title(first, "O");
    derivedFrom(second, first);
    expect(sourceOf(defs, "pricing", second)).toBe(stored);
    expect(ruleSetOnDerived(defs, "pricing", second, TODAY)).toBe(
      ruleSetOnDerived(defs, "pricing", stored, TODAY),
    );
    // The home's value, which pricing reads: worked out on the new document.
    const valued = shared(setAt(stored, "/property/value", 777_000) as Record<string, unknown>);
    derivedFrom(valued, stored);
    expect(sourceOf(defs, "pricing", valued)).toBe(valued);
    expect(ruleSetOnDerived(defs, "pricing", valued, TODAY)).toEqual(
      evaluateRuleSet(defs, "pricing", structuredClone(valued), { today: TODAY }),
    );
  });
});

describe("the reads of a rule set", () => {
  /** `defs` with one more rule set, `x`, made of `def`. */
  const withRuleSet = (def: Record<string, unknown>): Definitions => {
    const ruleSets = new Map(defs.ruleSets);
    ruleSets.set("x", { ...defs.ruleSets.get("pricing")!, def: { id: "x", ...def } as never });
    return { ...defs, ruleSets };
  };
  const readsOf = (def: Record<string, unknown>) => {
    const keys = ruleSetReads(withRuleSet(def), "x");
    return keys && [...keys].sort();
  };
  const rule = (when: unknown) => ({ rules: [{ id: "r", output: "o", when, value: 1 }] });

  it("are the first keys of its literal paths (an iteration's body's too), its input's properties and today", () => {
    expect(
      readsOf({
        input: { type: "object", required: ["a"], properties: { a: {}, b: {} }, description: "d" },
        ...rule({
          and: [
            { var: "c.d" },
            { root: "e.f" },
            { some: [{ var: "g" }, { var: "h" }] },
            { missing: ["k.l"] },
            { missing_some: [1, ["m"]] },
          ],
        }),
      }),
    ).toEqual(["a", "b", "c", "e", "g", "h", "k", "m", "today"]);
    // A field of an emitted object named like an iteration: its logic's paths are read all the same.
    expect(readsOf({ facts: [{ name: "f", emit: { some: [{ var: "i" }, { var: "j" }] } }] })).toEqual([
      "i",
      "j",
      "today",
    ]);
  });

  it("are not bounded by logic that may read any path, nor by an input schema judging more", () => {
    // `missing` of a list worked out by logic may name any path.
    for (const when of [
      { var: { cat: ["a", "b"] } },
      { var: "" },
      { root: { var: "p" } },
      { missing: { var: "list" } },
      { missing_some: [1, { var: "list" }] },
      { var: "a\\.b" },
      { some: [{ var: "list" }, { var: "../a" }] },
      { map: [{ var: "list" }, { var: { var: "k" } }] },
    ])
      expect(readsOf(rule(when)), JSON.stringify(when)).toBeNull();
    expect(readsOf({ input: { type: "object", additionalProperties: false }, ...rule(true) })).toBeNull();
    expect(readsOf({ input: { allOf: [] }, ...rule(true) })).toBeNull();
  });
});

describe("a walk over a derived document, and the decline after it", () => {
  it("is the walk and decline worked afresh, on every prefix of both demo paths, in every variant", () => {
    let walks = 0;
    // Each demo application stored once, with its answers made wrong.
    const storedOf = new Map<
      unknown,
      { stored: Record<string, unknown>; changed: Record<string, unknown>[] }
    >();
    for (const { make, variant, planned } of demoPaths(defs, TODAY)) {
      if (!storedOf.has(make)) {
        const stored = shared(make());
        storedOf.set(make, { stored, changed: wrongAnswers(stored, WRONGS) as Record<string, unknown>[] });
      }
      const { stored, changed } = storedOf.get(make)!;
      for (let n = 1; n <= planned.length; n++) {
        const completed = planned.slice(0, n);
        // A different changed answer at each prefix, through the whole document over the prefixes.
        const wrong = changed[(walks * 37) % changed.length]!;
        const doc = shared(wrong);
        derivedFrom(doc, stored);
        const label = `${make.name} ${String(variant)} ${n}`;
        expect(
          journeyOf(defs, { application: doc, completed, variant, today: TODAY, fixed: true }),
          label,
        ).toEqual(journeyOf(defs, { application: structuredClone(wrong), completed, variant, today: TODAY }));
        expect(
          outcome(() => declineOf(defs, doc, TODAY)),
          label,
        ).toEqual(outcome(() => declineOf(defs, structuredClone(wrong), TODAY)));
        walks++;
      }
    }
    expect(walks).toBeGreaterThan(20);
  }, 120_000);
});

it("leaves the rule sets whose reads are bounded to be found in the definitions", () => {
  expect(bounded).toContain("pricing");
  expect(bounded).toContain("members");
});
