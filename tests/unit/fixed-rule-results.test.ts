// A save walks the owner's path on the document it is about to write (shared, deeply frozen), and
// that walk reads `rules.pricing`; the save's pricing decline then evaluated pricing again on the
// very same document. A rule set's result on a document whose content is fixed is now kept with it
// for the day (ruleSetOnFixed), so the walk and the decline share one evaluation. Held here to the
// result, the walk, the decline and the rule a save names for the next step worked out afresh: on
// every worked case of every rule set, and on every prefix of both demo applications' paths.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { entrySteps, journeyOf, plannedSteps } from "@engine/funnel/journey";
import { nextStep } from "@engine/funnel/funnel";
import { evaluateRuleSet, ruleSetOnFixed } from "@engine/logic/rules";
import { stepLogicData } from "@engine/logic/step-data";
import { declineOf } from "@server/features/decisions/adverse-action";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";

const { defs } = repo;
const TODAY = "2026-11-22";

/** `value` shared as a stored document is (deeply frozen, memos keyed by it). */
const shared = <T extends object>(value: T): T => {
  shareDocument(value);
  return value;
};

/** Every worked case of every rule set (rules/*.cases.json), with its rule set's id. */
function* workedCases() {
  for (const file of readdirSync(join(REPO_ROOT, "rules")).filter((f) => f.endsWith(".cases.json"))) {
    const ruleSetId = file.replace(/\.cases\.json$/, "");
    if (!defs.ruleSets.has(ruleSetId)) continue;
    const { cases } = JSON.parse(readFileSync(join(REPO_ROOT, "rules", file), "utf8")) as {
      cases: { description: string; input: Record<string, unknown> }[];
    };
    for (const { description, input } of cases) yield { ruleSetId, description, input };
  }
}

/** What evaluateRuleSet gives, or the message it throws. */
const outcome = (run: () => unknown) => {
  try {
    return { result: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe("a rule set's result kept with a document whose content is fixed", () => {
  it("is the result worked out afresh, on every worked case of every rule set, asked once or again", () => {
    let compared = 0;
    for (const { ruleSetId, description, input } of workedCases()) {
      if (Object.hasOwn(input, "today")) continue; // its own day: evaluated on it, never kept
      const doc = shared(structuredClone(input));
      const afresh = outcome(() =>
        evaluateRuleSet(defs, ruleSetId, structuredClone(input), { today: TODAY }),
      );
      const kept = outcome(() => ruleSetOnFixed(defs, ruleSetId, doc, TODAY));
      expect(kept, `${ruleSetId}: ${description}`).toEqual(afresh);
      if ("result" in kept) {
        // Asked again the same day: the very result kept, frozen, so no caller changes another's.
        expect(ruleSetOnFixed(defs, ruleSetId, doc, TODAY)).toBe(kept.result);
        expect(Object.isFrozen(kept.result)).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("is worked out again on another day", () => {
    const doc = shared(twoBorrowers());
    const today = ruleSetOnFixed(defs, "pricing", doc, TODAY);
    const later = ruleSetOnFixed(defs, "pricing", doc, "2027-06-01");
    expect(later).not.toBe(today);
    expect(later).toEqual(evaluateRuleSet(defs, "pricing", twoBorrowers(), { today: "2027-06-01" }));
  });
});

describe("a walk over a shared document, and the decline after it", () => {
  it("is the walk over the same answers worked afresh, on every prefix of both demo applications' paths", () => {
    let walks = 0;
    for (const make of [singleBorrower, twoBorrowers])
      for (const variant of [
        null,
        ...[...defs.flows.values()].flatMap(({ def }) => def.variants.map((v) => v.id)),
      ]) {
        const start = entrySteps(defs)[0]!;
        const planned = plannedSteps(defs, {
          application: make(),
          completed: [start],
          variant,
          today: TODAY,
        });
        for (let n = 1; n <= planned.length; n++) {
          const completed = planned.slice(0, n);
          const afresh = journeyOf(defs, { application: make(), completed, variant, today: TODAY });
          const doc = shared(make());
          const fixed = journeyOf(defs, { application: doc, completed, variant, today: TODAY, fixed: true });
          expect(fixed, `${make.name} ${String(variant)} ${n}`).toEqual(afresh);
          // The decline of the document walked: the pricing the walk kept, decided as afresh.
          expect(declineOf(defs, doc, TODAY)).toEqual(declineOf(defs, make(), TODAY));
          // The rule a save names for where it sends the reader next (submit/route.ts ruleOf): the
          // branch or flow rule after each step of the path, read with the walk's kept rule sets.
          const options = { variant: variant ?? undefined, today: TODAY };
          for (const stepId of completed)
            expect(
              nextStep(defs, stepId, doc, options, stepLogicData(defs, doc, TODAY, true)),
              `${make.name} ${String(variant)} ${n} after ${stepId}`,
            ).toEqual(nextStep(defs, stepId, make(), options));
          walks++;
        }
      }
    expect(walks).toBeGreaterThan(20);
  }, 120_000);

  it("reads, in the steps' logic, the very result the decline is decided from", () => {
    const doc = shared(twoBorrowers());
    const data = stepLogicData(defs, doc, TODAY, true);
    const kept = ruleSetOnFixed(defs, "pricing", doc, TODAY);
    expect((data.rules as Record<string, unknown>).pricing).toBe(kept.outputs);
    // A document not vouched for is worked out afresh for each reader, as before.
    const loose = twoBorrowers();
    const fresh = stepLogicData(defs, loose, TODAY).rules as Record<string, unknown>;
    expect(fresh.pricing).toEqual(kept.outputs);
    expect(fresh.pricing).not.toBe(ruleSetOnFixed(defs, "pricing", shared(loose), TODAY).outputs);
  });
});
