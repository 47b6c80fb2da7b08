// When the definitions changed since an application's answers were last checked: on the
// applicant's next visit (the session view, step.get) or answer (step.submit), the answers of the
// steps they have saved are checked against the running definitions once; the steps whose answers
// no longer pass are taken off their saved list, so their path (engine/funnel/journey.ts) leads back
// through those steps, and only those, then on to where they were.
import { auditAction } from "@engine/lending/audit-actions";
import { eq, sql } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { doneSteps, isFinalStatus } from "@engine/funnel/journey";
import { invalidSteps, type InvalidStep } from "@engine/funnel/recheck";
import { transaction, type Db } from "@server/persistence/db/client";
import { preparedQuery } from "@server/persistence/db/prepared";
import { applications } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { ownerCompleted, ownerJourney, statusOf } from "@server/features/steps/journey";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";

/** Whether an application's answers are due a check against the running definitions. */
export const recheckDue = (
  services: Services,
  app: { definitionsVersion: string | null; status: string },
): boolean =>
  app.definitionsVersion !== services.definitionsVersion && !isFinalStatus(services.defs, app.status);

const versionOfOwners = preparedQuery("applicationVersionByOwner", (db) =>
  db
    .select({ definitionsVersion: applications.definitionsVersion, status: applications.status })
    .from(applications)
    .where(eq(applications.ownerId, sql.placeholder("ownerId"))),
);

/**
 * What a re-check against the services' definitions finds, without saving anything: the saved
 * steps whose answers fail, in path order; null when none is due (same version, a final status)
 * or the application is submitted (its answers keep the version they were submitted under).
 */
export function recheckFindings(services: Services, app: StoredApplication): InvalidStep[] | null {
  if (!recheckDue(services, app)) return null;
  const journey = ownerJourney(services, app, app.doc, ownerCompleted(services, app));
  if (journey.submitted) return null;
  return invalidSteps(services.defs, {
    application: app.doc,
    steps: doneSteps(journey),
    today: todayIso(services.now()),
  });
}

/**
 * Inside the caller's transaction: the application as it is after the re-check its version calls
 * for (itself when none is due). A submitted application is not re-opened: its answers keep the
 * version they were submitted under. Returns the application unchanged when someone saved in
 * between (the next visit tries again).
 */
export async function recheckApplication(
  tx: Db,
  services: Services,
  app: StoredApplication,
): Promise<StoredApplication> {
  const { definitionsVersion } = services;
  const invalid = recheckFindings(services, app);
  if (!invalid) return app;
  const completed = ownerCompleted(services, app);
  const store = applicationStore(services);
  const checked: StoredApplication = { ...app, definitionsVersion };

  if (invalid.length === 0 && !app.recheck) return (await store.stamp(tx, app)) ? checked : app;
  const failing = new Set(invalid.map((s) => s.stepId));
  const kept = completed.filter((id) => !failing.has(id));
  const recheck = invalid.length ? { steps: invalid.map((s) => s.stepId) } : null;
  const status = statusOf(ownerJourney(services, app, app.doc, kept), app.status);
  if (!(await store.save(tx, checked, app.doc, status, recheck, { completed: kept }))) return app;
  // The event carries the new version; the action names the one the answers were saved under.
  await store.audit(tx, {
    actorKind: "system",
    actorId: null,
    action: auditAction("definitions.recheck", app.definitionsVersion ?? "none"),
    applicationId: app.id,
    changed: invalid.flatMap((s) => s.pointers),
  });
  return { ...checked, status, recheck, completed: kept, revision: app.revision + 1 };
}

/** The re-check at the start of a visit; one indexed read when the version is current. */
export async function recheckOnVisit(services: Services, ownerId: string): Promise<void> {
  const { db } = services;
  const [row] = await versionOfOwners(db, { ownerId });
  if (!row || !recheckDue(services, row)) return;
  const store = applicationStore(services);
  await transaction(db, async (tx) => {
    const app = await store.ofOwner(tx, ownerId);
    if (app) await recheckApplication(tx, services, app);
  });
}
