// JSON pointers over answer documents, with `*` standing for every item of a list.

export interface Match {
  pointer: string;
  /** The list item the nearest `*` stood for, and its position (for per-item logic). */
  item?: unknown;
  index?: number;
}

/** One pointer segment, escaped as RFC 6901 says (~ → ~0, / → ~1). */
export const escapeSegment = (key: string | number) => {
  const text = String(key);
  // Most keys hold neither character: given back as they are, with no two scans and copies.
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
};
/** A pointer's segments, unescaped; a pointer without `~` has nothing to unescape (nearly every one). */
export const splitPointer = (pointer: string) =>
  pointer.includes("~")
    ? pointer
        .split("/")
        .slice(1)
        .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))
    : pointer.split("/").slice(1);
const join = (keys: (string | number)[]) => keys.map((k) => `/${escapeSegment(k)}`).join("");

const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";

export function getAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const key of splitPointer(pointer)) {
    if (!isContainer(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * `doc` without the key at `pointer`, copying only the objects along the way, as setAt does: the
 * document it came from is left as it was (a save compares its answers with the stored ones after
 * removing hidden answers; removing in place removed them from the stored document too whenever
 * nothing else on their path had been copied). A list's item is not removed; an absent key leaves
 * `doc` itself.
 */
export function withoutAt(doc: unknown, pointer: string): unknown {
  const keys = splitPointer(pointer);
  const last = keys.pop();
  const parent = getAt(doc, join(keys));
  if (last === undefined || !isContainer(parent) || Array.isArray(parent) || !Object.hasOwn(parent, last))
    return doc;
  return setAt(doc, pointer, undefined);
}

/** Every concrete pointer a pattern names in `doc`; a pattern without `*` names itself. */
export function expand(doc: unknown, pattern: string): Match[] {
  const keys = splitPointer(pattern);
  const out: Match[] = [];
  const walk = (node: unknown, i: number, path: (string | number)[], match: Omit<Match, "pointer">) => {
    if (i === keys.length) return void out.push({ pointer: join(path), ...match });
    const key = keys[i]!;
    if (key === "*") {
      if (Array.isArray(node))
        node.forEach((item, index) => walk(item, i + 1, [...path, index], { item, index }));
      return;
    }
    walk(isContainer(node) ? node[key] : undefined, i + 1, [...path, key], match);
  };
  walk(doc, 0, [], {});
  return out;
}

/** True when `pointer` is `ancestor` or lies inside it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  // Compared in place: no `${ancestor}/` made per call (a walk asks this thousands of times).
  const n = ancestor.length;
  return (
    pointer === ancestor ||
    (pointer.length > n && pointer.charCodeAt(n) === 47 /* "/" */ && pointer.startsWith(ancestor))
  );
}

/**
 * True when `pointer` is one of `ancestors` or lies inside one: a look-up per ancestor of the
 * pointer (its depth), not a scan of the set, so checking every item of a list stays linear.
 */
export function isWithinAny(pointer: string, ancestors: ReadonlySet<string>): boolean {
  if (ancestors.size === 0) return false;
  for (let at = pointer.length; at >= 0; at = pointer.lastIndexOf("/", at - 1)) {
    if (ancestors.has(pointer.slice(0, at))) return true;
    if (at === 0) break;
  }
  return false;
}

/** Deep merge of answers into a document: objects merge, lists and values replace. */
export function mergeDocs(base: unknown, patch: unknown): unknown {
  // The same subtree on both sides merges to itself: shared, not copied (a save's answers carry
  // the stored values of what the reader may not change, and a document is never changed in place).
  if (base === patch) return base;
  if (!isContainer(base) || Array.isArray(base) || !isContainer(patch) || Array.isArray(patch))
    return patch === undefined ? base : patch;
  // Copied only once a value differs: answers the base already holds give the base itself.
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(patch)) {
    const had = Object.hasOwn(base, key);
    const merged = mergeDocs(had ? base[key] : undefined, value);
    if (had && merged === base[key]) continue;
    out ??= { ...base };
    // A "__proto__" key from the network must stay a plain key: defined, since assigning it sets the prototype.
    if (key === "__proto__")
      Object.defineProperty(out, key, {
        value: merged,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = merged;
  }
  return out ?? base;
}

/**
 * mergeDocs(base, patch), given `merged` = mergeDocs(base, earlier) where `patch` differs from
 * `earlier` only at and below `changed` (as removeAll leaves a document: the rest shared): only
 * the objects along those pointers are merged again, each subtree at a pointer merged afresh, the
 * rest of `merged` shared. The same value, keys in the same order, as merging the whole again.
 * Each object on the way is copied once, however many of the pointers pass through it (the
 * field logic drops a save's hidden answers in one call: one copy of the 60-key `user`, not one
 * per answer).
 */
export function mergeDocsAgain(
  merged: unknown,
  base: unknown,
  patch: unknown,
  changed: readonly string[],
): unknown {
  const trie: Trie = new Map();
  for (const pointer of changed) {
    const keys = splitPointer(pointer);
    if (keys.length === 0) return mergeDocs(base, patch); // the root: merged afresh
    let node = trie;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      // null: the subtree at this pointer is merged afresh (whatever else lies below it).
      if (i === keys.length - 1) node.set(key, null);
      else {
        let next = node.get(key);
        if (next === null) break; // an ancestor is merged afresh already
        if (next === undefined) node.set(key, (next = new Map()));
        node = next;
      }
    }
  }
  return trie.size === 0 ? merged : mergeAlong(merged, base, patch, trie);
}

