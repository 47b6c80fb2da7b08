// An early decline the applicant neither confirms nor corrects (./early-decline.ts) is not left
// without its notice: Regulation B gives 30 days after adverse action is taken to notify
// (12 CFR 1002.9(a)(1)). Once params.pricing.unconfirmedDeclineDays (rules/pricing.json) have
// passed since the save whose answers first led to it (applications.pending_decline_since), the
// server's sweep (server/platform/jobs/sweeps.ts) issues it as a confirmation would: recorded
// with its notice, the PDF made before the transaction, delivered after the commit, electronically
// only with E-SIGN consent and a proven address, else on paper to the mailing address on file (with
// none on file yet, it waits in the print-and-mail queue without one: staff find the address).
import { lte } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { needsConfirmation, unconfirmedDeclineDays } from "@engine/lending/early-declines";
import { transaction } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { alreadyRecorded, declineOf } from "./adverse-action";
import { commitDecline, deliverPrepared, markDeclineClock, prepareDecline } from "./early-decline";

const DAY_MS = 86_400_000;
/** How many declines one round issues at most (the next round takes the rest). */
const BATCH = 50;

/** Issues every early decline left unconfirmed past its days; answers how many it issued. */
export async function issueUnconfirmedDeclines(services: Services): Promise<number> {
  const days = unconfirmedDeclineDays(services.defs);
  if (!Number.isFinite(days)) return 0;
  const now = services.now();
  const due = new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await services.db
    .select({ id: applications.id, since: applications.pendingDeclineSince })
    .from(applications)
    .where(lte(applications.pendingDeclineSince, due))
    .limit(BATCH);
  let issued = 0;
  for (const row of rows) if (await issueOne(services, row.id, row.since!)) issued++;
  return issued;
}

async function issueOne(services: Services, applicationId: string, since: string): Promise<boolean> {
  const app = await applicationStore(services).byId(services.db, applicationId);
  if (!app) return false;
  const decline = declineOf(services.defs, app.doc, todayIso(services.now()));
  // The answers no longer lead to a decline waiting for confirmation (the rules changed since):
  // the clock stops and nothing is issued.
  if (!decline || !needsConfirmation(services.defs, decline.ruleId) || alreadyRecorded(app.doc, decline)) {
    await transaction(services.db, (tx) =>
      markDeclineClock(tx, { id: applicationId, declineClockRuns: true }, null),
    );
    return false;
  }
  const prepared = await prepareDecline(
    services,
    app,
    { unconfirmedSince: since },
    { requireAddress: false },
  );
  // A save meanwhile (the applicant came back) leaves it to the next round, on the answers as they are then.
  if (
    !prepared ||
    !(await commitDecline(services, prepared, { kind: "system", id: null, how: "unconfirmed" }))
  )
    return false;
  await deliverPrepared(services, prepared);
  return true;
}
