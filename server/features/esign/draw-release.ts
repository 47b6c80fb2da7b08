// No draw before the account opens and the right to cancel ends (12 CFR 1026.15(c)), and none at
// all once an owner has cancelled. The loan file's fund move requires it (rules/milestones.json
// rescissionPeriodsEnded), and an application's status cannot move to a status that releases money
// (rules/disbursement.json params.rescission.releasedStatuses, e.g. funded, disbursed) while it
// holds. Each owner's period runs from the later of the account opening (the loan file's
// openAccount move) and the delivery of their notice: a mailed notice with no delivery recorded
// keeps the money held (rules/disbursement.json drawReleasable decides).
import { refuse } from "@server/features/refusal";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { dateIn } from "./rescission";
import { rightToCancel } from "./right-to-cancel";
import { longDate } from "./values";

/** The statuses that release money (data: params.disbursement.rescission.releasedStatuses). */
export function releasedStatuses(defs: Services["defs"]): string[] {
  const rescission = ((defs.params.disbursement ?? {}) as Record<string, any>).rescission ?? {};
  return Array.isArray(rescission.releasedStatuses) ? (rescission.releasedStatuses as string[]) : [];
}

/** Why the draw cannot be released at `now`, or null when it can. */
export async function drawHeldBack(
  db: Db,
  services: Services,
  applicationId: string,
  doc: unknown,
  now: Date,
): Promise<string | null> {
  const right = await rightToCancel(
    db,
    services,
    { id: applicationId, doc: doc as Record<string, unknown> },
    now,
  );
  // A cancellation stands whatever the home's use says now: the line is cancelled for good.
  if (right.cancellation)
    return `${right.cancellation.name} cancelled the line under the right to cancel on ${longDate(right.cancellation.sentOn)}: no draw can ever be released`;
  if (!right.accountOpenedAt)
    return "the account is not open yet: it opens when every borrower has signed the closing documents and the notarization is recorded";
  if (right.drawReleasable) return null;
  if (!right.period) return "the right to cancel holds the draw back";
  const today = dateIn(now, right.period.timeZone);
  const waiting = right.holders.flatMap((h) =>
    h.period === null
      ? [
          `the notice of the right to cancel mailed to ${h.name} has no delivery recorded, so their three business days have not started`,
        ]
      : today < h.period.earliestDisbursementDate
        ? [`${h.name}'s right to cancel runs until midnight on ${longDate(h.period.endDate)}`]
        : [],
  );
  return waiting.length
    ? `${waiting.join("; ")}: no draw can be released before every owner's period has ended`
    : "the right to cancel holds the draw back";
}

/** Throws (412) when moving this application to `status` would release money too early, or after a cancellation. */
export async function assertDrawMayBeReleased(
  db: Db,
  services: Services,
  app: { id: string; status: string },
  doc: unknown,
  status: string,
  now: Date,
) {
  if (status === app.status || !releasedStatuses(services.defs).includes(status)) return;
  const reason = await drawHeldBack(db, services, app.id, doc, now);
  if (reason) throw refuse("notNow", `The line cannot move to "${status}": ${reason}.`);
}