const isPlain = (v: unknown): v is Record<string, unknown> => isContainer(v) && !Array.isArray(v);

/** A key of one object a merge along the pointers changes: its new value, or gone. */
interface Change {
  key: string;
  gone: boolean;
  value: unknown;
}

function mergeAlong(merged: unknown, base: unknown, patch: unknown, node: Trie | null): unknown {
  // Not two objects (a list, a value, one side absent): mergeDocs takes one side whole, no copy.
  if (node === null || !isPlain(base) || !isPlain(patch) || !isPlain(merged)) return mergeDocs(base, patch);
  let changes: Change[] | null = null;
  // Where every change leaves the base's value (or, the key gone, none): then the copy may be the base's own.
  let maybeBase = true;
  for (const [key, child] of node) {
    const value = Object.hasOwn(patch, key)
      ? mergeAlong(
          Object.hasOwn(merged, key) ? merged[key] : undefined,
          Object.hasOwn(base, key) ? base[key] : undefined,
          patch[key],
          child,
        )
      : base[key];
    // A key the patch no longer has is the base's (where it has one, in the base's place), else gone.
    const gone = !Object.hasOwn(patch, key) && !Object.hasOwn(base, key);
    // Where that is what `merged` holds already, nothing to change here.
    if (gone ? !Object.hasOwn(merged, key) : Object.hasOwn(merged, key) && merged[key] === value) continue;
    (changes ??= []).push({ key, gone, value });
    if (!gone && !(Object.hasOwn(base, key) && base[key] === value)) maybeBase = false;
  }
  if (!changes) return merged;
  // Where the copy would hold the base's very entries, the base itself, with no copy made (a save
  // of unchanged answers drops the hidden `null`s it sent: the 60-key `user` was copied to be thrown away).
  if (maybeBase && copyWouldBe(merged, changes, base)) return base;
  const out = changes.some((c) => c.gone) ? changedCopy(merged, changes) : { ...merged };
  for (const { key, gone, value } of changes)
    if (!gone)
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  // An object the drops leave as the base holds it (answers sent, then hidden, that the base never
  // had) is the base's own, as a whole merge gives it: a save of unchanged answers then keeps the
  // stored document itself. That needs the base to hold the very values put here (or, a key gone,
  // none): otherwise the two key lists are not compared at all (most drops).
  return maybeBase && sameEntries(out, base) ? base : out;
}

/**
 * A copy of `record` without the keys `changes` takes away, made key by key in the record's order
 * (a spread copy and `delete` made it a dictionary); the changed values are set on it after.
 */
function changedCopy(record: Record<string, unknown>, changes: readonly Change[]): Record<string, unknown> {
  const gone = new Map<string, null>();
  for (const c of changes) if (c.gone) gone.set(c.key, null);
  return prunedObject(record, gone, keep);
}

/** prunedObject's `prune` where nothing below is pruned. */
const keep = (value: unknown) => value;

/**
 * Whether the copy mergeAlong makes of `merged` with `changes` (gone keys left out, the others
 * set) would have `base`'s keys in the same order, each holding the very same value: sameEntries
 * of that copy and `base`, read off `merged` without making it. A change adding a key `merged`
 * lacks is not judged here (false: the copy is made and compared), since where an added key lands
 * in the key order depends on its spelling (an index-like key sorts first).
 */
function copyWouldBe(
  merged: Record<string, unknown>,
  changes: readonly Change[],
  base: Record<string, unknown>,
): boolean {
  const changed = new Map<string, Change>();
  for (const c of changes) {
    if (!c.gone && !Object.hasOwn(merged, c.key)) return false;
    changed.set(c.key, c);
  }
  const keys = Object.keys(merged);
  const other = Object.keys(base);
  let j = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const c = changed.get(key);
    if (c?.gone) continue;
    if (j >= other.length || other[j] !== key) return false;
    if ((c ? c.value : merged[key]) !== base[key]) return false;
    j++;
  }
  return j === other.length;
}

