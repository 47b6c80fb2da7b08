// When the definitions changed since an application's answers were last checked: on the
// applicant's next visit (the session view, step.get) or answer (step.submit), the saved answers
// are checked against the running definitions once, and the applicant is sent back to the steps
// whose answers no longer pass, and only those (engine/recheck.ts finds them).
import { eq, sql } from "drizzle-orm";
import { todayIso } from "../../engine/dates";
import { invalidSteps, isFinalStatus } from "../../engine/recheck";
import { transaction, type Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { applications } from "../db/schema";
import type { Services } from "../services";
import { applicationStore, type StoredApplication } from "./applications";

/** Whether an application's answers are due a check against the running definitions. */
export const recheckDue = (services: Services, app: { definitionsVersion: string | null; status: string }): boolean =>
  app.definitionsVersion !== services.definitionsVersion && !isFinalStatus(services.defs, app.status);

const versionOfOwners = preparedQuery("applicationVersionByOwner", (db) =>
  db.select({ definitionsVersion: applications.definitionsVersion, status: applications.status }).from(applications).where(eq(applications.ownerId, sql.placeholder("ownerId"))),
);

/**
 * Inside the caller's transaction: the application as it is after the re-check its version calls
 * for (itself when none is due). Sending the applicant back is the one time the status moves
 * backward: `recheck.resume` keeps where they were, and answering the listed steps returns them
 * there. Returns the application unchanged when someone saved in between (the next visit tries again).
 */
export async function recheckApplication(tx: Db, services: Services, app: StoredApplication): Promise<StoredApplication> {
  const { defs, definitionsVersion } = services;
  if (!recheckDue(services, app)) return app;
  const store = applicationStore(services);
  // A re-check still open from an earlier change resumes where that one was going.
  const resume = app.recheck?.resume ?? app.status;
  const invalid = invalidSteps(defs, { application: app.doc, status: resume, variant: app.variant, today: todayIso(services.now()) });
  const checked: StoredApplication = { ...app, definitionsVersion };

  if (invalid.length === 0 && !app.recheck) return (await store.stamp(tx, app)) ? checked : app;
  const recheck = invalid.length ? { steps: invalid.map((s) => s.stepId), resume } : null;
  const status = recheck?.steps[0] ?? resume;
  if (!(await store.save(tx, checked, app.doc, status, recheck))) return app;
  // The event carries the new version; the action names the one the answers were saved under.
  await store.audit(tx, {
    actorKind: "system",
    actorId: null,
    action: `definitions.recheck:${app.definitionsVersion ?? "none"}`,
    applicationId: app.id,
    changed: invalid.flatMap((s) => s.pointers),
  });
  return { ...checked, status, recheck, revision: app.revision + 1 };
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
