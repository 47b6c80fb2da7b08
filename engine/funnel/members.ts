// Who answers which part of an application (rules/members.json): the applicant who owns it, and
// the members they invite (the co-borrower), each owning the answers under some pointers. Generic:
// it knows roles and pointer prefixes, never what a question is about. The server enforces a part
// on every read and save; the form renderer uses the same part to show only what is the reader's.
import type { Definitions } from "../definitions/definitions";
import type { JsonSchema } from "../definitions/bundle";
import { escapeSegment, getAt, isWithin, removeAll, setAt } from "../base/pointer";
import { OWNER_ROLE } from "./owner";
import { evaluateRuleSet } from "../logic/rules";
import { readsSame, sourceOf } from "../logic/same-reads";
import { isObject } from "../base/objects";

export { OWNER_ROLE };

export interface MemberRole {
  label: string;
  /** The answers the member owns while they answer their own part: theirs alone then. */
  owns: string[];
  /**
   * The answers only the member ever gives, even when the owner answers the rest of their part
   * for them: their consents and signature, and what the law asks of them in person (their
   * demographic information, their declarations, their attestation of what the owner answered).
   */
  signs: string[];
  /** Shared answers the member reads but never writes (the borrower's name, the property). */
  sees: string[];
  /** Answers of the member's part that the owner still reads (their name and email). */
  ownerSees: string[];
  /** The `borrower` value of the document requirements (rules/documents.json) that are the member's. */
  documents: string;
  /** The answer holding the address the invite goes to, by access (answers: to answer their part; signs: to consent and sign). */
  inviteEmail: Record<Access, string>;
  /** The member's own email answer: the address they joined with (set when they join; theirs to read, not to change). */
  ownEmail?: string;
  inviteValidDays: number;
  /** The answers that make the member's name, joined (what their session shows). */
  namePointers: string[];
}

/**
 * What a member does with their own account (rules/members.json decides per application):
 * `answers` their whole part, or only `signs` (consents and signature) while the owner answers
 * the rest for them.
 */
export type Access = "answers" | "signs";

/**
 * What one reader may see and change of an application: a member only their own pointers (`only`);
 * the owner everything but the parts members answer themselves (`except`).
 */
export interface Part {
  role: string;
  only: string[] | null;
  except: string[];
  /**
   * Answers outside the part whose change a save is refused for, rather than left as stored: what
   * an active member gives themselves (`signs`). Absent: none.
   */
  refused?: string[];
  /** A member's access (null for the owner). */
  access?: Access | null;
}

export function memberRoles(defs: Definitions): Record<string, MemberRole> {
  return (defs.params.members?.roles ?? {}) as Record<string, MemberRole>;
}

/** How a role is named to people ("Borrower", "Co-borrower"): the owner's and each member's label in rules/members.json. */
export function roleLabel(defs: Definitions, role: string): string {
  const owner = defs.params.members?.owner as { role?: string; label?: string } | undefined;
  if (role === OWNER_ROLE) return owner?.label ?? role;
  return memberRoles(defs)[role]?.label ?? role;
}

export function memberRole(defs: Definitions, role: string): MemberRole {
  const found = memberRoles(defs)[role];
  if (!found) throw new Error(`unknown member role "${role}" (rules/members.json)`);
  return found;
}

/**
 * Each application's access, per definitions set, by the document object: a request asks it of
 * one document two or three times (the reader's part, what they are shown, who is invited). An
 * application is not changed in place once read, as the rule sets' input check already relies on
 * (engine/logic/rule-plan.ts validInputs); the day is kept with it, as the rule set's today.
 */
const accesses = new WeakMap<
  Definitions,
  WeakMap<object, { today: string; access: Record<string, Access> }>
>();

/**
 * Each member role's access to this (stored, complete) application on `today` (the caller's day,
 * required: the server passes its clock's; only a script without a clock the machine's), as rules/members.json
 * decides; absent: not a member. `from`: the document this one was made from (a save's merged
 * answers over the stored one, sharing what they did not change by identity), whose access it
 * takes, kept already, when the rule set reads the same of both (engine/logic/same-reads.ts); so
 * does a document recorded as derived (same-reads.ts derivedFrom). Both are never changed in place,
 * as the kept accesses assume.
 */
