// The answers that identify an applicant's account, read where rules/account.json says they are.
import type { Definitions } from "../../engine/definitions";
import { deleteAt, getAt } from "../../engine/pointer";

const params = (defs: Definitions) => (defs.params.account ?? {}) as { emailPointer?: string; namePointers?: string[]; verifiedAnswers?: Record<string, string> };

export const emailPointerOf = (defs: Definitions) => params(defs).emailPointer ?? "/user/email";

export function accountEmail(defs: Definitions, doc: unknown): string | null {
  const email = getAt(doc, emailPointerOf(defs));
  return typeof email === "string" ? email : null;
}

/** The account's name: the owner's by rules/account.json, or a member's by their role's namePointers. */
export function accountName(defs: Definitions, doc: unknown, namePointers: readonly string[] = params(defs).namePointers ?? []): string | null {
  const parts = namePointers.map((p) => getAt(doc, p)).filter((v): v is string => typeof v === "string" && v !== "");
  return parts.length ? parts.join(" ") : null;
}

/**
 * `doc` without the verification stamps of the answers this save changed (rules/account.json
 * verifiedAnswers), unless the save itself proved them (a stamp it sets).
 */
export function dropStaleVerifications(defs: Definitions, stored: unknown, doc: Record<string, unknown>, setNow: Record<string, unknown>): void {
  for (const [answer, stamp] of Object.entries(params(defs).verifiedAnswers ?? {}))
    if (!(stamp in setNow) && JSON.stringify(getAt(doc, answer)) !== JSON.stringify(getAt(stored, answer))) deleteAt(doc, stamp);
}
