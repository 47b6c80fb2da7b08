// The `giveRescissionNotices` step effect (after recordSignatures on the sign steps): a signing
// opens the account and starts the right to cancel, so each owner who has it is given the formal
// notice (12 CFR 1026.15(b)) with the last day counted from this signing: emailed, as a PDF with
// two copies, to each borrower who has it; an owner who is not applying has no email with us, so
// the portal lists their notice for staff to mail. Each notice given is in the audit trail.
import { auditAction } from "@engine/lending/audit-actions";
import { contentJson } from "./documents";
import { applicationStore } from "@server/persistence/store/applications";
import { mailGate } from "../messaging/mail";
import type { EffectHandler } from "../steps/effects";
import { fillText } from "./cancellation";
import { holderNotice, holderNoticePdf, RESCISSION_PDF_NAME, rightToCancel } from "./right-to-cancel";

export const giveRescissionNotices: EffectHandler = {
  async record({ tx, services, application, doc, now, actorId }) {
    const right = await rightToCancel(tx, services, { id: application.id, doc }, now);
    if (!right.period || right.cancellation) return;
    const period = right.period;
    const store = applicationStore(services);
    for (const holder of right.holders)
      await store.audit(tx, {
        actorKind: "system",
        actorId: actorId ?? null,
        action: auditAction("rescission.notice", holder.key),
        applicationId: application.id,
        changed: [holder.email ? "email" : "mail"],
      });
    const emailed = right.holders.filter((h) => h.email !== null);
    return async () => {
      const body = contentJson<{ noticeMail: { body: string } }>(services.defs.texts, "right-to-cancel.json")
        .noticeMail.body;
      for (const holder of emailed) {
        const { title, values } = holderNotice(doc, holder, period, undefined, services.defs.texts);
        const pdf = await holderNoticePdf(application.id, doc, holder, period, services.defs.texts);
        await mailGate(services).send(
          holder.email!,
          {
            subject: title,
            text: fillText(body, { name: holder.name, endDate: values.rescissionEndDate! }),
            attachments: [
              { filename: RESCISSION_PDF_NAME, content: Buffer.from(pdf), contentType: "application/pdf" },
            ],
          },
          { kind: "rescission-notice", applicationId: application.id },
        );
      }
    };
  },
};
