// The cache of opened application documents (server/persistence/store/opened-documents.ts): the
// documents it shares are frozen through and through, and it holds no more than its bounds.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  deepFreeze,
  documentMemo,
  isPlainJson,
  isShared,
  OpenedDocuments,
  openedDocuments,
} from "@server/persistence/store/opened-documents";

const docOf = (n: number) => ({ user: { firstName: `Ana ${n}` }, borrowers: [{ income: { amount: n } }] });

afterEach(() => vi.useRealTimers());

describe("opened documents", () => {
  it("freezes a kept document through and through, so no reader can change another's", () => {
    const opened = new OpenedDocuments<Record<string, any>>();
    const doc = opened.put("{}", docOf(1));
    expect(Object.isFrozen(doc.borrowers[0].income)).toBe(true);
    expect(() => {
      doc.borrowers[0].income.amount = 2;
    }).toThrow(TypeError);
    expect(() => {
      doc.user.lastName = "Ruiz";
    }).toThrow(TypeError);
    expect(isShared(doc)).toBe(true);
    expect(isShared(docOf(1))).toBe(false);
  });

  it("answers the same object for the same stored text, and nothing for another", () => {
    const opened = new OpenedDocuments<object>();
    const doc = opened.put('{"a":1}', docOf(1));
    expect(opened.get('{"a":1}')).toBe(doc);
    expect(opened.get('{"a": 1}')).toBeUndefined();
  });

  it("finds a document by a text equal to the one it was opened from, however made, and not by one differing in a character", () => {
    const opened = new OpenedDocuments<object>();
    const text = JSON.stringify({ answers: "x".repeat(10_000), last: "a" });
    const doc = opened.put(text, docOf(1));
    const readAgain = Buffer.from(text).toString("utf8"); // another string of the same text, as a read gives
    expect(opened.get(readAgain)).toBe(doc);
    expect(opened.get(text.replace('"last":"a"', '"last":"b"'))).toBeUndefined();
    expect(opened.get(text.slice(0, -1))).toBeUndefined();
  });

  it("holds at most its bound, the least recently read dropped first", () => {
    const opened = new OpenedDocuments<object>({ max: 3 });
    for (const n of [1, 2, 3]) opened.put(`${n}`, docOf(n));
    expect(opened.get("1")).toBeDefined(); // 2 is now the least recently read
    opened.put("4", docOf(4));
    expect(opened.size).toBe(3);
    expect(opened.get("2")).toBeUndefined();
    expect(["1", "3", "4"].map((t) => opened.get(t) !== undefined)).toEqual([true, true, true]);
  });

  it("drops the document a save replaced, unless the save wrote the same text again", () => {
    const opened = new OpenedDocuments<object>();
    const old = opened.put("old", docOf(1));
    opened.put("new", docOf(2));
    opened.drop(old, "old");
    expect(opened.get("old")).toBe(old);
    opened.drop(old, "new");
    expect(opened.get("old")).toBeUndefined();
    expect(opened.size).toBe(1);
  });

  it("opens afresh a document not read within the idle bound", () => {
    let now = 0;
    const opened = new OpenedDocuments<object>({ maxIdleMs: 1_000, now: () => now });
    opened.put("a", docOf(1));
    now = 900;
    expect(opened.get("a")).toBeDefined(); // read: its idle time starts again
    now = 1_800;
    expect(opened.get("a")).toBeDefined();
    now = 2_801;
    expect(opened.get("a")).toBeUndefined();
    expect(opened.size).toBe(0);
  });

  it("drops idle documents on its own, with no read to notice them", () => {
    vi.useFakeTimers();
    const opened = new OpenedDocuments<object>({ maxIdleMs: 60_000 });
    opened.put("a", docOf(1));
    vi.advanceTimersByTime(30_000);
    opened.put("b", docOf(2));
    vi.advanceTimersByTime(31_000);
    expect(opened.size).toBe(1); // "a" idle 61 s, "b" 31 s
    vi.advanceTimersByTime(30_000);
    expect(opened.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0); // an empty cache keeps no timer
  });

  it("hands a written text's document to the first read of that text, and to nothing else", () => {
    const opened = new OpenedDocuments<object>();
    const old = opened.opened("old", () => docOf(1));
    const saved = docOf(2);
    opened.wrote("new", () => saved, old);
    expect(opened.get("new")).toBeUndefined(); // a plain look-up (not a read of the text) finds nothing
    expect(opened.waiting).toBe(1);
    expect(opened.opened("new", () => docOf(3))).toBe(saved); // never opened from the text
    expect(isShared(saved)).toBe(true);
    expect(opened.waiting).toBe(0);
    expect(opened.get("old")).toBeUndefined(); // the document it replaced is dropped
    const other = docOf(4);
    expect(opened.opened("another's", () => other)).toBe(other);
  });

  it("forgets a written text no read asks for (a save rolled back) within the same bounds", () => {
    vi.useFakeTimers();
    const opened = new OpenedDocuments<object>({ max: 2, maxIdleMs: 60_000 });
    for (const n of [1, 2, 3]) opened.wrote(`${n}`, () => docOf(n));
    expect(opened.waiting).toBe(2); // the oldest went
    expect(opened.opened("1", () => docOf(9))).toEqual(docOf(9));
    vi.advanceTimersByTime(61_000);
    expect(opened.waiting).toBe(0);
    expect(opened.size).toBe(0);
  });

  it("starts empty for a new definitions set of the same server", () => {
    const server = {};
    const before = openedDocuments(server, { version: "a" });
    before.put("{}", docOf(1));
    const reloaded = { version: "b" };
    expect(openedDocuments(server, reloaded).get("{}")).toBeUndefined();
    expect(before.size).toBe(0); // the old set's documents are dropped, not left to their timer
    expect(openedDocuments(server, reloaded)).toBe(openedDocuments(server, reloaded));
  });
});

