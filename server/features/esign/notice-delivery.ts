// The delivery of a notice of the right to cancel mailed on paper (12 CFR 1026.15(a)(3), (b)): to an
// owner who is not applying, or a borrower without E-SIGN consent on file; portal staff with
// rescission.record record the day it reached them. That owner's three business days run from the
// later of the account opening and that day (rules/disbursement.json holderPeriods), and the draw
// stays held until they end (./draw-release.ts); with no delivery recorded it stays held.
import { refuse, invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { transaction } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { dateIn } from "./rescission";
import { deliveriesOf, rightToCancel, type Delivery } from "./right-to-cancel";
import { longDate } from "./values";

interface DeliveryRequest {
  applicationId: string;
  holder: string;
  deliveredOn: string;
  via: Delivery["via"];
  recordedBy: Delivery["recordedBy"];
}

const notNow = (message: string) => refuse("notNow", message);

/** Records the day a mailed notice reached its owner, or refuses (naming the field); a later record replaces an earlier one. */
export async function recordNoticeDelivery(
  services: Services,
  request: DeliveryRequest,
): Promise<Delivery & { holder: string; name: string }> {
  const store = applicationStore(services);
  const now = services.now();
  return transaction(services.db, async (tx) => {
    const app = await store.byId(tx, request.applicationId);
    if (!app) throw refuse("notFound", "There is no such application.");
    const right = await rightToCancel(tx, services, app, now);
    if (!right.accountOpenedAt)
      throw notNow(
        "The notices of the right to cancel are given when the account opens: there is none to deliver yet.",
      );
    if (!right.applies)
      throw notNow("No right to cancel applies to this line: there is no notice to deliver.");
    if (right.cancellation)
      throw refuse(
        "conflict",
        `This line was already cancelled by ${right.cancellation.name} on ${longDate(right.cancellation.sentOn)}.`,
      );
    if (!right.period)
      throw notNow(
        "The notices of the right to cancel are given when the account opens: there is none to deliver yet.",
      );
    const holder = right.holders.find((h) => h.key === request.holder);
    if (!holder)
      throw invalidAnswers([
        {
          pointer: "/holder",
          message: "Only an owner with the right to cancel has a notice (one named on the notices).",
        },
      ]);
    if (holder.delivery.via === "email")
      throw invalidAnswers([
        {
          pointer: "/holder",
          message: `${holder.name}'s notice was delivered electronically when the account opened: only a mailed notice's delivery is recorded.`,
        },
      ]);
    const today = dateIn(now, right.period.timeZone);
    if (request.deliveredOn > today)
      throw invalidAnswers([
        { pointer: "/deliveredOn", message: "The day the notice was delivered cannot be after today." },
      ]);
    if (request.deliveredOn < right.period.startDate)
      throw invalidAnswers([
        {
          pointer: "/deliveredOn",
          message: `The notice was made when the account opened on ${longDate(right.period.startDate)}: it cannot have been delivered before.`,
        },
      ]);
    const delivery: Delivery = {
      deliveredOn: request.deliveredOn,
      via: request.via,
      recordedAt: now.toISOString(),
      recordedBy: request.recordedBy,
    };
    const rescission = (app.doc.rescission ?? {}) as Record<string, unknown>;
    const doc = {
      ...app.doc,
      rescission: { ...rescission, deliveries: { ...deliveriesOf(app.doc), [holder.key]: delivery } },
    };
    if (!(await store.save(tx, app, doc, app.status)))
      throw refuse("conflict", "The application changed meanwhile. Please try again.");
    await store.audit(tx, {
      actorKind: "portal",
      actorId: request.recordedBy.id,
      action: auditAction("rescission.delivered", holder.key),
      applicationId: app.id,
      changed: [`/rescission/deliveries/${holder.key}`],
    });
    return { ...delivery, holder: holder.key, name: holder.name };
  });
}
