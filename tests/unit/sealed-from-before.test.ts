// A save seals its document from the stored one's sealed twin (mapSensitive's `before`): where the
// new document holds the very value the stored one held at a pointer, the stored mapping's value is
// taken and the function is not called below it. Held here to the mapping made afresh: on every
// prefix of both demo applications' paths, in every variant, with the next step's answers as
// saved, each made wrong, and each identifier changed; the same values, keys in the same order.
import { describe, expect, it } from "vitest";
import { getAt, isWithinAny, mergeDocs, setAt } from "@engine/base/pointer";
import { expand } from "@engine/base/pointer";
import { mapSensitive, sensitiveFields, type SensitiveField } from "@engine/validation/sensitive";
import { repo } from "../helpers/definitions";
import { twoBorrowers } from "../helpers/journeys";
import { demoPrefixes } from "../helpers/demo-paths";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const fields = sensitiveFields(defs.files);

/** A sealing that gives the same text for the same value at the same pointer, as a save's does (it keeps a stored identifier's sealed text). */
const sealOf = (calls: string[]) => (value: unknown, _field: SensitiveField, pointer: string) => {
  calls.push(pointer);
  return typeof value === "string" ? `sealed(${pointer}:${value})` : value;
};

/** `value` and everything in it frozen, as a stored document is. */
const frozen = <T>(value: T): T => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
};

/** The documents a save of `answers` over `before` may write: as saved, each answer made wrong, and each identifier present changed. */
function* saved(before: Record<string, unknown>, answers: Record<string, unknown>) {
  yield mergeDocs(before, answers);
  for (const wrong of wrongAnswers(answers, ["not-a-choice", 7, null, "", { line1: "x" }]))
    yield mergeDocs(before, wrong);
  const whole = mergeDocs(before, answers);
  for (const field of fields)
    for (const { pointer } of expand(whole, field.pattern)) yield setAt(whole, pointer, "changed identifier");
}

describe("sealing from the stored document's sealed twin", () => {
  it("gives the mapping made afresh, calling the sealing only outside what it reuses", () => {
    let cases = 0;
    let reusedSome = 0;
    for (const { label, before, answers } of demoPrefixes(defs, TODAY, frozen)) {
      const twin = mapSensitive(before, fields, sealOf([]));
      for (const doc of saved(before, answers)) {
        const afresh = mapSensitive(doc, fields, sealOf([]));
        const calls: string[] = [];
        const reused: string[] = [];
        const result = mapSensitive(doc, fields, sealOf(calls), { from: before, to: twin, reused });
        expect(JSON.stringify(result), label).toBe(JSON.stringify(afresh));
        expect(result, label).toStrictEqual(afresh);
        const taken = new Set(reused);
        expect(
          calls.filter((pointer) => isWithinAny(pointer, taken)),
          label,
        ).toEqual([]);
        cases++;
        if (reused.length) reusedSome++;
      }
    }
    expect(cases).toBeGreaterThan(1000);
    expect(reusedSome).toBeGreaterThan(cases / 2);
  });

  it("takes the stored mapping whole for the stored document, and no object of another document", () => {
    const doc = frozen(twoBorrowers() as Record<string, unknown>);
    const twin = mapSensitive(doc, fields, sealOf([]));
    const reused: string[] = [];
    expect(mapSensitive(doc, fields, sealOf([]), { from: doc, to: twin, reused })).toBe(twin);
    expect(reused).toEqual([""]);
    // Another document's equal values are taken where they are the same value (a string at the
    // same pointer), never its objects: those are mapped afresh.
    const other = structuredClone(doc);
    const none: string[] = [];
    const result = mapSensitive(other, fields, sealOf([]), { from: doc, to: twin, reused: none });
    expect(result).toStrictEqual(mapSensitive(other, fields, sealOf([])));
    const isObject = (value: unknown) => value !== null && typeof value === "object";
    expect(none.length).toBeGreaterThan(0);
    expect(none.filter((pointer) => isObject(getAt(doc, pointer)))).toEqual([]);
  });
});
