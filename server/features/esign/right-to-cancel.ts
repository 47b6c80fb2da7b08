// The right to cancel (rescission, 12 CFR 1026.15) of one application, per owner: who holds it
// (rules/disbursement.json rescissionHolders: the borrowers on the title and each other owner who
// lives in the home), the period of the account (from the latest standing signing of the
// disclosures, which opens the account and delivers the disclosures, to midnight of the third
// business day after it), each holder's own period (from the later of the opening and the delivery
// of their notice: emailed to a borrower at the opening, mailed to an owner who is not applying and
// delivered on the day staff record; rules/disbursement.json holderPeriods), whether a draw may go
// out (drawReleasable: every holder's period ended), each holder's formal notice
// (content/disclosures/rescission-notice.md, model form G-5 wording) as a PDF in two copies, and
// the cancellation recorded on the application, if any.
import {
  accountEmail,
  addressLine,
  answersPointer,
  borrowerName,
  borrowerRoles,
  ownerRole,
} from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import { lenderTokens, type LenderProfile } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { addDays } from "@engine/base/dates";
import { getAt } from "@engine/base/pointer";
import { evaluateRuleSet } from "@engine/logic/rules";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { frontMatterOf, readDisclosure, signedDocument } from "./documents";
import { renderNoticePdf } from "./pdf";
import { dateIn, rescissionFor } from "./rescission";
import { latestSigning } from "./signatures";
import { longDate } from "./values";
import { deliverableAddressById } from "../messaging/mail";

export const RESCISSION_NOTICE = "rescission-notice";
export const RESCISSION_PDF_NAME = "notice-of-right-to-cancel.pdf";

/** One consumer with the right to cancel. */
export interface Holder {
  /** "borrower", "coborrower" (a borrower's role), or "owner-<n>" for the n-th other owner who lives in the home. */
  key: string;
  /** The borrower's role; null for an owner who is not applying (no account: their notice is mailed). */
  role: string | null;
  name: string;
  /** Where the notice is emailed; null: it is mailed on paper. */
  email: string | null;
}

/** A mailed notice's delivery, recorded by portal staff (schemas/rescission.json deliveries). */
export interface Delivery {
  deliveredOn: string;
  via: "mail" | "in person";
  recordedAt: string;
  recordedBy: { kind: "portal"; id: string; name: string };
}

/** One holder's own period: from the later of the account opening and their notice's delivery. */
export interface HolderPeriod {
  startDate: string;
  endDate: string;
  earliestDisbursementDate: string;
}

/** A holder with how their notice went and their own period (null while it is not delivered, or before the account opens). */
export interface HolderRight extends Holder {
  /** email: sent when the account opened; mail: on paper, delivered when staff record it. */
  delivery:
    | { via: "email"; deliveredOn: string | null }
    | { via: "mail"; deliveredOn: string | null; recorded: Delivery | null };
  period: HolderPeriod | null;
  /** Whether they may still cancel today: the account is open, nobody cancelled, and their period runs or has not started. */
  open: boolean;
}

/** A cancellation as recorded on the application (schemas/rescission.json). */
export interface Cancellation {
  holder: string;
  name: string;
  signature?: string;
  via: "online" | "mail";
  sentOn: string;
  cancelledAt: string;
  recordedBy: { kind: "applicant" | "portal"; id: string; name: string };
}

export interface RightToCancel {
  applies: boolean;
  holders: HolderRight[];
  /** The account's period, from its opening (the signing); null until the disclosures are signed: no notice is given before. */
  period: { startDate: string; endDate: string; earliestDisbursementDate: string; timeZone: string } | null;
  /** Whether a holder may still cancel today (the lender's calendar day): one whose period runs, or whose notice is not delivered yet. */
  open: boolean;
  /** Whether money may go out today as far as the right to cancel goes (rules/disbursement.json drawReleasable): every holder's period ended. */
  drawReleasable: boolean;
  cancellation: Cancellation | null;
}

interface HolderOutput {
  borrower?: boolean;
  coborrower?: boolean;
  otherOwners?: string[];
}

/** The params of the right to cancel (rules/disbursement.json params.rescission). */
export const rescissionParams = (defs: Definitions) =>
  (((defs.params.disbursement ?? {}) as Record<string, any>).rescission ?? {}) as {
    cancelledStatus?: string;
    timeZone?: string;
  };