describe("freezing through (deepFreeze)", () => {
  it("freezes every object a new document holds, the ones it shares with a frozen one passed over as they are", () => {
    const kept = docOf(1);
    deepFreeze(kept);
    const next = { ...kept, user: { ...kept.user, lastName: "Ruiz", phones: [{ n: "1" }] } };
    deepFreeze(next);
    expect([next, next.user, next.user.phones, next.user.phones[0]].every(Object.isFrozen)).toBe(true);
    expect(next.borrowers).toBe(kept.borrowers);
  });

  it("freezes the inside of an object someone else froze only on the surface", () => {
    const surface = Object.freeze({ inner: { amount: 1 }, list: [{ a: 1 }] });
    deepFreeze({ surface });
    expect(Object.isFrozen(surface.inner)).toBe(true);
    expect(Object.isFrozen(surface.list[0])).toBe(true);
  });
});

describe("a save's document as its stored text opens (isPlainJson)", () => {
  it("answers again for an object changed since it was last asked, unless it is frozen through", () => {
    const open: Record<string, unknown> = { a: { b: 1 } };
    expect(isPlainJson(open)).toBe(true);
    (open.a as Record<string, unknown>).b = undefined;
    expect(isPlainJson(open)).toBe(false);
    const surface = Object.freeze({ a: { b: 1 } as Record<string, unknown> });
    expect(isPlainJson(surface)).toBe(true);
    surface.a.b = Number.NaN; // frozen on the surface only: its inside may change
    expect(isPlainJson(surface)).toBe(false);
    const through = { a: { b: 1 } };
    deepFreeze(through);
    expect(isPlainJson(through)).toBe(true);
    expect(isPlainJson(through)).toBe(true);
  });

  it("is itself only when JSON would give it back to the last detail", () => {
    expect(isPlainJson({ a: [1, "b", true, null, { c: 2.5 }], d: {} })).toBe(true);
    for (const odd of [
      { a: undefined },
      { a: new Date(0) },
      { a: -0 },
      { a: Number.NaN },
      { a: 1n },
      { a: () => 1 },
      { a: [1, , 3] },
      { a: Object.create(null) },
      { [Symbol("a")]: 1 },
    ])
      expect(isPlainJson(odd)).toBe(false);
  });
});

describe("answers kept with a shared document (documentMemo)", () => {
  it("keeps each document's answers apart, at most its bound per document, the least recently used dropped first", () => {
    const memo = documentMemo<string | null>(2);
    const one = docOf(1);
    const two = docOf(2);
    memo.set(one, "a", "A");
    memo.set(one, "b", null); // a null answer is kept, as an answer
    memo.set(two, "a", "other");
    expect(memo.get(one, "a")).toBe("A"); // read: now the most recent
    memo.set(one, "c", "C");
    expect(memo.get(one, "b")).toBeUndefined(); // the least recently used went
    expect(memo.get(one, "a")).toBe("A");
    expect(memo.get(one, "c")).toBe("C");
    expect(memo.get(two, "a")).toBe("other");
    memo.set(one, "a", "A again"); // set again: replaced, not added
    expect([memo.get(one, "a"), memo.get(one, "c")]).toEqual(["A again", "C"]);
  });
});
