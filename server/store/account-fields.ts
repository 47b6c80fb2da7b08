// The answers that identify an applicant's account, read where rules/account.json says they are.
import type { Definitions } from "../../engine/definitions";
import { getAt } from "../../engine/pointer";

const params = (defs: Definitions) => (defs.params.account ?? {}) as { emailPointer?: string; namePointers?: string[] };

export const emailPointerOf = (defs: Definitions) => params(defs).emailPointer ?? "/user/email";

export function accountEmail(defs: Definitions, doc: unknown): string | null {
  const email = getAt(doc, emailPointerOf(defs));
  return typeof email === "string" ? email : null;
}

export function accountName(defs: Definitions, doc: unknown): string | null {
  const parts = (params(defs).namePointers ?? []).map((p) => getAt(doc, p)).filter((v): v is string => typeof v === "string" && v !== "");
  return parts.length ? parts.join(" ") : null;
}
