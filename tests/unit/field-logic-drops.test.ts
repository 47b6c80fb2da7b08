// The field logic drops a hidden answer before later logic reads the document. It merged the
// answers into the application again after each field's drops (four times on a two-borrower
// declarations page: each a copy of the root and the 60-key `user`); it now merges them out once,
// before the first logic that may read a dropped answer (a path at, above or below it, or the rule
// sets' outputs), else at the end. Held here to the field logic as written first (the whole merge
// again after each field's drops) on every prefix of both demo paths in every variant, with each
// step's answers as saved, none, each made wrong, and each saved again over the whole application.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import type { Definitions } from "@engine/definitions/definitions";
import { getAt, isWithinAny, mergeDocs, removeAll } from "@engine/base/pointer";
import { sliceAnswers } from "@engine/form/answers";
import { createFieldLogic, matchesOf, type FieldLogicState } from "@engine/logic/field-logic";
import { holds, type Data, type Logic } from "@engine/logic/logic";
import { stepLogicData } from "@engine/logic/step-data";
import { repo } from "../helpers/definitions";
import { demoPaths } from "../helpers/demo-paths";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const WRONGS = [null, true, "x", {}];

/** The field logic as first written: after each field's drops, the answers merged into the application whole again. */
function fieldLogicMergingEachDrop(d: Definitions, stepId: string, answers: Data, application: unknown) {
  const step = d.steps.get(stepId)!.def;
  let cleaned = answers;
  let doc = mergeDocs(application, cleaned) as Data;
  let base = stepLogicData(d, doc, TODAY);
  const test = (logic: Logic, m: { item?: unknown; index?: number }) => {
    try {
      return holds(logic, m.index === undefined ? base : { ...base, item: m.item, index: m.index });
    } catch {
      return false;
    }
  };
  const hidden: string[] = [];
  for (const [pattern, logic] of Object.entries(step.visibleWhen ?? {})) {
    const dropped: string[] = [];
    for (const m of matchesOf(cleaned, pattern))
      if (!test(logic, m)) {
        hidden.push(m.pointer);
        if (getAt(cleaned, m.pointer) !== undefined) dropped.push(m.pointer);
      }
    if (dropped.length) {
      cleaned = removeAll(cleaned, dropped) as Data;
      doc = mergeDocs(application, cleaned) as Data;
      base = stepLogicData(d, doc, TODAY);
    }
  }
  const hiddenSet = new Set(hidden);
  const required: string[] = [];
  for (const [pattern, logic] of Object.entries(step.requiredWhen ?? {}))
    for (const m of matchesOf(cleaned, pattern))
      if (!isWithinAny(m.pointer, hiddenSet) && test(logic, m)) required.push(m.pointer);
  const notices: { pointer: string; id: string }[] = [];
  for (const notice of step.notices ?? [])
    for (const m of matchesOf(cleaned, notice.field))
      if (!isWithinAny(m.pointer, hiddenSet) && test(notice.when, m))
        notices.push({ pointer: m.pointer, id: notice.id });
  return { hidden, required, answers: cleaned, notices, doc };
}

/** The same value, keys in the same order (the stored text is its JSON). */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);

/** Each step along both demo paths in every variant: the document before it, and its answers as saved, none, each made wrong, and saved again over the whole application. */
function* cases() {
  const seen = new Set<string>();
  for (const { make, variant, planned } of demoPaths(defs, TODAY)) {
    const full = make();
    let before: Record<string, unknown> = {};
    for (const stepId of planned) {
      const slice = (sliceAnswers(bundleStepSchema(defs, stepId), full) ?? {}) as Data;
      const key = JSON.stringify([stepId, before]);
      if (!seen.has(key)) {
        seen.add(key);
        const label = `${make.name} ${String(variant)} ${stepId}`;
        for (const answers of [slice, {}, ...(wrongAnswers(slice, WRONGS) as Data[])])
          yield { label, stepId, application: before, answers };
        yield { label: `${label} over the whole`, stepId, application: full, answers: slice };
        for (const answers of wrongAnswers(slice, [null]) as Data[])
          yield { label: `${label} over the whole`, stepId, application: full, answers };
      }
      before = mergeDocs(before, slice) as Record<string, unknown>;
    }
  }
}

describe("the field logic's hidden answers, merged out of the document once", () => {
  it("decides and gives what merging the answers again after each field's drops gives, on every step of both demo paths", () => {
    let compared = 0;
    let dropped = 0;
    let severalDropped = 0;
    for (const { label, stepId, application, answers } of cases()) {
      let read: { doc: Data; data: Data } | undefined;
      const now: FieldLogicState = createFieldLogic(defs, stepId)(answers, {
        application,
        today: TODAY,
        read: (doc, data) => void (read = { doc, data }),
      });
      const then = fieldLogicMergingEachDrop(defs, stepId, answers, application);
      expect(now.hidden, label).toEqual(then.hidden);
      expect(now.required, label).toEqual(then.required);
      expect(
        now.notices.map((n) => ({ pointer: n.pointer, id: n.id })),
        label,
      ).toEqual(then.notices);
      expect(same(now.answers, then.answers), label).toBe(true);
      if (!read) continue; // a step without logic
      expect(same(read.doc, then.doc), label).toBe(true);
      // Where the whole merge gives the application itself, so does the field logic (a save of unchanged answers keeps the stored document).
      expect(read.doc === application, label).toBe(then.doc === application);
      // The logic data is that document's.
      expect(
        same(
          { ...read.data, rules: undefined },
          { ...stepLogicData(defs, then.doc, TODAY), rules: undefined },
        ),
        label,
      ).toBe(true);
      compared++;
      const drops = then.hidden.filter((p) => getAt(answers, p) !== undefined).length;
      if (drops) dropped++;
      if (drops > 1) severalDropped++;
    }
    // Real drops were compared, several in one save among them (the two-borrower declarations page's).
    expect(compared).toBeGreaterThan(1000);
    expect(dropped).toBeGreaterThan(100);
    expect(severalDropped).toBeGreaterThan(20);
  }, 240_000);

  it("merges a dropped answer out before later logic reads it", () => {
    // A made-up step: the second field's visibility reads the first's answer, which the first's logic hides.
    const step = {
      ...defs.steps.get("application8")!.def,
      visibleWhen: {
        "/a": { "==": [{ var: "show" }, true] },
        "/b": { "==": [{ var: "a" }, null] },
        "/c": { "==": [{ var: "show" }, true] },
        "/d": { "!": { var: "rules.pricing" } },
      },
      requiredWhen: {},
      notices: [],
    };
    const steps = new Map(defs.steps);
    steps.set("made-up", { ...defs.steps.get("application8")!, def: step });
    const made = { ...defs, steps } as Definitions;
    const answers = { a: 1, b: 2, c: 3, d: 4 };
    const now = createFieldLogic(made, "made-up")(answers, { application: { show: false }, today: TODAY });
    const then = fieldLogicMergingEachDrop(made, "made-up", answers, { show: false });
    // `a` hidden and dropped before `b`'s logic reads it, so `b` shows; `d` reads the rule sets on the document without `a` and `c`.
    expect(now.hidden).toEqual(then.hidden);
    expect(now.hidden).toContain("/a");
    expect(now.hidden).not.toContain("/b");
    expect(now.answers).toEqual(then.answers);
  });
});
