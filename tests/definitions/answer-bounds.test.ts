// Field logic's time measured on long lists (a few seconds of work): the slow part of
// tests/unit/answer-bounds.test.ts, kept out of the everyday loop (npm run test:unit).
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { createFieldLogic } from "@engine/logic/field-logic";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const junk = (n: number) => ({
  liabilities: Array.from({ length: n }, (_, i) => ({ debtor: "x", creditor: `c${i}` })),
});

describe("field logic, linear in the list length", () => {
  it("takes about 8 times as long for 8 times the items (it took 64 times as long: quadratic)", () => {
    const logic = createFieldLogic(defs, "prequalDebts");
    const time = (n: number) => {
      const answers = junk(n);
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        logic(answers, { application: {}, today: TODAY });
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    time(500); // warm up
    const ratio = time(16_000) / time(2_000);
    // Linear is 8, quadratic 64: halfway between leaves room for a loaded machine's noise (it read 25.8 once at load 17).
    expect(ratio).toBeLessThan(32);
  }, 60_000);
});
