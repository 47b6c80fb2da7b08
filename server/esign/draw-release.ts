// No draw before the right to cancel ends (12 CFR 1026.15(c)): an application's status cannot move
// to a status that releases money (rules/disbursement.json params.rescission.releasedStatuses,
// e.g. funded, disbursed) while any owner may still cancel. The period runs from the signing of
// the disclosures (the latest standing one); without one, it has not started. The application
// store calls this on every status change to a released status, so no path can skip it.
import { TRPCError } from "@trpc/server";
import type { Db } from "../db/client";
import type { Services } from "../services";
import { dateIn, rescissionFor } from "./rescission";
import { latestSigning } from "./signatures";
import { longDate } from "./values";

/** The statuses that release money (data: params.disbursement.rescission.releasedStatuses). */
export function releasedStatuses(defs: Services["defs"]): string[] {
  const rescission = ((defs.params.disbursement ?? {}) as Record<string, any>).rescission ?? {};
  return Array.isArray(rescission.releasedStatuses) ? (rescission.releasedStatuses as string[]) : [];
}

/** Why the draw cannot be released at `now`, or null when it can. */
export async function drawHeldBack(db: Db, services: Services, applicationId: string, doc: unknown, now: Date): Promise<string | null> {
  const signing = await latestSigning(db, applicationId);
  const period = rescissionFor(services.defs, doc, { now: signing?.signedAt ?? now, signedAt: signing?.signedAt ?? null });
  if (!period.applies) return null;
  if (!signing) return "the right to cancel has not started: the disclosures are not signed yet";
  const today = dateIn(now, period.timeZone);
  if (today < period.earliestDisbursementDate)
    return `the right to cancel runs until midnight on ${longDate(period.endDate)}: no draw can be released before ${longDate(period.earliestDisbursementDate)}`;
  return null;
}

/** Throws (412) when moving this application to `status` would release money too early. */
export async function assertDrawMayBeReleased(db: Db, services: Services, app: { id: string; status: string }, doc: unknown, status: string, now: Date) {
  if (status === app.status || !releasedStatuses(services.defs).includes(status)) return;
  const reason = await drawHeldBack(db, services, app.id, doc, now);
  if (reason) throw new TRPCError({ code: "PRECONDITION_FAILED", message: `The line cannot move to "${status}": ${reason}.` });
}