/** The status of an application cancelled under the right to cancel (data: params.disbursement.rescission.cancelledStatus). */
export const cancelledStatus = (defs: Definitions): string | null =>
  rescissionParams(defs).cancelledStatus ?? null;

/** Whether an owner cancelled this line under the right to cancel: its status is the cancelled one the rules name. */
export const isCancelled = (defs: Definitions, app: { status: string }) =>
  app.status === cancelledStatus(defs);

export const cancellationOf = (doc: Record<string, unknown>): Cancellation | null =>
  (getAt(doc, "/rescission/cancellation") as Cancellation | undefined) ?? null;

/** The mailed notices' deliveries staff recorded, by holder key. */
export const deliveriesOf = (doc: Record<string, unknown>): Record<string, Delivery> =>
  (getAt(doc, "/rescission/deliveries") as Record<string, Delivery> | undefined) ?? {};

/** A borrower's email: the account's for the owner, their own answer for another borrower. */
export function emailOf(defs: Definitions, doc: unknown, role: string): string | null {
  const email =
    role === ownerRole(defs) ? accountEmail(defs, doc) : getAt(doc, `${answersPointer(defs, role)}/email`);
  return typeof email === "string" && email.includes("@") ? email : null;
}

/** Who has the right to cancel on this application, by rules/disbursement.json (rescissionHolders). */
export function holdersOf(defs: Definitions, doc: Record<string, unknown>, today: string): Holder[] {
  let out: HolderOutput;
  try {
    out = (evaluateRuleSet(defs, "disbursement", { ...doc, today }).outputs.rescissionHolders ??
      {}) as HolderOutput;
  } catch {
    return []; // answers the rule set cannot read yet give nobody the right
  }
  const holders: Holder[] = [];
  for (const role of borrowerRoles(defs))
    if ((out as Record<string, unknown>)[role] === true)
      holders.push({
        key: role,
        role,
        name: borrowerName(defs, doc, role) ?? role,
        email: emailOf(defs, doc, role),
      });
  (out.otherOwners ?? []).forEach((name, i) =>
    holders.push({ key: `owner-${i + 1}`, role: null, name, email: null }),
  );
  return holders;
}

/** The right to cancel on an application now: holders with their own periods, the account's period, whether it is still open, whether a draw may go out, and any cancellation. */
export async function rightToCancel(
  db: Db,
  services: Services,
  app: { id: string; doc: Record<string, unknown> },
  now: Date = services.now(),
): Promise<RightToCancel> {
  const { defs } = services;
  const signing = await latestSigning(db, app.id);
  const counted = rescissionFor(defs, app.doc, {
    now: signing?.signedAt ?? now,
    signedAt: signing?.signedAt ?? null,
  });
  const today = dateIn(now, counted.timeZone);
  // A notice is e-delivered only to the address that borrower proved; anyone else's goes by mail.
  const holders = await Promise.all(
    (counted.applies ? holdersOf(defs, app.doc, today) : []).map(async (h) => ({
      ...h,
      email: h.role && h.email ? await deliverableAddressById(services, app.id, h.role, db) : null,
    })),
  );
  const period =
    counted.applies && signing
      ? {
          startDate: counted.startDate,
          endDate: counted.endDate,
          earliestDisbursementDate: counted.earliestDisbursementDate,
          timeZone: counted.timeZone,
        }
      : null;
  const cancellation = cancellationOf(app.doc);
  // An emailed notice is delivered when the account opens (the signing sends it); a mailed one on the day staff record.
  const deliveries = deliveriesOf(app.doc);
  const openedOn = period?.startDate ?? null;
  const delivered = holders.map((h) => (h.email ? openedOn : (deliveries[h.key]?.deliveredOn ?? null)));
  const { holderPeriods, drawReleasable } = periodsOf(
    defs,
    app.doc,
    today,
    openedOn,
    holders.map((h, i) => ({ holder: h.key, deliveredOn: delivered[i]! })),
  );
  const rights: HolderRight[] = holders.map((h, i) => {
    const own = holderPeriods.find((p) => p.holder === h.key);
    return {
      ...h,
      delivery: h.email
        ? { via: "email" as const, deliveredOn: delivered[i]! }
        : { via: "mail" as const, deliveredOn: delivered[i]!, recorded: deliveries[h.key] ?? null },
      period:
        own?.startDate && own.endDate
          ? {
              startDate: own.startDate,
              endDate: own.endDate,
              earliestDisbursementDate: addDays(own.endDate, 1),
            }
          : null,
      // Until their notice is delivered their period has not started, so it cannot have run out.
      open: period !== null && cancellation === null && (!own?.endDate || today <= own.endDate),
    };
  });
  const open = rights.some((h) => h.open);
  return {
    applies: counted.applies,
    holders: rights,
    period,
    open,
    drawReleasable: period !== null && drawReleasable,
    cancellation,
  };
}