/** The same keys in the same order, each holding the very same value. */
function sameEntries(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== other[i] || a[keys[i]!] !== b[keys[i]!]) return false;
  return true;
}

/** The pointers of every value that differs between two documents (leaves; a list counts as one value). */
export function changedPointers(before: unknown, after: unknown, at = ""): string[] {
  const out: string[] = [];
  changedInto(out, before, after, at);
  return out;
}

const NO_KEYS: Record<string, unknown> = Object.freeze({});
const { propertyIsEnumerable } = Object.prototype; // Object.keys' own test: own and enumerable

/** changedPointers into one list: no list per object, no Set of its keys, no closure per call. */
function changedInto(out: string[], before: unknown, after: unknown, at: string): void {
  // The same value, or a subtree the new document shares with the old (a merge shares what it does not change).
  if (before === after) return;
  // A subtree that appears or disappears counts by its leaves: "/user/ssn", not "/user".
  if ((isPlain(before) || before === undefined) && (isPlain(after) || after === undefined)) {
    const b = before ?? NO_KEYS;
    const a = after ?? NO_KEYS;
    // The keys of both, in the order a Set of the two key lists gives (before's, then after's new
    // ones). A key whose value is shared is passed over before its pointer is spelled.
    const bKeys = Object.keys(b);
    for (let i = 0; i < bKeys.length; i++) {
      const k = bKeys[i]!;
      if (b[k] !== a[k]) changedInto(out, b[k], a[k], `${at}/${escapeSegment(k)}`);
    }
    const aKeys = Object.keys(a);
    for (let i = 0; i < aKeys.length; i++) {
      const k = aKeys[i]!;
      if (!propertyIsEnumerable.call(b, k) && b[k] !== a[k])
        changedInto(out, b[k], a[k], `${at}/${escapeSegment(k)}`);
    }
    return;
  }
  // Two values neither of which is a list or an object differ, since they are not the same value.
  if (!isContainer(before) && !isContainer(after)) out.push(at);
  else if (JSON.stringify(before) !== JSON.stringify(after)) out.push(at);
}

type Trie = Map<string, Trie | null>; // null: a pointer ends here (removeAll: its value removed; mergeDocsAgain: merged afresh)

/**
 * A copy of `record` without the keys `node` removes, each key it goes below pruned: made key by
 * key, in the record's order. (A spread copy and `delete` turned every such copy into a
 * dictionary, several times the object's size.)
 */
function prunedObject(
  record: Record<string, unknown>,
  node: Trie,
  prune: (value: unknown, node: Trie) => unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const child = node.get(key);
    if (child === null) continue;
    const value = child === undefined ? record[key] : prune(record[key], child);
    // defineProperty for "__proto__": it must stay a plain key, not set the copy's prototype.
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    else copy[key] = value;
  }
  return copy;
}

/**
 * `doc` without the values at `pointers`, copying each object or list on the way to them once
 * (the rest is shared): removing every item's field of a long list costs one copy of the list,
 * not one per item. A removed list item leaves a hole (undefined), as setAt does.
 */
export function removeAll(doc: unknown, pointers: Iterable<string>): unknown {
  const trie: Trie = new Map();
  for (const pointer of pointers) {
    const keys = splitPointer(pointer);
    if (keys.length === 0) continue;
    let node = trie;
    for (const [i, key] of keys.entries()) {
      if (i === keys.length - 1) node.set(key, null);
      else {
        let next = node.get(key);
        if (next === null) break; // an ancestor is removed already
        if (next === undefined) node.set(key, (next = new Map()));
        node = next;
      }
    }
  }
  const prune = (value: unknown, node: Trie): unknown => {
    if (!isContainer(value)) return value;
    if (!Array.isArray(value)) return prunedObject(value, node, prune);
    const copy: unknown[] = [...value];
    const target = copy as unknown as Record<string, unknown>;
    for (const [key, child] of node) {
      if (!Object.hasOwn(value, key) || !/^\d+$/.test(key)) continue;
      if (child === null) target[key] = undefined;
      else
        Object.defineProperty(copy, key, {
          value: prune((value as Record<string, unknown>)[key], child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return copy;
  };
  return trie.size === 0 ? doc : prune(doc, trie);
}

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
    const base =
      node !== null && typeof node === "object" && !Array.isArray(node)
        ? (node as Record<string, unknown>)
        : index !== null && node === undefined
          ? null
          : {};
    if (base === null) {
      const list: unknown[] = [];
      list[index!] = put(undefined, i + 1);
      return list;
    }
    const next = put(base[key], i + 1);
    const copy: Record<string, unknown> = { ...base };
    if (next === undefined) delete copy[key];
    else
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return put(doc, 0);
}
