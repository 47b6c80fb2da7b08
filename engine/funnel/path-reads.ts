// What a reader's path reads of the application, and the stored document whose path a saved one
// shares. A walk decides each step after another (./journey.ts stepAfter) by the steps' `next`
// branches, their `skipWhen`, the gates of their `visibleWhen` (./asks.ts) and the rule sets those
// read (`rules.<id>`), on the step logic data (engine/logic/step-data.ts): the application, the
// day, the params, the rule sets' outputs. What a step leads to is a function of the values that
// logic reads, the day, the reader's part and their flow and variant; what the reader has saved
// only says how far along it they have come. A changed save walks the owner's path on the document
// it writes: where its change reads nothing that logic reads, each step leads where it led on the
// stored document.
//
// Why it is the same: the logic's operators are pure, and it reads the document only by the literal
// paths found below (engine/logic/logic-reads.ts; `today` and `params` are not the document's,
// `rules.<id>` is a rule set's result, the same where that rule set reads the same of both
// documents: engine/logic/same-reads.ts). Both documents are of fixed content (deeply frozen), so
// where every path reaches the very same value, or both documents lack it alike, each piece of
// logic reads the same and decides the same. Logic the analysis cannot bound, and a rule set whose
// reads are not bounded, leave every walk to be made afresh.
import type { Definitions } from "../definitions/definitions";
import { walkReads } from "../logic/logic-reads";
import { ruleSetReads, sourceFor } from "../logic/same-reads";

export interface PathReads {
  /** The literal paths of the document the steps' logic reads, split into keys. */
  paths: string[][];
  /** The rule sets whose outputs it reads (`rules.<id>`). */
  ruleSets: string[];
  /** Both as one tree of keys (a rule set's reads are whole top-level values): what is compared. */
  tree: KeyTree;
}

/** Keys read below a value: `whole` when the value itself is read (all of it), else each key's own tree. */
interface KeyTree {
  whole: boolean;
  keys: [string, KeyTree][];
}

function treeOf(paths: string[][]): KeyTree {
  const root: KeyTree = { whole: false, keys: [] };
  for (const path of paths) {
    let node = root;
    for (const key of path) {
      let next = node.keys.find(([k]) => k === key)?.[1];
      if (!next) node.keys.push([key, (next = { whole: false, keys: [] })]);
      node = next;
    }
    node.whole = true;
  }
  return root;
}

/** What every step's path logic is: each branch's `when` and worked-out `goto`, `skipWhen`, every `visibleWhen`. */
function pathLogic(defs: Definitions): unknown[] {
  const logic: unknown[] = [];
  for (const { def } of defs.steps.values()) {
    for (const branch of def.next ?? [])
      logic.push(branch.when, typeof branch.goto === "string" ? null : branch.goto);
    logic.push(def.skipWhen, ...Object.values(def.visibleWhen ?? {}));
  }
  return logic;
}

/** Per definitions set: what a path reads (null: not bounded). */
const readsOf = new WeakMap<Definitions, PathReads | null>();

/**
 * The paths of the document and the rule sets a reader's path reads, for every reader and step
 * (a superset: all steps' logic, every gate); null when they cannot be bounded.
 */
export function pathReads(defs: Definitions): PathReads | null {
  if (!readsOf.has(defs)) {
    const paths = new Map<string, string[]>();
    const ruleSets = new Set<string>();
    const wholeValues = new Set<string>();
    let bounded = true;
    const read = (path: string) => {
      const keys = path.split(".");
      const [first, second] = keys;
      // Not the document's: the walk's day and the definitions' params.
      if (first === "today" || first === "params") return;
      if (first === "rules") {
        // `rules` itself, or a rule set's outputs (an id that names none reads the same nothing of both).
        for (const id of second === undefined ? defs.ruleSets.keys() : [second])
          if (defs.ruleSets.has(id)) ruleSets.add(id);
        return;
      }
      paths.set(path, keys);
    };
    for (const logic of pathLogic(defs)) if (!walkReads(logic, read, "item")) bounded = false;
    for (const id of ruleSets) if (ruleSetReads(defs, id) === null) bounded = false;
    for (const id of ruleSets) for (const key of ruleSetReads(defs, id) ?? []) wholeValues.add(key);
    const tree = treeOf([...paths.values(), ...[...wholeValues].map((key) => [key])]);
    readsOf.set(defs, bounded ? { paths: [...paths.values()], ruleSets: [...ruleSets], tree } : null);
  }
  return readsOf.get(defs)!;
}

const sameKind = (a: unknown, b: unknown): a is object =>
  a !== null &&
  b !== null &&
  typeof a === "object" &&
  typeof b === "object" &&
  Object.getPrototypeOf(a) === Object.getPrototypeOf(b);

/**
 * Whether reading every path of `tree` from `a` and from `b` (objects of one kind) reaches the same:
 * the very same value on the way (all below it then the same), or a key both objects on the way
 * lack alike (an inherited value, read of the same prototype). Any other difference, or a
 * primitive to read through, is not. A shared prefix is compared once.
 */
function sameBelow(a: object, b: object, tree: KeyTree): boolean {
  const { keys } = tree;
  for (let i = 0; i < keys.length; i++) {
    const [key, below] = keys[i]!;
    const own = Object.hasOwn(a, key);
    if (own !== Object.hasOwn(b, key)) return false;
    if (!own) continue;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (x !== y && (below.whole || !sameKind(x, y) || !sameBelow(x, y as object, below))) return false;
  }
  return true;
}

/** Whether a reader's path reads the same of `a` as of `b` (both of fixed content). */
export function pathReadsSame(defs: Definitions, a: object, b: object): boolean {
  const reads = pathReads(defs);
  return reads !== null && (a === b || (sameKind(a, b) && sameBelow(a, b, reads.tree)));
}

const PATH = Symbol("a reader's path");

/**
 * The document whose path `doc`'s is (both of fixed content): the earliest stored one it was derived
 * from (same-reads.ts derivedFrom) whose path logic reads the same of it, else `doc` itself.
 */
export const pathSourceOf = (defs: Definitions, doc: object): object =>
  sourceFor(defs, PATH, (from, to) => pathReadsSame(defs, from, to), doc);
