// The audit trail records which answers changed as JSON pointers ("/coborrower/address/zip"),
// never their values; staff read them here in words: the field's title from the schemas, the title
// of the group it sits in, the item's number in a list, and whose answer it is when the pointer is
// a borrower's ("Address: ZIP code (co-borrower)"). A pointer outside the application's schema
// (a file's index, the loan file's milestone) is put in words from its own segments. Pure.
import { humanize } from "../base/text";
import { splitPointer } from "../base/pointer";
import type { Definitions } from "../definitions/definitions";
import { fieldTitle } from "../definitions/schema-walk";
import { answersPointer, borrowerRoles } from "./borrowers";

/** Ids in a pointer (an upload's or a note's uuid) are not words. */
const ID_LIKE = /^[0-9a-f]{8}-|^[A-Za-z0-9_-]{20,}$/;

/** The borrower whose answer a pointer is, or null. */
function borrowerOf(defs: Definitions, pointer: string): string | null {
  for (const role of borrowerRoles(defs)) {
    const base = answersPointer(defs, role);
    if (pointer === base || pointer.startsWith(`${base}/`)) return role;
  }
  return null;
}

/** The segments of the group a pointer is in: the last segment and the list indexes before it dropped. */
function parentOf(segments: string[]): string[] {
  const up = segments.slice(0, -1);
  while (up.length && /^\d+$/.test(up.at(-1)!)) up.pop();
  return up;
}

/**
 * A field's own words: its schema title when it has one of its own (a title found only on an
 * ancestor is the group's), else its name put in words; null for an id.
 */
function wordsOf(defs: Definitions, segments: string[]): string | null {
  const pointer = `/${segments.join("/")}`;
  const title = fieldTitle(defs.files, pointer);
  const up = parentOf(segments);
  if (title && (!up.length || title !== fieldTitle(defs.files, `/${up.join("/")}`))) return title;
  const last = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  return last && !ID_LIKE.test(last) ? humanize(last) : null;
}

const isBorrowerRoot = (defs: Definitions, pointer: string) =>
  borrowerRoles(defs).some((role) => answersPointer(defs, role) === pointer);

/**
 * A changed field in words for staff. `roleName` names a borrower role ("Co-borrower"); the owner's
 * role is named too, so "ZIP code (borrower)" and "ZIP code (co-borrower)" differ.
 */
export function changedFieldLabel(
  defs: Definitions,
  pointer: string,
  roleName: (role: string) => string,
): string {
  // A trailing id (a note's) names one thing of its group: the group is said.
  const segments = splitPointer(pointer);
  while (segments.length > 1 && ID_LIKE.test(segments.at(-1)!)) segments.pop();
  const items = segments.filter((s) => /^\d+$/.test(s)).map((s) => `#${Number(s) + 1}`);
  // The group the field sits in (list items aside), said before the field unless it is a
  // borrower's answers themselves (their role is said after): "Current address: ZIP code".
  const up = parentOf(segments);
  const own = wordsOf(defs, segments);
  if (!own) return pointer;
  const group = up.length && !isBorrowerRoot(defs, `/${up.join("/")}`) ? wordsOf(defs, up) : null;
  const words = group && group !== own ? `${group}: ${own}` : own;
  const role = borrowerOf(defs, pointer);
  const notes = [...items, ...(role ? [roleName(role).toLowerCase()] : [])];
  return notes.length ? `${words} (${notes.join(", ")})` : words;
}
