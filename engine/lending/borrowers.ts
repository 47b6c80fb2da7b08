// The borrowers of an application as the data names them, and how each is named and addressed:
// the roles (rules/members.json params.borrowers, the owner first), where each one's answers are,
// their name (members.json namePointers; the account's, rules/account.json), the words that
// address them ("your", "your co-borrower's": members.json `words`), and an address in one line.
// Server and web read borrowers only through here, so no role name is spelled in their code.
import type { Definitions } from "../definitions/definitions";
import type { EachBorrowerRole as BorrowerSpec } from "../definitions/each-borrower";
import type { IdentityVerification } from "../generated/schema-types";
import { OWNER_ROLE, memberRoles } from "../funnel/members";
import { getAt, withoutAt } from "../base/pointer";

/** A borrower of an application: the schemas name them (each has their own photo ID choice). */
export type BorrowerRole = keyof IdentityVerification & string;

/** The words that speak of a borrower to the applicant: "you" / "your co-borrower", "your" / "your co-borrower's", "your" / "their". */
export interface RoleWords {
  who: string;
  whose: string;
  own: string;
}

const membersParams = (defs: Definitions) =>
  (defs.params.members ?? {}) as {
    owner?: { role?: string; namePointers?: string[]; words?: RoleWords };
    borrowers?: Record<string, BorrowerSpec>;
  };

/** The borrowers' roles, the owner's first (rules/members.json params.borrowers). */
export function borrowerRoles(defs: Definitions): BorrowerRole[] {
  return Object.keys(membersParams(defs).borrowers ?? { [OWNER_ROLE]: {} }) as BorrowerRole[];
}

/** Whether a value is one of the borrowers' roles. */
export const isBorrowerRole = (defs: Definitions, value: unknown): value is BorrowerRole =>
  typeof value === "string" && (borrowerRoles(defs) as string[]).includes(value);

/** The owner's role (the borrower who started the application). */
export const ownerRole = (defs: Definitions): BorrowerRole =>
  (membersParams(defs).owner?.role ?? OWNER_ROLE) as BorrowerRole;

/** Whose walk a flow is: the member role it is answeredBy, else the owner's. */
export const roleOfFlow = (defs: Definitions, flow: { answeredBy?: string }): string =>
  flow.answeredBy ?? ownerRole(defs);

/** The pointer of a borrower's own answers ("/user", "/coborrower"). */
export function answersPointer(defs: Definitions, role: string): string {
  const spec = membersParams(defs).borrowers?.[role];
  if (!spec) throw new Error(`unknown borrower role "${role}" (rules/members.json params.borrowers)`);
  return `/${spec.answers}`;
}

/** The answers that make a borrower's name, joined. */
export function namePointersOf(defs: Definitions, role: string): string[] {
  if (role === ownerRole(defs))
    return membersParams(defs).owner?.namePointers ?? accountParams(defs).namePointers ?? [];
  return memberRoles(defs)[role]?.namePointers ?? [];
}

/** A borrower's name as the application holds it ("Sam Lee"), or null before they gave one. */
export const borrowerName = (defs: Definitions, doc: unknown, role: string): string | null =>
  joinedName(doc, namePointersOf(defs, role));

/** How the applicant's pages speak of a borrower (rules/members.json `words` of the owner and of each member role). */
export function roleWords(defs: Definitions, role: string | null | undefined): RoleWords {
  const words =
    role && role !== ownerRole(defs)
      ? (memberRoles(defs)[role] as { words?: RoleWords } | undefined)?.words
      : membersParams(defs).owner?.words;
  if (!words) throw new Error(`no words for the borrower role "${role ?? ""}" (rules/members.json)`);
  return words;
}

/**
 * How a reader's page speaks of the borrower of `role`: to a member about their own part, in the
 * words the owner reads of theirs ("your documents", not "your co-borrower's documents").
 */
export function wordsFor(
  defs: Definitions,
  role: string | null | undefined,
  reader: string | null | undefined,
): RoleWords {
  return reader && role === reader ? roleWords(defs, ownerRole(defs)) : roleWords(defs, role);
}

/** Whether an upload (schemas/upload.json, which flags a co-borrower's with isCoborrower) is the borrower's of `role`. */
export const isUploadOf = (defs: Definitions, upload: { isCoborrower?: boolean | null }, role: string) =>
  !!upload.isCoborrower === (role !== ownerRole(defs));

// The answers that identify the applicant's account (rules/account.json).

const accountParams = (defs: Definitions) =>
  (defs.params.account ?? {}) as {
    emailPointer?: string;
    namePointers?: string[];
    verifiedAnswers?: Record<string, string>;
  };

export const emailPointerOf = (defs: Definitions) => accountParams(defs).emailPointer ?? "/user/email";

export function accountEmail(defs: Definitions, doc: unknown): string | null {
  const email = getAt(doc, emailPointerOf(defs));
  return typeof email === "string" ? email : null;
}

function joinedName(doc: unknown, pointers: readonly string[]): string | null {
  const parts = pointers
    .map((p) => getAt(doc, p))
    .filter((v): v is string => typeof v === "string" && v !== "");
  return parts.length ? parts.join(" ") : null;
}

/** The account's name: the owner's by rules/account.json, or a member's by their role's namePointers. */
export const accountName = (
  defs: Definitions,
  doc: unknown,
  namePointers: readonly string[] = accountParams(defs).namePointers ?? [],
): string | null => joinedName(doc, namePointers);

/**
 * `doc` without the verification stamps of the answers this save changed (rules/account.json
 * verifiedAnswers), unless the save itself proved them (a stamp it sets).
 */
export function dropStaleVerifications(
  defs: Definitions,
  stored: unknown,
  doc: Record<string, unknown>,
  setNow: Record<string, unknown>,
): Record<string, unknown> {
  let out = doc;
  for (const [answer, stamp] of Object.entries(accountParams(defs).verifiedAnswers ?? {}))
    if (!(stamp in setNow) && JSON.stringify(getAt(doc, answer)) !== JSON.stringify(getAt(stored, answer)))
      out = withoutAt(out, stamp) as Record<string, unknown>;
  return out;
}

/** The postal parts of an address (schemas/address.json) that its one line is made of, and its county, which the line leaves out. */
export const ADDRESS_PARTS: readonly string[] = ["line1", "line2", "city", "state", "zip", "county"];

/**
 * An address (schemas/address.json) in one line, from the parts present: "1200 Larimer Street,
 * Unit 4, Denver, CO 80205". Null when it has none.
 */
export function addressLine(address: unknown): string | null {
  const p = (address ?? {}) as Record<string, unknown>;
  const text = (key: string) =>
    typeof p[key] === "string" && (p[key] as string).trim() ? (p[key] as string).trim() : null;
  const cityLine = [text("city"), [text("state"), text("zip")].filter(Boolean).join(" ") || null]
    .filter(Boolean)
    .join(", ");
  const parts = [text("line1"), text("line2"), cityLine || null].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}
