// Every read and write of an answer splits its pointer, and every pointer a walk spells escapes its
// keys: both now skip the unescaping and escaping scans when there is no `~` (or `/`) to handle.
// Held to RFC 6901's rules as written before, on keys with and without the two characters.
import { describe, expect, it } from "vitest";
import { escapeSegment, getAt, setAt, splitPointer } from "@engine/base/pointer";

const escapedBefore = (key: string | number) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");
const splitBefore = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));

const keys = ["user", "firstName", "0", 12, "", "a/b", "~", "~1", "a~0b", "/", "~/~", "__proto__", "ü é"];

describe("a JSON pointer's segments", () => {
  it("escape as before, with and without ~ and /", () => {
    for (const key of keys) expect(escapeSegment(key), String(key)).toBe(escapedBefore(key));
  });

  it("split and unescape as before, on pointers of every key and pairs of them", () => {
    const pointers = ["", "/", "//", ...keys.map((k) => `/${escapedBefore(k)}`)];
    for (const a of keys) for (const b of keys) pointers.push(`/${escapedBefore(a)}/${escapedBefore(b)}`);
    for (const pointer of pointers) expect(splitPointer(pointer), pointer).toEqual(splitBefore(pointer));
  });

  it("reach the key they name, whatever it holds", () => {
    for (const key of keys.map(String)) {
      const pointer = `/outer/${escapeSegment(key)}`;
      const doc = setAt({}, pointer, "here");
      expect((doc as { outer: Record<string, unknown> }).outer[key], key).toBe("here");
      expect(getAt(doc, pointer), key).toBe("here");
    }
  });
});
