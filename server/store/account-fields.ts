// The answers that identify an applicant's account, read where rules/account.json says they are.
import type { Definitions } from "../../engine/definitions";
import { getAt } from "../../engine/pointer";

const params = (defs: Definitions) => (defs.params.account ?? {}) as { emailPointer?: string; namePointers?: string[] };

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
