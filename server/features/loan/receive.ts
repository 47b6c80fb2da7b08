// The lender receives an application at the save that submits it: its loan file opens at the
// milestone rules/milestones.json starts from (receivedAt is that moment, from which the 30 days
// of Regulation B 1002.9(c)(1) run until the application is complete), and the "submitted" event
// of rules/notifications.json is queued in the same transaction, mailed after the commit.
import { eq } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import type { StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { borrowersOf } from "./facts";
import { openLoanFile } from "./moves";
import { queueNotifications, sendDueNotifications } from "./notify";

export async function receiveApplication(
  tx: Db,
  services: Services,
  app: Pick<StoredApplication, "id" | "doc">,
  now: Date,
): Promise<() => Promise<void>> {
  await openLoanFile(tx, services, app, now);
  const [row] = await tx
    .select({ partnerId: applications.partnerId, loanOfficerId: applications.loanOfficerId })
    .from(applications)
    .where(eq(applications.id, app.id));
  await queueNotifications(
    tx,
    services,
    { id: app.id, partnerId: row?.partnerId ?? "house", loanOfficerId: row?.loanOfficerId ?? null },
    "submitted",
    { borrowers: borrowersOf(services, app.doc) },
    now,
  );
  return () => sendDueNotifications(services, app.id);
}
