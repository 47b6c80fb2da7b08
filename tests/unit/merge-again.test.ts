// The field logic drops a hidden answer and merges the answers into the application again before
// the next field's logic reads it; it now merges again only the objects on the way to the dropped
// answers (mergeDocsAgain), and the step validator reads the document the field logic last read
// instead of merging a third time. Both must be the very document a whole merge makes: the same
// values, the keys in the same order (the stored text is its JSON), on every step of both demo
// applications and on each of their answers made wrong. The server's answers are no longer copied
// before they are judged, and a merge and keepToPart share what they leave alone, so that a save
// that changes nothing outside the reader's part keeps the very document it merged (its members
// access, kept per document, is then worked out once): the same judgement, the same documents.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { getAt, mergeDocs, mergeDocsAgain, removeAll, setAt } from "@engine/base/pointer";
import { keepToPart, OWNER_ROLE, partOf, type Part } from "@engine/funnel/members";
import { sliceAnswers } from "@engine/form/answers";
import { createFieldLogic, matchesOf } from "@engine/logic/field-logic";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

/** `value` and everything in it frozen: a write in place throws. */
const frozen = <T>(value: T): T => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
};

/** mergeDocs as it was written before it shared what the answers leave as they are: each object on the way copied. */
function mergeDocsCopying(base: unknown, patch: unknown): unknown {
  const plain = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  if (!plain(base) || !plain(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch))
    Object.defineProperty(out, key, {
      value: mergeDocsCopying(Object.hasOwn(base, key) ? base[key] : undefined, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** keepToPart as it was written before it left a value already there alone: each pointer set anew. */
const keepToPartCopying = (part: Part, stored: unknown, next: unknown) => {
  const put = (doc: unknown, pointer: string, value: unknown) =>
    value === undefined && getAt(doc, pointer) === undefined ? doc : setAt(doc, pointer, value);
  return part.only
    ? part.only.reduce<unknown>((doc, p) => put(doc, p, getAt(next, p)), stored ?? {})
    : part.except.reduce<unknown>((doc, p) => put(doc, p, getAt(stored, p)), next ?? {});
};

const { defs } = repo;
const TODAY = "2026-11-22";

/** The same document, key order included. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);

/** Each demo application with each step's answers: as saved, none, and each answer made wrong in turn. */
function* cases() {
  for (const doc of [singleBorrower(), twoBorrowers()])
    for (const [stepId] of defs.steps) {
      const slice = sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {};
      for (const answers of [slice, {}, ...wrongAnswers(slice, ["not-a-choice", 7, true])])
        yield { doc, stepId, answers };
    }
}

describe("a save's answers merged into the application", () => {
  it("makes the document a whole merge makes", () => {
    const base = { a: 1, user: { name: "A", declarations: { x: true, y: 2 } }, list: [{ k: 1 }] };
    const patch = { user: { declarations: { y: 3, z: "new" }, added: 1 }, list: [{ k: 2, j: 3 }], b: 2 };
    const merged = mergeDocs(base, patch);
    const drops = [
      ["/user/declarations/y"], // the base's value shows through again
      ["/user/declarations/z"], // a key only the answers had is gone
      ["/user/added", "/b"], // at two levels at once
      ["/list/0/j"], // inside a list: the answers' list, without it
      ["/user/declarations"], // a whole object
      ["/user"],
    ];
    for (const dropped of drops) {
      const cleaned = removeAll(patch, dropped);
      expect(
        same(mergeDocsAgain(merged, base, cleaned, dropped), mergeDocs(base, cleaned)),
        String(dropped),
      ).toBe(true);
    }
    // An answer sent and then hidden that the base never had: the base's own objects, as a whole merge gives them.
    const sent = { user: { declarations: { x: true, y: 2, w: null } } };
    const unsent = removeAll(sent, ["/user/declarations/w"]);
    const again = mergeDocsAgain(mergeDocs(base, sent), base, unsent, ["/user/declarations/w"]);
    expect(mergeDocs(base, unsent)).toBe(base);
    expect(again).toBe(base);
    // A "__proto__" key stays a plain key.
    const evil = JSON.parse('{"user": {"__proto__": {"polluted": true}, "n": 1}}');
    const evilMerged = mergeDocs(base, evil);
    const evilAgain = mergeDocsAgain(evilMerged, base, removeAll(evil, ["/user/n"]), ["/user/n"]);
    expect(same(evilAgain, mergeDocs(base, removeAll(evil, ["/user/n"])))).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("gives the stored object itself only where dropping the hidden answers leaves exactly it", () => {
    // The shortcut: where the copy would hold the base's very entries, the base is given and no copy
    // made. A hidden answer the base never had is dropped; one the base has shows the base's value
    // through (kept); anything else the answers change, add or order otherwise must stay.
    const user = { a: 1, b: "two", c: { d: true }, e: null, f: [1] };
    const base = { user, other: { k: 1 } };
    const cases: { patch: Record<string, unknown>; dropped: string[]; isBase: boolean }[] = [
      // Hidden nulls the base never had: dropped, the base itself.
      { patch: { user: { ...user, x: null, y: null } }, dropped: ["/user/x", "/user/y"], isBase: true },
      // A hidden answer over a stored one: the stored value kept, the base itself.
      { patch: { user: { ...user, a: null, x: null } }, dropped: ["/user/a", "/user/x"], isBase: true },
      // A stored null hidden: kept as the base's null.
      { patch: { user: { ...user, e: "sent" } }, dropped: ["/user/e"], isBase: true },
      // Another answer changed beside the hidden one: the change stays.
      { patch: { user: { ...user, b: "changed", x: null } }, dropped: ["/user/x"], isBase: false },
      // An answer the base never had, not hidden: it stays (the keys differ in number).
      { patch: { user: { ...user, x: null, z: 0 } }, dropped: ["/user/x"], isBase: false },
      // A hidden answer dropped, but only one of two nulls: the other stays.
      { patch: { user: { ...user, x: null, y: null } }, dropped: ["/user/x"], isBase: false },
      // A nested answer changed (a new object, not the base's) beside the hidden one.
      { patch: { user: { ...user, c: { d: false }, x: null } }, dropped: ["/user/x"], isBase: false },
      // The same entries as the base but sent as a copy of an object: merged to the base's own.
      { patch: { user: { ...user, c: { d: true }, x: null } }, dropped: ["/user/x"], isBase: true },
    ];
    for (const { patch, dropped, isBase } of cases) {
      const label = JSON.stringify(patch) + String(dropped);
      const cleaned = removeAll(patch, dropped);
      const again = mergeDocsAgain(mergeDocs(base, patch), base, cleaned, dropped);
      expect(same(again, mergeDocs(base, cleaned)), label).toBe(true);
      expect(again === base, label).toBe(isBase);
      if (!isBase) expect((again as typeof base).user, label).not.toBe(user);
    }
    // The keys in another order than the base's: the copy, in the merge's order, not the base.
    const reordered = { user: { b: "two", a: 1 } };
    const small = { user: { a: 1, b: "two" } };
    const merged = { user: { b: "two", a: 1, x: null } };
    const again = mergeDocsAgain(merged, small, removeAll(merged, ["/user/x"]), ["/user/x"]);
    expect(again).not.toBe(small);
    expect(JSON.stringify(again)).toBe(JSON.stringify(reordered));
  });

  it("is the whole merge on every step, for the hidden answers its logic drops, one field's at a time", () => {
    let drops = 0;
    let kept = 0;
    for (const { doc, stepId, answers } of cases()) {
      const step = defs.steps.get(stepId)!.def;
      const { hidden } = createFieldLogic(defs, stepId)(answers, { application: doc, today: TODAY });
      if (!hidden.length || answers === null || typeof answers !== "object") continue;
      // As the field logic drops them: each field's hidden answers in one pass, then merged again.
      let cleaned: unknown = answers;
      let merged = mergeDocs(doc, cleaned);
      for (const pattern of Object.keys(step.visibleWhen ?? {})) {
        const dropped = matchesOf(cleaned, pattern)
          .map((m) => m.pointer)
          .filter((p) => hidden.includes(p) && getAt(cleaned, p) !== undefined);
        if (!dropped.length) continue;
        cleaned = removeAll(cleaned, dropped);
        merged = mergeDocsAgain(merged, doc, cleaned, dropped);
        const whole = mergeDocs(doc, cleaned);
        expect(same(merged, whole), `${stepId} ${pattern}`).toBe(true);
        // Where the whole merge gives the application itself, so does the merge along the drops.
        if (whole === doc) {
          expect(merged, `${stepId} ${pattern}`).toBe(doc);
          kept++;
        }
        drops++;
      }
    }
    // The comparison covered real drops, on many steps and answers, some leaving the application as it was.
    expect(drops).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(50);
  }, 120_000);

  it("is the whole merge for every hidden answer of a step dropped at once, each object on the way copied once", () => {
    let several = 0;
    let kept = 0;
    for (const { doc, stepId, answers } of cases()) {
      const { hidden } = createFieldLogic(defs, stepId)(answers, { application: doc, today: TODAY });
      const dropped = hidden.filter((p) => getAt(answers, p) !== undefined);
      if (!dropped.length) continue;
      const cleaned = removeAll(answers, dropped);
      const whole = mergeDocs(doc, cleaned);
      // In the order given and the other way round; with an ancestor of the first (merged afresh whole) too.
      for (const pointers of [dropped, [...dropped].reverse()]) {
        const again = mergeDocsAgain(mergeDocs(doc, answers), doc, cleaned, pointers);
        expect(same(again, whole), `${stepId} ${String(pointers)}`).toBe(true);
        expect(again === doc, `${stepId} ${String(pointers)}`).toBe(whole === doc);
      }
      const parent = dropped[0]!.split("/").slice(0, -1).join("/");
      const wider = removeAll(answers, [parent]);
      for (const pointers of [
        [...dropped, parent],
        [parent, ...dropped],
      ])
        expect(
          same(mergeDocsAgain(mergeDocs(doc, answers), doc, wider, pointers), mergeDocs(doc, wider)),
          `${stepId} ${String(pointers)}`,
        ).toBe(true);
      if (dropped.length > 1) several++;
      if (whole === doc) kept++;
    }
    expect(several).toBeGreaterThan(20);
    expect(kept).toBeGreaterThan(20);
  }, 120_000);

  it("gives the save the document the whole merge of the validator's answers makes, on every step", () => {
    let compared = 0;
    for (const { doc, stepId, answers } of cases()) {
      let merged: unknown;
      const result = createStepValidator(defs, stepId)(answers, {
        application: doc,
        today: TODAY,
        merged: (d) => void (merged = d),
      });
      if (merged === undefined) continue; // refused on size or shape before any logic read them
      expect(same(merged, mergeDocs(doc, result.answers)), stepId).toBe(true);
      if (result.hidden.some((p) => getAt(answers, p) !== undefined)) compared++;
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it("judges the caller's own answers, not copied, as it judges a copy, and changes neither them nor the application", () => {
    let shared = 0;
    for (const { doc, stepId, answers } of cases()) {
      const application = frozen(structuredClone(doc));
      const own = frozen(structuredClone(answers));
      const context = { application, today: TODAY };
      const copied = createStepValidator(defs, stepId)(own, context);
      const kept = createStepValidator(defs, stepId)(own, { ...context, ownAnswers: true });
      expect(kept, stepId).toEqual(copied);
      if (kept.answers === own) shared++;
    }
    // Where nothing was hidden the answers came back as given: the same objects, not copies.
    expect(shared).toBeGreaterThan(100);
  }, 120_000);

  it("keeps a merged document to the reader's part as setting each pointer anew does, sharing it where nothing moves", () => {
    let untouched = 0;
    for (const { doc, stepId, answers } of cases()) {
      for (const role of [OWNER_ROLE, "coborrower"]) {
        const part = partOf(defs, role, doc, TODAY);
        const merged = mergeDocs(doc, keepToPart(part, doc, mergeDocs(doc, answers)));
        const kept = keepToPart(part, doc, merged);
        expect(same(kept, keepToPartCopying(part, doc, merged)), `${stepId} ${role}`).toBe(true);
        if (kept === merged) untouched++;
      }
    }
    expect(untouched).toBeGreaterThan(100);
  }, 120_000);

  it("merges as copying each object on the way does, and gives the stored document itself for answers it already holds", () => {
    let unchanged = 0;
    for (const { doc, answers } of cases()) {
      const merged = mergeDocs(doc, answers);
      expect(same(merged, mergeDocsCopying(doc, answers))).toBe(true);
      if (merged === doc) unchanged++;
    }
    // Each step's own answers, as saved, leave the document it was sliced from as it is.
    expect(unchanged).toBeGreaterThan(80);
  }, 120_000);
});
