// A save removes hidden answers, forgotten codes and voided signatures from the document it is
// about to save, never from the stored one it compares against (engine/base/pointer.ts withoutAt;
// server/features/steps/checked-answers.ts). Removing in place reached the stored document
// whenever nothing else on the removed answer's path had been copied by the merge.
import { describe, expect, it } from "vitest";
import { withoutAt, changedPointers } from "@engine/base/pointer";
import { mergedApplication } from "@server/features/steps/checked-answers";
import { repo } from "../helpers/definitions";

describe("withoutAt", () => {
  it("copies only the path it removes from, and leaves the document it was given as it was", () => {
    const doc = { a: { b: 1, c: 2 }, d: { e: 3 } };
    const next = withoutAt(doc, "/a/b") as Record<string, unknown>;
    expect(next).toEqual({ a: { c: 2 }, d: { e: 3 } });
    expect(doc).toEqual({ a: { b: 1, c: 2 }, d: { e: 3 } });
    expect(next.d).toBe(doc.d);
  });

  it("gives the same document back when there is nothing to remove, creating nothing", () => {
    const doc = { a: { b: 1 } };
    expect(withoutAt(doc, "/x/y")).toBe(doc);
    expect(withoutAt(doc, "/a/z")).toBe(doc);
  });

  it("does not remove an item of a list", () => {
    const doc = { list: [1, 2] };
    expect(withoutAt(doc, "/list/0")).toBe(doc);
  });
});

describe("a save's merge", () => {
  const step = [...repo.defs.steps.values()].map((s) => s.def)[0]!;
  const judge = {
    defs: repo.defs,
    sensitive: [],
    step: { ...step, effects: [], transient: [] },
    today: "2026-11-30",
  };

  it("drops a hidden answer from the saved document and not from the stored one, so the change is seen", () => {
    const stored = { user: { firstName: "Ann", lastName: "Lee" }, property: { state: "CO" } };
    const merged = mergedApplication(judge as never, stored, {
      answers: { property: { state: "TX" } },
      hidden: ["/user/lastName"],
    });
    expect(merged).toEqual({ user: { firstName: "Ann" }, property: { state: "TX" } });
    expect(stored.user).toEqual({ firstName: "Ann", lastName: "Lee" });
    expect(changedPointers(stored, merged).sort()).toEqual(["/property/state", "/user/lastName"]);
  });
});
