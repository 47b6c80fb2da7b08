// A cancellation under the right to cancel (12 CFR 1026.15(a)(2), (d)): made online by a holder
// in their own session, or recorded by portal staff for one an owner mailed or delivered. It is
// recorded on the application (/rescission/cancellation: who, how, the day it was sent, when it
// was recorded and by whom), the application moves to the cancelled status the rules name
// (rules/disbursement.json params.rescission.cancelledStatus, whose page is in rules/funnel.json),
// and from then on no draw can be released (./draw-release.ts). The applicant and every holder
// with an email are told by mail.
import { fieldSaid, refuse, invalidAnswers } from "@server/features/refusal";
import { said, type Said } from "@engine/locale/server-words";
import { auditAction } from "@engine/lending/audit-actions";
import { addressLocale, filledMail, mailText } from "../locale/mail-text";
import { accountEmail } from "@engine/lending/borrowers";
import { mailGate } from "../messaging/mail";
import { transaction } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { dateIn } from "./rescission";
import { cancelledStatus, rightToCancel, type Cancellation } from "./right-to-cancel";
import { longDate } from "./values";
import { machineOf } from "@engine/lending/milestones";
import { readLoanFile, saveLoanFile } from "../loan/store";
import { errorKind } from "@server/platform/observability/log";

interface CancelRequest {
  applicationId: string;
  /** The holder cancelling (a key of rightToCancel's holders). */
  holder: string;
  via: Cancellation["via"];
  /** By mail: the day the owner sent or delivered it; online: today. */
  sentOn?: string;
  /** Online: the name the owner typed to sign it. */
  signature?: string;
  recordedBy: Cancellation["recordedBy"];
}

const notNow = (message: Said) => refuse("notNow", message);

/** Records the cancellation, or refuses it (naming why); mails every borrower after the commit. */
export async function cancelLine(services: Services, request: CancelRequest): Promise<Cancellation> {
  const { defs, db } = services;
  const store = applicationStore(services);
  const status = cancelledStatus(defs);
  if (!status)
    throw refuse(
      "misconfigured",
      "rules/disbursement.json names no cancelled status (params.rescission.cancelledStatus)",
    );
  const now = services.now();
  const { cancellation, emails } = await transaction(db, async (tx) => {
    const app = await store.byId(tx, request.applicationId);
    if (!app) throw refuse("notFound", said("refusal.cancel.noSuchApplication"));
    const right = await rightToCancel(tx, services, app, now);
    if (!right.accountOpenedAt) throw notNow(said("refusal.cancel.notOpenYet"));
    if (!right.applies) throw notNow(said("refusal.cancel.noRight"));
    if (right.cancellation)
      throw refuse(
        "conflict",
        said("refusal.cancel.already", {
          name: right.cancellation.name,
          date: { date: right.cancellation.sentOn },
        }),
      );
    if (!right.period) throw notNow(said("refusal.cancel.notOpenYet"));
    const holder = right.holders.find((h) => h.key === request.holder);
    if (!holder) throw invalidAnswers([fieldSaid("/holder", said("refusal.cancel.notHolder"))]);
    const today = dateIn(now, right.period.timeZone);
    const sentOn = request.via === "online" ? today : request.sentOn!;
    if (sentOn > today) throw invalidAnswers([fieldSaid("/sentOn", said("refusal.cancel.sentAfterToday"))]);
    if (sentOn < right.period.startDate)
      throw invalidAnswers([
        fieldSaid(
          "/sentOn",
          said("refusal.cancel.sentBeforeStart", { date: { date: right.period.startDate } }),
        ),
      ]);
    // Mailed in time counts even when it arrives later (the notice: "send the notice no later than midnight of").
    // Each owner's own period counts: a mailed notice delivered later runs later, one not delivered yet has not started to run out.
    if (holder.period && sentOn > holder.period.endDate)
      throw notNow(said("refusal.cancel.periodEnded", { date: { date: holder.period.endDate } }));
    const cancellation: Cancellation = {
      holder: holder.key,
      name: holder.name,
      ...(request.signature ? { signature: request.signature } : {}),
      via: request.via,
      sentOn,
      cancelledAt: now.toISOString(),
      recordedBy: request.recordedBy,
    };
    const doc = {
      ...app.doc,
      rescission: { ...((app.doc.rescission ?? {}) as Record<string, unknown>), cancellation },
    };
    if (!(await store.save(tx, app, doc, status)))
      throw refuse("conflict", said("refusal.cancel.applicationChanged"));
    // The loan file follows: the line is cancelled for good (rules/milestones.json rescind).
    const loan = await readLoanFile(tx, app.id);
    const rescind = machineOf(defs).transitions.rescind;
    if (loan && rescind?.from.includes(loan.milestone)) {
      const at = now.toISOString();
      const by = { kind: request.recordedBy.kind, id: request.recordedBy.id, role: holder.role };
      const file = {
        ...loan.file,
        history: [
          ...loan.file.history,
          { transition: "rescind", from: loan.milestone, to: rescind.to, at, by },
        ],
      };
      if (!(await saveLoanFile(tx, services, loan, rescind.to, file, now)))
        throw refuse("conflict", said("refusal.cancel.loanFileChanged"));
    }
    await store.audit(tx, {
      actorKind: request.recordedBy.kind,
      actorId: request.recordedBy.id,
      action: auditAction("rescission.cancelled", holder.key),
      applicationId: app.id,
      changed: ["/rescission/cancellation"],
    });
    const owner = accountEmail(defs, app.doc);
    return {
      cancellation,
      emails: [owner, ...right.holders.map((h) => h.email)].filter((e): e is string => e !== null),
    };
  });
  // Each in their account's language (content/mail/rescission-cancelled.md); no account: English.
  for (const to of new Set(emails)) {
    const source = mailText(services, "rescission-cancelled", await addressLocale(services.db, to));
    if (!source) throw new Error("content/mail/rescission-cancelled.md is missing");
    const mail = filledMail(source, {
      name: cancellation.name,
      date: longDate(cancellation.sentOn, source.intl),
    });
    await mailGate(services)
      .send(to, mail, { kind: "rescission-cancelled", applicationId: request.applicationId })
      .catch((error: unknown) =>
        services.log.error({ err: errorKind(error) }, "rescission: the cancellation mail failed"),
      );
  }
  return cancellation;
}
