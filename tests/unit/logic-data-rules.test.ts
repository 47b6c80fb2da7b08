// Step logic reads `rules.<rule set id>` from its data: the rule set's outputs on the application,
// worked out when first read. The `rules` object had fifteen getters of its own (a dictionary made
// for every piece of logic data whose rules were read); it is now an instance whose class, made
// once per definitions set, has them on its prototype. Held here to what a rule set gives.
import { describe, expect, it } from "vitest";
import { evaluate, holds } from "@engine/logic/logic";
import { evaluateRuleSet, ruleSetOnFixed } from "@engine/logic/rules";
import { stepLogicData } from "@engine/logic/step-data";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";

const { defs } = repo;
const TODAY = "2026-11-22";

const outputsOr = (run: () => { outputs: unknown }) => {
  try {
    return run().outputs;
  } catch {
    return {}; // what logic reads of a rule set the answers cannot take yet
  }
};

describe("the rules step logic reads", () => {
  it("gives every rule set's outputs on the application, once worked out, to logic and to code alike", () => {
    let decided = 0;
    for (const doc of [singleBorrower(), twoBorrowers(), {}]) {
      const data = stepLogicData(defs, doc, TODAY);
      const rules = data.rules as Record<string, unknown>;
      for (const id of defs.ruleSets.keys()) {
        const afresh = outputsOr(() => evaluateRuleSet(defs, id, structuredClone(doc), { today: TODAY }));
        expect(id in rules, id).toBe(true);
        expect(rules[id], id).toEqual(afresh);
        expect(rules[id], `${id}, read again`).toBe(rules[id]); // worked out once
        expect(evaluate({ var: `rules.${id}` }, data), id).toBe(rules[id]);
        if (Object.keys(afresh as object).length > 0) decided++;
      }
    }
    expect(decided).toBeGreaterThan(20);
    expect("noSuchRuleSet" in (stepLogicData(defs, {}, TODAY).rules as object)).toBe(false);
  });

  it("reads a shared document's rule sets from what is kept with it", () => {
    const doc = twoBorrowers();
    shareDocument(doc);
    const data = stepLogicData(defs, doc, TODAY, true);
    expect((data.rules as Record<string, unknown>).pricing).toBe(
      ruleSetOnFixed(defs, "pricing", doc, TODAY).outputs,
    );
    expect(holds({ "!!": { var: "rules.pricing" } }, data)).toBe(true);
  });

  it("keeps each application's rules apart", () => {
    const one = stepLogicData(defs, singleBorrower(), TODAY).rules as Record<string, unknown>;
    const two = stepLogicData(defs, twoBorrowers(), TODAY).rules as Record<string, unknown>;
    expect(one.members).not.toEqual(two.members);
  });
});
