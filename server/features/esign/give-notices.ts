// The notices of the right to cancel, given when the account opens (the loan file's openAccount
// move triggers "rescission-notice"; nothing earlier gives one): each owner who holds the right
// (./right-to-cancel.ts) gets the formal notice (12 CFR 1026.15(b), model form G-5 wording), two
// copies in one PDF with the last day counted from the opening. It is e-delivered only where that
// borrower's E-SIGN consent is on file and their address proven (15 U.S.C. 7001(c)); otherwise it
// goes into the portal's print-and-mail queue with the mailing address (an owner who is not
// applying: the home, where they live), and their period starts on the delivery staff record.
// Each notice is recorded on the file and in the audit trail; the mail goes after the commit.
import { randomUUID } from "node:crypto";
import { auditAction } from "@engine/lending/audit-actions";
import { addressLine, answersPointer } from "@engine/lending/borrowers";
import { getAt } from "@engine/base/pointer";
import type { LoanFile } from "@engine/generated/schema-types";
import type { Db } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import { sha256Hex } from "@server/persistence/storage";
import type { Services } from "@server/services";
import { keepFile } from "../uploads/kept-files";
import { mailGate } from "../messaging/mail";
import { longDate } from "@engine/base/dates";
import { provenRecipient } from "../loan/addresses";
import { filledMail, noticeCover } from "../locale/mail-text";
import { esignConsentOnFile, paperReason } from "../loan/notices";
import {
  holderNotice,
  holderNoticePdf,
  RESCISSION_NOTICE,
  RESCISSION_PDF_NAME,
  rightToCancelOf,
} from "./right-to-cancel";

type Notice = LoanFile["notices"][number];

/** Gives each holder their notice with the file as the opening saves it (accountOpenedAt set); refuses nothing. */
export async function giveRescissionNotices(
  tx: Db,
  services: Services,
  app: { id: string; ownerId: string; doc: Record<string, unknown> },
  file: LoanFile,
  now: Date,
): Promise<{ notices: Notice[]; later: (() => Promise<void>)[] }> {
  const right = await rightToCancelOf(tx, services, app, file, now);
  const period = right.period;
  if (!period || right.cancellation) return { notices: [], later: [] };
  const store = applicationStore(services);
  const notices: Notice[] = [];
  const later: (() => Promise<void>)[] = [];
  for (const holder of right.holders) {
    const consent = holder.role !== null && esignConsentOnFile(services, app.doc, holder.role);
    const recipient = consent ? await provenRecipient(tx, services, app, holder.role!) : null;
    const email = recipient?.email ?? null;
    const {
      text: _text,
      language,
      ...record
    } = holderNotice(app.doc, holder, period, undefined, services.defs.texts);
    const pdf = await holderNoticePdf(app.id, app.doc, holder, period, services.defs.texts);
    const mailingAddress = addressLine(
      holder.role
        ? getAt(app.doc, `${answersPointer(services.defs, holder.role)}/address`)
        : app.doc.property,
    );
    notices.push({
      id: randomUUID(),
      kind: "rightToCancel",
      to: holder.key,
      name: holder.name,
      givenAt: now.toISOString(),
      document: { ...record, language, template: RESCISSION_NOTICE, holder: holder.key },
      pdfSha256: sha256Hex(pdf),
      delivery: email
        ? { via: "electronic" }
        : {
            via: "mail",
            why:
              holder.role === null
                ? "An owner who is not applying"
                : paperReason(services, app.doc, holder.role),
            mailingAddress,
            mailedOn: null,
            mailedBy: null,
          },
    });
    await store.audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("rescission.notice", holder.key),
      applicationId: app.id,
      changed: [email ? "email" : "mail"],
    });
    later.push(async () => {
      await keepFile(services, pdf, "rescissionNotice");
      if (!email) return;
      // The cover in the holder's account language (content/mail/rescission-notice.md), the notice as given.
      const cover = noticeCover(services, "rescission-notice", recipient?.locale, language);
      if (!cover) throw new Error("content/mail/rescission-notice.md is missing");
      await mailGate(services).send(
        email,
        {
          ...filledMail(cover, {
            noticeTitle: record.title,
            name: holder.name,
            endDate: longDate(period.endDate, cover.intl),
          }),
          attachments: [
            { filename: RESCISSION_PDF_NAME, content: Buffer.from(pdf), contentType: "application/pdf" },
          ],
        },
        { kind: "rescission-notice", applicationId: app.id },
      );
    });
  }
  return { notices, later };
}
