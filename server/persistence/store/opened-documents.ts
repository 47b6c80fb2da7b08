// Application documents already opened (parsed, identifiers decrypted, read through legacy and
// retired shapes), by the exact stored text they were opened from: a step.get reads the row the
// previous step.submit wrote, and opening it again was a third of that read (issue 34). Each is
// kept by its text's SHA-256 digest, not by the text: a whole application's text (~10 kB) was 42 %
// of what an applicant in flight kept, and a look-up by it hashed all of it in V8's string hash,
// twice as slow as the digest (docs/performance.md, "the server's CPU at 1,000 applicants").
//
// Why holding opened documents is acceptable: each one is in this process's memory, in the clear,
// for every request that reads it anyway; the cache only keeps it a little longer. It is bounded
// so that what a heap dump could show stays small: at most MAX_ENTRIES documents, each dropped
// MAX_IDLE_MS after its last read (by a timer, so an idle server holds none), least recently read
// out first, and all of them on a definitions reload (what is sealed may have changed). A save
// replaces its application's entry, so an applicant in flight holds one.

import { hash } from "node:crypto";

/** About the applicants in flight between two steps on one server (a few seconds apart). */
export const MAX_ENTRIES = 1_000;
/** A document not read again within this is opened afresh (and its clear text dropped). */
export const MAX_IDLE_MS = 5 * 60_000;

/** The documents this module froze (every object in them): shared, so never changed in place. */
const shared = new WeakSet<object>();
/** The key (digest) of the stored text each kept document was opened from (for a save to drop the one it replaces). */
const keyOf = new WeakMap<object, string>();

/**
 * A stored text's key: its SHA-256 digest. Two texts share one only if they are the same text (a
 * collision of SHA-256 is not known), so a document is still found by exactly the text it was
 * opened from; the text itself is not kept.
 */
const digest = (text: string): string => hash("sha256", text, "base64");

/**
 * The key a stored text is kept by (its digest): a caller that knows a text's key already (the
 * one a read gave it, `openedKeyed`) hands it to `wrote` instead of having the text hashed again.
 */
export const textKey = digest;

/**
 * Whether `doc` is a document this cache holds: deeply frozen, so its content is fixed for as long
 * as it lives and a memo may key it by identity (a WeakMap) instead of by its content.
 */
export const isShared = (doc: unknown): boolean => typeof doc === "object" && doc !== null && shared.has(doc);

/**
 * Shares `doc` as a stored document is shared (deeply frozen, memos keyed by it), before it is
 * stored: a save's document, whose walks are then kept with it, and which is handed on as opened
 * once its transaction commits (`OpenedDocuments.put`). Its content is fixed from now on, so what
 * a memo keeps with it is right whether or not it is ever stored.
 */
export function shareDocument(doc: object): void {
  if (shared.has(doc)) return;
  deepFreeze(doc);
  shared.add(doc);
}

/**
 * Every object `deepFreeze` froze with everything in it. Such an object is fixed for as long as it
 * lives, so meeting it again (a subtree a save's new document or a reader's view shares with a kept
 * document: most of one) it is passed over, by `deepFreeze` and by `isPlainJson`, instead of walked
 * again (the two walks were ~2 % of the server's busy time under load: docs/performance.md).
 */
const frozenThrough = new WeakSet<object>();
/** Of those, the ones `isPlainJson` found plain JSON: fixed, so plain JSON for good. */
const plainThrough = new WeakSet<object>();

/**
 * Whether `value` is what JSON.parse(JSON.stringify(value)) gives back, to the last detail: only
 * plain objects (no undefined, function or symbol values), dense plain arrays, strings, booleans,
 * null and finite numbers (not -0). A save may then hand on its document as the one its stored
 * text opens to, instead of parsing what it just wrote; anything else is parsed.
 */
export function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null || plainThrough.has(value)) return true;
      const plain = isPlainObject(value);
      if (plain && frozenThrough.has(value)) plainThrough.add(value);
      return plain;
    }
    default:
      return false;
  }
}

function isPlainObject(value: object): boolean {
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let index = 0; index < value.length; index++)
      if (!(index in value) || !isPlainJson(value[index])) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value)
    if (!Object.hasOwn(value, key) || !isPlainJson((value as Record<string, unknown>)[key])) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

/** Freezes `value` and every object in it: a write to any of them then throws (strict ESM). */
export function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || frozenThrough.has(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  frozenThrough.add(value);
}

interface Entry<T> {
  doc: T;
  readAt: number;
}

/** What a save wrote, not yet read back: its document (or how to open it), and the one it replaced. */
interface Written<T> {
  open: () => T;
  was: object | undefined;
  at: number;
}

export class OpenedDocuments<T extends object> {
  // A Map keeps its keys in insertion order: a read moves its entry to the end, so the first is
  // always the least recently read, and the first expired.
  private readonly entries = new Map<string, Entry<T>>();
  // The texts saves of this process wrote, by digest, until read: a text is found here only by a
  // read that has just read it from the database (`opened`), so a save rolled back (whose text no
  // read ever finds) never makes its document seen; it goes by the same bounds as the entries.
  private readonly written = new Map<string, Written<T>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly max: number;
  private readonly maxIdleMs: number;
  private readonly now: () => number;