/** Each holder's period and whether a draw may go out, by rules/disbursement.json (holderPeriods, drawReleasable). */
function periodsOf(
  defs: Definitions,
  doc: Record<string, unknown>,
  today: string,
  accountOpenedOn: string | null,
  rescissionNotices: { holder: string; deliveredOn: string | null }[],
) {
  try {
    const { outputs } = evaluateRuleSet(defs, "disbursement", {
      ...doc,
      today,
      accountOpenedOn,
      rescissionNotices,
    });
    return {
      holderPeriods: (outputs.holderPeriods ?? []) as {
        holder: string;
        startDate: string | null;
        endDate: string | null;
      }[],
      drawReleasable: outputs.drawReleasable === true,
    };
  } catch {
    return { holderPeriods: [], drawReleasable: false }; // answers the rules cannot read hold the money back
  }
}

/** The values of one holder's notice. */
export function noticeValues(
  doc: Record<string, unknown>,
  holder: Holder,
  period: NonNullable<RightToCancel["period"]>,
  lender: LenderProfile = readLenderProfile(),
): Record<string, string> {
  const home = addressLine(doc.property);
  return {
    ...lenderTokens(lender),
    holderName: holder.name,
    ...(home ? { propertyAddress: home } : {}),
    accountOpenedDate: longDate(period.startDate),
    rescissionEndDate: longDate(period.endDate),
  };
}

/** One holder's notice: its record (version, SHA-256, values) and its filled text. */
export function holderNotice(
  doc: Record<string, unknown>,
  holder: Holder,
  period: NonNullable<RightToCancel["period"]>,
  lender?: LenderProfile,
  texts?: ReadonlyMap<string, string>,
) {
  const source = readDisclosure(RESCISSION_NOTICE, texts);
  if (!source)
    throw new Error(
      `content/disclosures/${RESCISSION_NOTICE}.md is missing: the notice of the right to cancel cannot be given`,
    );
  return signedDocument(source, noticeValues(doc, holder, period, lender));
}

/**
 * One holder's notice as a PDF: two copies (12 CFR 1026.15(b)), the first to keep, the second to
 * sign and send back to cancel. Dated the day the period starts, so the same notice gives the
 * same bytes.
 */
export async function holderNoticePdf(
  applicationId: string,
  doc: Record<string, unknown>,
  holder: Holder,
  period: NonNullable<RightToCancel["period"]>,
  texts?: ReadonlyMap<string, string>,
): Promise<Uint8Array> {
  const lender = readLenderProfile();
  const { text, ...record } = holderNotice(doc, holder, period, lender, texts);
  const body = frontMatterOf(text).body;
  const copy = (n: number, use: string) => ({
    ...record,
    body,
    banner: `Copy ${n} of 2 for ${holder.name}: ${use}`,
  });
  return renderNoticePdf({
    meta: {
      title: record.title,
      subject: `Application ${applicationId}: notice of the right to cancel for ${holder.name}, ending ${period.endDate}`,
      keywords: ["rescission", applicationId, record.sha256],
      author: lender.legalName,
      creator: "HELOC funnel notices",
      date: new Date(`${period.startDate}T12:00:00Z`),
    },
    footer: `${record.title} - ${holder.name} - application ${applicationId}`,
    documents: [copy(1, "keep this copy"), copy(2, "to cancel, sign and date this copy and send it to us")],
  });
}

/** The link to a holder's notice PDF (server/features/notices/routes.ts); portal staff add ?application=<id>. */
export const rescissionPdfUrl = (holderKey: string, applicationId?: string) =>
  `/api/notices/right-to-cancel/${holderKey}.pdf${applicationId ? `?application=${applicationId}` : ""}`;
