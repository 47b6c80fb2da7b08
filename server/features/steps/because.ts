// Why a page is due again: when another borrower's save put it back in front of this reader (a
// signature their answer voided, a page of theirs it opened; ./others.ts records it), step.get says
// who changed what and when, in words, until the reader has saved the page again. Never the values.
import { and, desc, eq, or } from "drizzle-orm";
import { OWNER_ROLE } from "@engine/funnel/members";
import { auditAction } from "@engine/lending/audit-actions";
import { serverWordIn } from "@engine/locale/server-words";
import { auditEvents } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import type { LocalizedSet } from "../locale/locale";
import { memberStore, type Reader } from "../members/store";
import { signingStepOf } from "../esign/signed-answers";
import { changedInWords, nameOf, reopenedAction } from "./others";

export interface Because {
  /** Who changed their answers, by name (or their role), in the reader's language. */
  who: string;
  /** The answers that changed, by their titles in the reader's language (never their values). */
  changed: string[];
  /** When (ISO). */
  at: string;
  /** The page is the reader's signature, which the change voided (else a page the change opened). */
  signature: boolean;
}

/** Why `stepId` is due for this reader because of someone else, in `language`, or null (it is simply their next page). */
export async function becauseOf(
  services: Services,
  reader: Reader,
  userId: string,
  stepId: string,
  language: Pick<LocalizedSet, "defs" | "words">,
): Promise<Because | null> {
  const reopened = reopenedAction(reader.role, stepId);
  const [latest] = await services.db
    .select({
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      changed: auditEvents.changed,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.applicationId, reader.app.id),
        or(
          eq(auditEvents.action, reopened),
          and(eq(auditEvents.action, auditAction("step.submit", stepId)), eq(auditEvents.actorId, userId)),
        ),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  // Saved again by this reader since: nothing is owed any more.
  if (!latest || latest.action !== reopened) return null;
  const role =
    latest.actorId === reader.app.ownerId
      ? OWNER_ROLE
      : (await memberStore(services).ofApplication(services.db, reader.app.id)).find(
          (row) => row.userId !== null && row.userId === latest.actorId,
        )?.role;
  return {
    who: role
      ? nameOf(services, reader.app.doc, role, language.words)
      : serverWordIn(language.words, "member.aBorrower"),
    changed: changedInWords(services, JSON.parse(latest.changed) as string[], language.defs),
    at: latest.at.toISOString(),
    signature: signingStepOf(services.defs, reader.role)?.stepId === stepId,
  };
}
