// The print-and-mail queue: a notice of the loan file (a decision, a counteroffer, a notice of
// incompleteness, a valuation's copy) goes on paper to a borrower without E-SIGN consent or a
// proven email address, and staff record the day they mailed it (notices.mail). A valuation's
// copy counts as delivered params.milestones.valuationMailBusinessDays business days after that
// day (rules/milestones.json lateValuationCopies), so the account can open once it has been had in
// time. Saved at the file's revision with its audit row, or refused saving nothing.
import { auditAction } from "@engine/lending/audit-actions";
import type { LoanFile } from "@engine/generated/schema-types";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { dateIn } from "../esign/rescission";
import { homeTimeZone } from "../esign/right-to-cancel";
import type { Staff } from "../portal/staff";
import { invalidAnswers, refuse } from "../refusal";
import { fileToChange } from "./moves";
import { readLoanFile, saveLoanFile, type StoredLoanFile } from "./store";

export interface NoticeMailed {
  applicationId: string;
  noticeId: string;
  mailedOn: string;
}

export async function recordNoticeMailed(
  services: Services,
  staff: Staff,
  input: NoticeMailed,
): Promise<StoredLoanFile> {
  return transaction(services.db, async (tx) => {
    const now = services.now();
    const { app, loan } = await fileToChange(tx, services, input.applicationId);
    const notice = loan.file.notices.find((n) => n.id === input.noticeId);
    if (!notice) throw refuse("notFound", "There is no such notice on this file.");
    if (notice.delivery.via !== "mail")
      throw refuse(
        "conflict",
        "This notice was delivered electronically: it is not in the print-and-mail queue.",
      );
    if (notice.delivery.mailedOn)
      throw refuse("conflict", `This notice is already recorded as mailed on ${notice.delivery.mailedOn}.`);
    const today = dateIn(now, homeTimeZone(services.defs, app.doc, loan.file));
    const given = dateIn(new Date(notice.givenAt), homeTimeZone(services.defs, app.doc, loan.file));
    if (input.mailedOn > today || input.mailedOn < given)
      throw invalidAnswers([
        {
          pointer: "/mailedOn",
          message: `The day mailed is between the day the notice was given (${given}) and today (${today}).`,
        },
      ]);
    const file: LoanFile = {
      ...loan.file,
      notices: loan.file.notices.map((n) =>
        n.id === notice.id
          ? { ...n, delivery: { ...n.delivery, mailedOn: input.mailedOn, mailedBy: staff.id } }
          : n,
      ),
      valuations: loan.file.valuations?.map((v) =>
        v.id === notice.valuationId && !v.copyMailedOn ? { ...v, copyMailedOn: input.mailedOn } : v,
      ),
    };
    if (!file.valuations) delete file.valuations;
    if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, now)))
      throw refuse("conflict", "The file changed meanwhile. Reload it and try again.");
    await applicationStore(services).audit(tx, {
      actorKind: "portal",
      actorId: staff.id,
      action: auditAction("loan.noticeMailed", notice.kind, notice.to),
      applicationId: app.id,
      changed: [`/loanFile/notices/${loan.file.notices.indexOf(notice)}/delivery`],
    });
    return (await readLoanFile(tx, input.applicationId))!;
  });
}
