// Where a reader left off in a step shown in sections: the last section they saved (step.saveSection,
// audited as step.section:<step>:<section>) since they last saved the whole step. step.get returns it,
// and the page opens at the section after it, the answers of the sections before it filled in (they
// are in the application). Read from the audit trail the saves already write: no state of its own.
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import type { Step } from "@engine/definitions/definitions";
import { auditAction } from "@engine/lending/audit-actions";
import { preparedQuery } from "@server/persistence/db/prepared";
import { auditEvents } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

/** The audit action of one section of a step saved. */
export const sectionAction = (stepId: string, sectionId: string) =>
  auditAction("step.section", stepId, sectionId);

/**
 * The reader's latest section save or whole save of a step. Every step.get of a step in sections
 * asks: prepared once, not built and prepared per read.
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
          like(auditEvents.action, sql.placeholder("sectionPattern")),
          eq(auditEvents.action, sql.placeholder("wholeSave")),
        ),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1),
);

/** The id of the last section this reader saved of `step` since its last whole save, else null. */
export async function lastSavedSection(
  services: Services,
  applicationId: string,
  userId: string,
  step: Step,
): Promise<string | null> {
  if (!step.sections?.length) return null;
  const prefix = sectionAction(step.id, "");
  const [latest] = await latestSectionOrSave(services.db, {
    applicationId,
    userId,
    sectionPattern: `${prefix}%`,
    wholeSave: auditAction("step.submit", step.id),
  });
  return latest?.action.startsWith(prefix) ? latest.action.slice(prefix.length) : null;
}