export function accessOf(
  defs: Definitions,
  application: unknown,
  today: string,
  from?: object,
): Record<string, Access> {
  if (!defs.ruleSets.has("members")) return {};
  const doc = (application ?? {}) as object;
  let kept = accesses.get(defs);
  if (!kept) accesses.set(defs, (kept = new WeakMap()));
  const hit = kept.get(doc);
  if (hit?.today === today) return { ...hit.access };
  const source = from && readsSame(defs, "members", from, doc) ? from : sourceOf(defs, "members", doc);
  const access = source === doc ? decided(defs, doc, today) : accessOf(defs, source, today);
  kept.set(doc, { today, access });
  return { ...access };
}

/** The members rule set's verdict on `doc` on `today`: each member role's access. */
function decided(defs: Definitions, doc: object, today: string): Record<string, Access> {
  const { outputs } = evaluateRuleSet(defs, "members", doc, { today });
  const out: Record<string, Access> = {};
  for (const role of Object.keys(memberRoles(defs)))
    if (outputs[role] === "answers" || outputs[role] === "signs") out[role] = outputs[role];
  return out;
}

/** The member roles that act with their own account on this application now (answering their part, or signing). */
export const activeRoles = (defs: Definitions, application: unknown, today: string): string[] =>
  Object.keys(accessOf(defs, application, today));

/** The member roles that answer their whole part themselves now (not only sign). */
export const answeringRoles = (defs: Definitions, application: unknown, today: string): string[] =>
  Object.entries(accessOf(defs, application, today))
    .filter(([, access]) => access === "answers")
    .map(([role]) => role);

/** The pointers a member holds alone with this access. */
const heldBy = (spec: MemberRole, access: Access) =>
  access === "answers" ? [...spec.owns, ...spec.signs] : spec.signs;

/**
 * The part of `role`: for the owner, it depends on which members act on their own on `today`; for a
 * member, on their access (`from`: as accessOf's).
 */
export function partOf(
  defs: Definitions,
  role: string,
  application: unknown,
  today: string,
  from?: object,
): Part {
  const access = accessOf(defs, application, today, from);
  if (role !== OWNER_ROLE) {
    const mine = access[role] ?? "signs";
    return { role, only: heldBy(memberRole(defs, role), mine), except: [], access: mine };
  }
  return {
    role,
    only: null,
    except: Object.entries(access).flatMap(([r, a]) => heldBy(memberRole(defs, r), a)),
    refused: Object.keys(access).flatMap((r) => memberRole(defs, r).signs),
    access: null,
  };
}

/** How much of the subtree at `pointer` is the part's: all of it, some of it below, or none. */
export function reach(part: Part, pointer: string): "all" | "some" | "none" {
  // Index loops, no closure: a walk asks this of every field of every step it passes.
  const listed = part.only ?? part.except;
  for (let i = 0; i < listed.length; i++)
    if (isWithin(pointer, listed[i]!)) return part.only ? "all" : "none";
  for (let i = 0; i < listed.length; i++) if (isWithin(listed[i]!, pointer)) return "some";
  return part.only ? "none" : "all";
}

export const writes = (part: Part, pointer: string) => reach(part, pointer) === "all";

/** Whether the part covers the whole application (the owner, when nobody else answers a part). */
export const isWhole = (part: Part) => part.only === null && part.except.length === 0;

/** The part of a reader who may write everything (a visitor's first answer, the owner applying alone). */
export const WHOLE: Part = { role: OWNER_ROLE, only: null, except: [], access: null };

/**
 * `next` limited to the part: the stored document, changed only where the part may write. So the
 * answers of one borrower never overwrite the other's, whatever a request sends.
 */
export function keepToPart(part: Part, stored: unknown, next: unknown): Record<string, unknown> {
  // A value already there (the same one) leaves the document as it is: not copied along its path,
  // so a save that changes nothing outside the part keeps the very document it merged.
  const put = (doc: unknown, pointer: string, value: unknown) =>
    getAt(doc, pointer) === value ? doc : setAt(doc, pointer, value);
  const out = part.only
    ? part.only.reduce<unknown>((doc, p) => put(doc, p, getAt(next, p)), stored ?? {})
    : part.except.reduce<unknown>((doc, p) => put(doc, p, getAt(stored, p)), next ?? {});
  return out as Record<string, unknown>;
}

