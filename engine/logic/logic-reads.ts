// What a piece of JSON logic reads of its data, found from its shape alone: the literal paths of its
// `var`, `missing`, `missing_some` and `root`. The one walker of those shapes for every caller that
// bounds what logic reads: an item's scope (./rule-plan.ts), a rule set's reads of a document
// (./same-reads.ts), and a reader's path (engine/funnel/path-reads.ts).
import { iteratingOperators, operatorOf } from "./operators";

/**
 * What an iteration's body (some, all, none, filter, map, reduce) reads. "item": its `var` and
 * `missing` read the item, not the data, and are left out (a path that may climb out of the item,
 * json-logic-engine's `../`, or one worked out by logic, may read anything). "data": its paths are
 * counted as the data's: more than it reads, never fewer (for a caller that walks logic and data
 * alike, as a whole rule set).
 */
export type Bodies = "item" | "data";

/**
 * The literal part of a path: the path itself, or, for one worked out as text whose first piece is
 * a literal with a dot ("answers." + a role), that literal up to its last dot (all below it may be
 * read); null when it is not a literal both evaluators split alike (worked out otherwise, empty,
 * climbing out of an iteration, an escaped dot).
 */
function literalPath(path: unknown): string | null {
  if (typeof path === "number") path = String(path);
  if (typeof path === "string")
    return path === "" || path.includes("\\") || path.includes("../") ? null : path;
  return null;
}

/**
 * Calls `read` with each literal path of the data that `logic` reads, in the order met (a path
 * worked out from a dotted literal gives the literal up to its last dot); false when it may read a
 * path it cannot name: one worked out by logic, the whole data, one above an iteration's item
 * (`../`), an escaped dot. Every object is walked: an operation's arguments, and the values of one
 * that is not an operation (a rule's fields, an emitted object's): a part that is not logic only
 * adds paths, never hides one.
 */
export function walkReads(logic: unknown, read: (path: string) => void, bodies: Bodies): boolean {
  // A path of the data: a literal, or text worked out from a dotted literal (the rest is walked).
  const readPath = (path: unknown): boolean => {
    const cat = operatorOf(path) === "cat" ? (path as { cat: unknown }).cat : undefined;
    if (Array.isArray(cat)) {
      const first = typeof cat[0] === "string" ? literalPath(cat[0]) : null;
      if (first === null || !first.includes(".")) return false;
      read(first.slice(0, first.lastIndexOf(".")));
      return walk(cat.slice(1), false);
    }
    const literal = literalPath(path);
    if (literal !== null) read(literal);
    return literal !== null;
  };
  // An item's own path (its whole self, an index, a key): never one above it or worked out.
  const own = (path: unknown) =>
    path === null ||
    path === undefined ||
    typeof path === "number" ||
    (typeof path === "string" && !path.includes("../"));
  // `inItem`: inside an iteration's body, where var and missing read the item, not the data.
  const walk = (node: unknown, inItem: boolean): boolean => {
    if (Array.isArray(node)) {
      for (const item of node) if (!walk(item, inItem)) return false;
      return true;
    }
    if (node === null || typeof node !== "object") return true;
    const op = operatorOf(node);
    if (op === null) return Object.values(node).every((value) => walk(value, inItem));
    const args = (node as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    if (op === "root") return readPath(list[0]) && walk(list.slice(1), inItem);
    if (op === "var" || op === "missing" || op === "missing_some") {
      if (inItem) {
        const paths = op === "var" ? [list[0]] : op === "missing" ? list.flat() : list.slice(1).flat();
        if (!paths.every(own)) return false;
        return op === "var" ? walk(list.slice(1), true) : op === "missing_some" ? walk(list[0], true) : true;
      }
      if (op === "var") return readPath(list[0]) && walk(list.slice(1), false);
      if (op === "missing") return list.flat().every(readPath);
      return walk(list[0], false) && list.slice(1).flat().every(readPath);
    }
    if (iteratingOperators.has(op))
      // The list and reduce's initial value read the data; the body, each item.
      return (
        walk(list[0], inItem) && walk(list[1], inItem || bodies === "item") && walk(list.slice(2), inItem)
      );
    return walk(list, inItem);
  };
  return walk(logic, false);
}

/** The first key of a path (walkReads gives only literal ones). */
export const firstKey = (path: string): string => path.split(".")[0]!;

/**
 * The top-level names of the data `logic` reads (the first keys of walkReads' paths), or null when
 * it may read any name. A scope holding these names of the data reads as the whole data does for
 * that logic.
 */
export function namesRead(logic: unknown, bodies: Bodies = "item"): Set<string> | null {
  const names = new Set<string>();
  return walkReads(logic, (path) => names.add(firstKey(path)), bodies) ? names : null;
}
