// The documents shown to one application, kept with its stored document (issue 34). A walk fills the
// same texts from the same stored document several times: the setup-consent step's E-SIGN consent
// PDF, then each consent its save records (one call each), then the texts it gives; each call
// worked the figures out again (the pricing and disbursement rule sets, the payment examples: ~160 µs
// a call). A stored document as opened is frozen and shared (persistence/store/opened-documents.ts),
// so its content is fixed while it lives: what is filled from it is kept by the object (gone when it
// goes), per definitions set (the texts and rules the filling reads), by a key naming the rest of
// what the filling reads (the day, the reader's role and language, the document). The site and lender
// files are re-read on every call as before, and a kept answer counts only with the very profiles
// it was made from, so an edit to either is seen at once.
import type { Definitions } from "@engine/definitions/definitions";
import { documentMemo, isShared, type DocumentMemo } from "@server/persistence/store/opened-documents";
import { valuesFixedBySet } from "./values";

/** What an answer was made from besides the document and its key: the site's and the lender's details as read. */
export interface ReadFrom {
  site: object;
  lender: object;
}

interface Kept {
  from: ReadFrom;
  value: unknown;
}

/** A step's few documents, in a language or two, for a role or none, on a day or two. */
const KEPT_PER_DOCUMENT = 32;
const memos = new WeakMap<object, DocumentMemo<Kept>>();

/**
 * `make()`, or what it gave before for this shared document, definitions set and key when made from
 * the same site and lender details. Worked out afresh each time for a document that is not shared
 * (its content could change), or a set whose texts the filling reads from files on disk, not the
 * set's own (values.ts valuesFixedBySet: a file may change between calls).
 */
export function keptWith<V>(defs: Definitions, doc: unknown, key: string, from: ReadFrom, make: () => V): V {
  if (!isShared(doc) || !valuesFixedBySet(defs)) return make();
  let memo = memos.get(defs);
  if (!memo) memos.set(defs, (memo = documentMemo<Kept>(KEPT_PER_DOCUMENT)));
  const hit = memo.get(doc as object, key);
  if (hit && hit.from.site === from.site && hit.from.lender === from.lender) return hit.value as V;
  const value = make();
  memo.set(doc as object, key, { from, value });
  return value;
}