/** A copy of `doc` with only the values at `pointers` (and below). */
function pick(doc: unknown, pointers: readonly string[]): Record<string, unknown> {
  return pointers.reduce(
    (out, p) => {
      const value = getAt(doc, p);
      return (value === undefined ? out : setAt(out, p, structuredClone(value))) as Record<string, unknown>;
    },
    {} as Record<string, unknown>,
  );
}

/** What a reader is shown of an application (on `today`, as their part): their part, and the shared answers their role reads. */
export function viewFor(defs: Definitions, part: Part, doc: unknown, today: string): Record<string, unknown> {
  if (part.only) return pick(doc, [...part.only, ...memberRole(defs, part.role).sees]);
  if (part.except.length === 0) return (doc ?? {}) as Record<string, unknown>;
  const shown = answeringRoles(defs, doc, today).flatMap((r) => memberRole(defs, r).ownerSees);
  // Every pointer of the other parts left out in one pass: each object on the way copied once,
  // not the whole way from the root once per pointer.
  const without = removeAll(doc ?? {}, part.except);
  return shown.reduce<unknown>((d, p) => {
    const value = getAt(doc, p);
    return value === undefined ? d : setAt(d, p, value);
  }, without) as Record<string, unknown>;
}

/**
 * A step's answer schema limited to the part: properties outside it are left out (and no longer
 * required). A subtree partly in the part is walked through its `properties`.
 */
export function schemaForPart(schema: JsonSchema, part: Part, at = ""): JsonSchema {
  if (isWhole(part) || !isObject(schema.properties)) return schema;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema.properties)) {
    const pointer = `${at}/${escapeSegment(key)}`;
    const r = reach(part, pointer);
    if (r === "all") properties[key] = value;
    else if (r === "some")
      properties[key] = isObject(value) ? schemaForPart(value as JsonSchema, part, pointer) : value;
  }
  const out: JsonSchema = { ...schema, properties };
  if (Array.isArray(schema.required))
    out.required = (schema.required as string[]).filter((k) => k in properties);
  return out;
}

/** A step's UI schema limited to the part, the same way (ui:order keeps only what is left). */
export function uiSchemaForPart(
  uiSchema: Record<string, unknown>,
  part: Part,
  at = "",
): Record<string, unknown> {
  if (isWhole(part)) return uiSchema;
  const left = (key: string) => key === "*" || reach(part, `${at}/${escapeSegment(key)}`) !== "none";
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "ui:order" && Array.isArray(value)) out[key] = value.filter((k) => left(String(k)));
    else if (key.startsWith("ui:")) out[key] = value;
    else if (left(key))
      out[key] =
        isObject(value) && reach(part, `${at}/${escapeSegment(key)}`) === "some"
          ? uiSchemaForPart(value, part, `${at}/${escapeSegment(key)}`)
          : value;
  }
  return out;
}

/** Whether a step asks anything of the part (a step with no answers, a display, always does). */
export function stepHasPart(schema: JsonSchema, part: Part): boolean {
  const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  return (
    properties.length === 0 || properties.some((key) => reach(part, `/${escapeSegment(key)}`) !== "none")
  );
}

/**
 * The flow a member walks with their access (the flow whose answeredBy is the role and whose
 * `access` is theirs; a flow without `access` is for answering); null for the owner.
 */
export function flowOfRole(defs: Definitions, role: string, access: Access = "answers"): string | null {
  if (role === OWNER_ROLE) return null;
  for (const { def } of defs.flows.values())
    if (def.answeredBy === role && (def.access ?? "answers") === access) return def.id;
  return null;
}

/** The flow a reader walks: a member's with their access, null for the owner. */
export const flowOfPart = (defs: Definitions, part: Part): string | null =>
  flowOfRole(defs, part.role, part.access ?? "answers");

/**
 * Which document requirements (rules/documents.json, by their `borrower`) are the reader's to
 * upload and see: a member's own while they answer their part; for the owner, all but those of
 * members answering their part (a member who only signs leaves their documents to the owner).
 */
export function documentsFor(
  defs: Definitions,
  part: Part,
  application: unknown,
  today: string,
): (borrower: string | null) => boolean {
  if (part.only) {
    if (part.access !== "answers") return () => false;
    const own = memberRole(defs, part.role).documents;
    return (borrower) => borrower === own;
  }
  const others = new Set(
    answeringRoles(defs, application, today).map((role) => memberRole(defs, role).documents),
  );
  return (borrower) => borrower === null || !others.has(borrower);
}