  constructor({
    max = MAX_ENTRIES,
    maxIdleMs = MAX_IDLE_MS,
    now = Date.now,
  }: { max?: number; maxIdleMs?: number; now?: () => number } = {}) {
    this.max = max;
    this.maxIdleMs = maxIdleMs;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many texts saves wrote are waiting for their first read. */
  get waiting(): number {
    return this.written.size;
  }

  /** The document opened from exactly this stored text, if kept and read within the idle bound. */
  get(text: string): T | undefined {
    return this.kept(digest(text));
  }

  /**
   * The document `text` opens to, `text` being what a read has just read from the database: the
   * one kept, else the one a save of this process handed on when it wrote `text` (kept from now
   * on, and the document that save replaced dropped), else `open(text)`, kept.
   */
  opened(text: string, open: (text: string) => T): T {
    return this.openedKeyed(text, open).doc;
  }

  /** `opened`, with the key (`textKey`) of `text`: what the reader's save may hand back to `wrote`. */
  openedKeyed(text: string, open: (text: string) => T): { doc: T; key: string } {
    const key = digest(text);
    const kept = this.kept(key);
    if (kept) return { doc: kept, key };
    const written = this.written.get(key);
    if (!written) return { doc: this.keep(key, open(text)), key };
    this.written.delete(key);
    const doc = this.keep(key, written.open());
    if (written.was) this.dropKeyed(written.was, key);
    return { doc, key };
  }

  /**
   * A save wrote `text` (in a transaction that may yet roll back): the first read of `text` from
   * the database takes `open()` as what it opens to (the save's own document, frozen, or the text
   * opened with what the save sealed known), and drops `was`, the document the save replaced.
   * `key`: textKey(text), when the caller knows it already.
   */
  wrote(text: string, open: () => T, was?: object, key: string = digest(text)): void {
    if (this.entries.has(key)) return;
    this.written.delete(key);
    this.written.set(key, { open, was, at: this.now() });
    if (this.written.size > this.max) this.written.delete(this.written.keys().next().value!);
    this.schedule();
  }

  /** Keeps `doc` as what `text` opens to, deeply frozen (the same object is returned to each reader). */
  put(text: string, doc: T): T {
    return this.keep(digest(text), doc);
  }

  /**
   * Drops the document a save replaced (the application's text before it, unless the save wrote
   * the same text again): one entry per
   * applicant in flight, not one per save in the last 5 minutes. Should the save not commit, the
   * old text is only opened again.
   */
  drop(doc: object, unless: string): void {
    this.dropKeyed(doc, digest(unless));
  }

  private kept(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    this.entries.delete(key);
    if (now - entry.readAt > this.maxIdleMs) return undefined;
    entry.readAt = now;
    this.entries.set(key, entry);
    return entry.doc;
  }

  private keep(key: string, doc: T): T {
    shareDocument(doc);
    keyOf.set(doc, key);
    this.entries.delete(key);
    this.entries.set(key, { doc, readAt: this.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    this.schedule();
    return doc;
  }

  private dropKeyed(doc: object, unless: string): void {
    const key = keyOf.get(doc);
    if (key !== undefined && key !== unless && this.entries.get(key)?.doc === doc) this.entries.delete(key);
  }

  /** Drops every document (a definitions reload). */
  clear(): void {
    this.entries.clear();
    this.written.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Drops the documents idle longer than the bound, least recently read first. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.readAt <= this.maxIdleMs) break;
      this.entries.delete(key);
    }
    for (const [key, written] of this.written) {
      if (now - written.at <= this.maxIdleMs) break;
      this.written.delete(key);
    }
  }

  // One timer for the whole cache, set for when the least recently read document expires; none
  // while it is empty. Unref'd: it never keeps the process up.
  private schedule(): void {
    if (this.timer) return;
    const first = this.entries.values().next().value?.readAt;
    const firstWritten = this.written.values().next().value?.at;
    if (first === undefined && firstWritten === undefined) return;
    const since = Math.min(first ?? Infinity, firstWritten ?? Infinity);
    const due = Math.max(since + this.maxIdleMs - this.now(), 0) + 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sweep();
      this.schedule();
    }, due);
    this.timer.unref?.();
  }
}

/** One cache per owner (a services object: its cipher) and definitions set: a reload starts empty. */
const caches = new WeakMap<object, { defs: object; opened: OpenedDocuments<Record<string, unknown>> }>();

export function openedDocuments(owner: object, defs: object): OpenedDocuments<Record<string, unknown>> {
  const kept = caches.get(owner);
  if (kept?.defs === defs) return kept.opened;
  kept?.opened.clear();
  const opened = new OpenedDocuments<Record<string, unknown>>();
  caches.set(owner, { defs, opened });
  return opened;
}

/**
 * Answers worked out on a shared document (isShared), kept with it and gone when it goes: by key,
 * at most `perDocument` per document, the least recently used dropped first. For what depends on
 * the document and a few small inputs besides (the key): a reader's path, view, last section.
 */
export function documentMemo<V>(perDocument: number) {
  const kept = new WeakMap<object, Map<string, V>>();
  return {
    get(doc: object, key: string): V | undefined {
      const answers = kept.get(doc);
      const hit = answers?.get(key);
      if (answers && hit !== undefined) {
        answers.delete(key);
        answers.set(key, hit);
      }
      return hit;
    },
    set(doc: object, key: string, value: V): void {
      let answers = kept.get(doc);
      if (!answers) kept.set(doc, (answers = new Map()));
      answers.delete(key);
      answers.set(key, value);
      if (answers.size > perDocument) answers.delete(answers.keys().next().value!);
    },
  };
}
export type DocumentMemo<V> = ReturnType<typeof documentMemo<V>>;
