// Immutable edits of answer documents by JSON pointer. Pure.
import { splitPointer } from "../pointer";

/**
 * `doc` with `value` at `pointer`, copying only the objects and lists along the way (the rest is
 * shared); `undefined` removes the key. Missing containers are created (a list for a numeric key).
 */
export function setAt(doc: unknown, pointer: string, value: unknown): unknown {
  const keys = splitPointer(pointer);
  const put = (node: unknown, i: number): unknown => {
    if (i === keys.length) return value;
    const key = keys[i]!;
    const index = /^\d+$/.test(key) ? Number(key) : null;
    if (Array.isArray(node) && index !== null) {
      const copy = [...node];
      copy[index] = put(node[index], i + 1);
      return copy;
    }
    const base = node !== null && typeof node === "object" && !Array.isArray(node) ? (node as Record<string, unknown>) : index !== null && node === undefined ? null : {};
    if (base === null) {
      const list: unknown[] = [];
      list[index!] = put(undefined, i + 1);
      return list;
    }
    const next = put(base[key], i + 1);
    const copy: Record<string, unknown> = { ...base };
    if (next === undefined) delete copy[key];
    else Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return put(doc, 0);
}
