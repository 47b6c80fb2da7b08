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

/** removeAll as it was written before: a spread copy of each object on the way, keys deleted from it. */
function removeAllBefore(doc: unknown, pointers: Iterable<string>): unknown {
  type Trie = Map<string, Trie | null>;
  const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";
  const trie: Trie = new Map();
  for (const pointer of pointers) {
    const keys = pointer
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (keys.length === 0) continue;
    let node = trie;
    for (const [i, key] of keys.entries()) {
      if (i === keys.length - 1) node.set(key, null);
      else {
        let next = node.get(key);
        if (next === null) break;
        if (next === undefined) node.set(key, (next = new Map()));
        node = next;
      }
    }
  }
  const prune = (value: unknown, node: Trie): unknown => {
    if (!isContainer(value)) return value;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
    const target = copy as Record<string, unknown>;
    for (const [key, child] of node) {
      if (!Object.hasOwn(value, key) || (Array.isArray(value) && !/^\d+$/.test(key))) continue;
      if (child === null) {
        if (Array.isArray(copy)) target[key] = undefined;
        else delete target[key];
      } else
        Object.defineProperty(copy, key, {
          value: prune(value[key], child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return copy;
  };
  return trie.size === 0 ? doc : prune(doc, trie);
}

/** Every pointer of a document's values, containers too, however deep. */
function allPointers(value: unknown, at = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const pointer = `${at}/${escapeSegment(k)}`;
    return [pointer, ...allPointers(v, pointer)];
  });
}

/** The document with every object's keys in order, so toEqual compares the order too. */
const withOrder = (value: unknown): unknown =>
  value === null || typeof value !== "object"
    ? value
    : Array.isArray(value)
      ? value.map(withOrder)
      : Object.keys(value).map((k) => [k, withOrder((value as Record<string, unknown>)[k])]);

describe("removing answers without a dictionary per copy", () => {
  it("removes what it removed before, keeping the keys' order, for each pointer and pairs of them", () => {
    let compared = 0;
    const proto = JSON.parse('{"__proto__": {"a": 1}, "b": [1, {"c": 2}]}') as unknown;
    for (const doc of [singleBorrower(), twoBorrowers(), proto]) {
      const pointers = [...allPointers(doc), "/nowhere", "/user/nowhere/deeper", "/b/x"];
      const sets = [
        ...pointers.map((p) => [p]),
        ...pointers.map((p, i) => [p, pointers[(i * 7 + 3) % pointers.length]!]),
        pointers.filter((_, i) => i % 3 === 0),
      ];
      for (const set of sets) {
        const before = removeAllBefore(doc, set);
        const after = removeAll(doc, set);
        expect(withOrder(after), set.join(" ")).toEqual(withOrder(before));
        expect(Object.getPrototypeOf(after)).toBe(Object.getPrototypeOf(before));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
