// Where a reader left off in a step shown in sections: the last section they saved (step.saveSection,
// audited as step.section:<step>:<section>) since they last saved the whole step. step.get returns it,
// and the page opens at the section after it, the answers of the sections before it filled in (they
// are in the application). Read from the audit trail the saves already write: no state of its own
// (an answer read is kept with the stored document, by the reader's revision: lastSavedSection).
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Step } from "@engine/definitions/definitions";
import { auditAction } from "@engine/lending/audit-actions";
import { preparedQuery } from "@server/persistence/db/prepared";
import { auditEvents } from "@server/persistence/db/schema";
import { documentMemo, isShared } from "@server/persistence/store/opened-documents";
import type { Services } from "@server/services";
import type { Reader } from "../members/store";

/** The audit action of one section of a step saved. */
export const sectionAction = (stepId: string, sectionId: string) =>
  auditAction("step.section", stepId, sectionId);

/**
 * The reader's latest section save or whole save of a step. Every step.get of a step in sections
 * asks: prepared once, not built and prepared per read. A section's action is found by its prefix
 * compared as text (`substr(…) =`), not by LIKE: SQLite prepares a statement again on every run
 * whose LIKE pattern is a bound value (~50 µs of a whole application's step.get, issue 34), and a
 * prefix is what the action is read by (case and `_` as written, on both databases).
 */
const latestSectionOrSave = preparedQuery("latestSectionOrSave", (db) =>
  db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.applicationId, sql.placeholder("applicationId")),
        eq(auditEvents.actorId, sql.placeholder("userId")),
        or(
          sql`substr(${auditEvents.action}, 1, ${sql.placeholder("prefixLength")}) = ${sql.placeholder("sectionPrefix")}`,
          eq(auditEvents.action, sql.placeholder("wholeSave")),
        ),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1),
);

/**
 * The answers read, kept with the stored document as opened (frozen and shared: persistence/store/
 * opened-documents.ts, so they go when it goes), by reader, step and the reader's revision. Each
 * save of the reader, of a section or of the whole step, writes its audit row in the transaction
 * that raises that revision (the owner's on the application, a member's on their own row), and a
 * revision is never written twice: on the same revision the answer is the same, whichever server
 * saved. The member row's id and acceptance are in the key, as a member who joins again starts
 * again from revision 0 with the audit rows of before.
 */
/** The readers of one document and the steps in sections they open: a few. */
const answered = documentMemo<string | null>(16);

/** The id of the last section this reader saved of `step` since its last whole save, else null. */
export async function lastSavedSection(
  services: Services,
  reader: Reader,
  userId: string,
  step: Step,
): Promise<string | null> {
  if (!step.sections?.length) return null;
  const { app, member } = reader;
  const shared = isShared(app.doc);
  const key = JSON.stringify([
    userId,
    member?.id ?? null,
    member?.acceptedAt?.getTime() ?? null,
    member?.revision ?? app.revision,
    step.id,
  ]);
  const hit = shared ? answered.get(app.doc, key) : undefined;
  if (hit !== undefined) return hit;
  const last = await readLastSection(services, app.id, userId, step);
  if (shared) answered.set(app.doc, key, last);
  return last;
}

async function readLastSection(
  services: Services,
  applicationId: string,
  userId: string,
  step: Step,
): Promise<string | null> {
  const prefix = sectionAction(step.id, "");
  const [latest] = await latestSectionOrSave(services.db, {
    applicationId,
    userId,
    sectionPrefix: prefix,
    prefixLength: prefix.length,
    wholeSave: auditAction("step.submit", step.id),
  });
  return latest?.action.startsWith(prefix) ? latest.action.slice(prefix.length) : null;
}
