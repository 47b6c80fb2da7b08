// The notices given on applications, for portal staff with notices.view: on one file, each adverse
// action notice (Reg B 1002.9) and each owner's notice of the right to cancel (Reg Z 1026.15(b)),
// with how it was delivered and its PDF, and each borrower's FCRA 609(g) notice with the score used
// (once staff record it) and its PDF; and, for the partner, the list of adverse action notices
// sent (every declined application they can see, newest decision first).
import { auditAction } from "@engine/lending/audit-actions";
import { and, desc, inArray, like } from "drizzle-orm";
import { answersPointer, borrowerName, ownerRole } from "@engine/lending/borrowers";
import type { CreditScoreUsed } from "@engine/generated/schema-types";
import { getAt } from "@engine/base/pointer";
import { creditScorePdfUrl, scoredBorrowers } from "../decisions/credit-score";
import { givenDisclosures } from "../esign/give-disclosures";
import { adverseActionPdfUrl, decisionsOf } from "../decisions/adverse-action";
import { applications, auditEvents } from "@server/persistence/db/schema";
import { rescissionPdfUrl, rightToCancel } from "../esign/right-to-cancel";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { visibleTo } from "./scope";
import type { Staff } from "./staff";

/** How many declined applications the partner list reads at most (newest first). */
const LIST_LIMIT = 200;

type Row = typeof applications.$inferSelect;

function adverseActionNotices(applicationId: string, doc: Record<string, unknown>) {
  return decisionsOf(doc).map((d, index) => ({
    index,
    decidedAt: d.decidedAt,
    ruleId: d.ruleId,
    reasons: d.reasons,
    version: d.notice.version,
    sha256: d.notice.sha256,
    pdfUrl: adverseActionPdfUrl(index, applicationId),
    // Paper: where it goes and whether staff recorded it mailed (the print-and-mail queue).
    delivery: d.delivery ?? null,
    mailTo: d.delivery === "mail" ? (d.mailTo ?? null) : null,
    mailedOn: d.delivery === "mail" ? (d.mailedOn ?? null) : null,
    unconfirmedSince: d.unconfirmedSince ?? null,
    // Staff's task for a paper notice not yet mailed: mail it, or first find where (issued with no address on file).
    task:
      d.delivery === "mail" && !d.mailedOn ? (d.mailTo ? ("mail" as const) : ("findAddress" as const)) : null,
  }));
}

export function portalNotices(services: Services) {
  const store = applicationStore(services);
  return {
    /** Every notice given on one application's file. */
    async ofApplication(row: Row) {
      const app = store.fromRow(row);
      const right = await rightToCancel(services.db, services, app);
      const given = givenDisclosures(app.doc, "/disclosuresGiven/records");
      return {
        adverseAction: adverseActionNotices(app.id, app.doc),
        // FCRA 609(g): the score used on each borrower's application, and each notice sent with one.
        creditScores: scoredBorrowers(services, app.doc).map((role) => ({
          borrower: role,
          name: borrowerName(services.defs, app.doc, role) ?? role,
          used:
            (getAt(app.doc, `${answersPointer(services.defs, role)}/creditScoreUsed`) as
              CreditScoreUsed | undefined) ?? null,
          notices: given
            .filter((g) => g.document === "credit-score-notice" && g.givenTo === role && g.sentBy)
            .map((g) => ({
              givenAt: g.givenAt,
              version: g.version,
              sha256: g.sha256,
              sentBy: g.sentBy!.name,
            })),
          pdfUrl: creditScorePdfUrl(role, app.id),
        })),
        rightToCancel: {
          applies: right.applies,
          titleOwners: right.titleOwners,
          undecidedOwners: right.undecidedOwners,
          period: right.period,
          open: right.open,
          cancellation: right.cancellation,
          drawReleasable: right.drawReleasable,
          // A notice exists once the period has started (the account opened).
          holders: right.holders.map((h) => ({
            key: h.key,
            name: h.name,
            delivery: h.delivery.via,
            // The day it reached them: the account opening for an emailed notice; for a mailed one, what staff recorded.
            deliveredOn: h.delivery.deliveredOn,
            deliveryRecorded:
              h.delivery.via === "mail" && h.delivery.recorded
                ? {
                    via: h.delivery.recorded.via,
                    recordedAt: h.delivery.recorded.recordedAt,
                    recordedBy: h.delivery.recorded.recordedBy.name,
                  }
                : null,
            period: h.period,
            open: h.open,
            pdfUrl: right.period ? rescissionPdfUrl(h.key, app.id) : null,
          })),
        },
      };
    },

    /** The adverse action notices sent on the applications this user can see, newest first. */
    async list(staff: Staff) {
      const declined = services.db
        .select({ id: auditEvents.applicationId })
        .from(auditEvents)
        .where(like(auditEvents.action, `${auditAction("decision.declined")}:%`));
      const rows = await services.db
        .select()
        .from(applications)
        .where(and(visibleTo(staff), inArray(applications.id, declined)))
        .orderBy(desc(applications.updatedAt))
        .limit(LIST_LIMIT);
      const notices = rows.flatMap((row) => {
        const app = store.fromRow(row);
        const name = borrowerName(services.defs, app.doc, ownerRole(services.defs));
        return adverseActionNotices(app.id, app.doc).map((n) => ({
          applicationId: app.id,
          borrowerName: name,
          ...n,
        }));
      });
      return { notices: notices.sort((a, b) => b.decidedAt.localeCompare(a.decidedAt)), limit: LIST_LIMIT };
    },
  };
}
