// A save's checks walked the answers and the documents with a copy per value: answerBoundErrors
// spelled a pointer for every value it looked at (with an entry list per object and closures per
// call), and changedPointers made a Set of each object's keys, two lists and a list per key. The
// pointer is now spelled only for an error, and the changed pointers are gathered into one list.
// Held here to what they gave before (79a03b9).
import { describe, expect, it } from "vitest";
import { changedPointers, escapeSegment, removeAll, setAt } from "@engine/base/pointer";
import { answerBoundErrors } from "@engine/validation/answer-bounds";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;

/** changedPointers as it was written before. */
function changedPointersBefore(before: unknown, after: unknown, at = ""): string[] {
  if (before === after) return [];
  const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";
  const plain = (v: unknown): v is Record<string, unknown> => isContainer(v) && !Array.isArray(v);
  if ((plain(before) || before === undefined) && (plain(after) || after === undefined)) {
    const [b, a] = [(before ?? {}) as Record<string, unknown>, (after ?? {}) as Record<string, unknown>];
    const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
    return [...keys].flatMap((k) =>
      b[k] === a[k] ? [] : changedPointersBefore(b[k], a[k], `${at}/${escapeSegment(k)}`),
    );
  }
  if (!isContainer(before) && !isContainer(after)) return [at];
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [at];
}

describe("a save's checks, without a copy per value", () => {
  it("finds the same changed pointers, in the same order, between every pair of documents compared", () => {
    const bases = [singleBorrower(), twoBorrowers()];
    let compared = 0;
    let changed = 0;
    for (const base of bases) {
      const others = [
        ...wrongAnswers(base, [true, false, null, "x", 0]),
        structuredClone(base), // nothing shared, nothing changed
        removeAll(base, ["/user"]),
        setAt(base, "/user/a~1b", { "~tilde": [1, 2] }),
        {},
        ...bases,
      ];
      for (const other of others)
        for (const [a, b] of [
          [base, other],
          [other, base],
        ]) {
          const before = changedPointersBefore(a, b);
          expect(changedPointers(a, b)).toEqual(before);
          compared++;
          changed += before.length;
        }
    }
    expect(compared).toBeGreaterThan(500);
    expect(changed).toBeGreaterThan(1000);
    expect(changedPointers(undefined, { a: { "x/y": 1 } })).toEqual(["/a/x~1y"]);
    expect(changedPointers([1, 2], [1, 2])).toEqual([]);
    expect(changedPointers("a", "b", "/at")).toEqual(["/at"]);
  });

  it("names an answer out of bounds by its pointer, escaped, in a list item, and by its key", () => {
    const long = "A".repeat(20_100); // beyond the general limit where no schema names the key
    const errors = answerBoundErrors(defs, "name", {
      user: { "a/b": [{ "~c": long }, { d: long }], 7: long },
    });
    expect(errors.map((e) => e.pointer)).toEqual(["/user/7", "/user/a~1b/0/~0c", "/user/a~1b/1/d"]);
    expect(errors[0]!.message).toContain("This item"); // a numeric key reads as an item
    expect(errors[2]!.message).toContain("at most");
  });
});
