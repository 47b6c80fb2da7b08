// The right to cancel (rescission, 12 CFR 1026.15) of one application, per owner. Who holds it:
// each owner on the title (rules/disbursement.json titleOwners) who said, for themselves, that the
// home is their principal dwelling (the loan file's occupancy; rescissionHolders), never inferred
// from how the borrower said the home is used. When it starts: at the account opening, the loan
// file's openAccount move (the closing package signed by every borrower and the notarization
// recorded), never at an earlier signing; each holder's own period runs from the later of the
// opening and the delivery of their notice (e-delivered at the opening where their E-SIGN consent
// and a proven address are on file, otherwise mailed and delivered on the day staff record;
// rules/disbursement.json holderPeriods), to midnight of the third business day in the home's time
// zone. Whether a draw may go out (drawReleasable: the account open and every holder's period
// ended), each holder's formal notice (content/disclosures/rescission-notice.md, model form G-5
// wording) as a PDF in two copies, and the cancellation recorded on the application, if any.
import {
  answersPointer,
  borrowerName,
  borrowerRoles,
  ownerRole,
  accountEmail,
  addressLine,
} from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import type { LoanFile } from "@engine/generated/schema-types";
import { lenderTokens, type LenderProfile } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { machineOf, timeZoneOf } from "@engine/lending/milestones";
import { addDays } from "@engine/base/dates";
import { getAt } from "@engine/base/pointer";
import { evaluateRuleSet } from "@engine/logic/rules";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { frontMatterOf, readDisclosure, signedDocument } from "./documents";
import { noticePdfOffThread } from "./pdf-pool";
import { dateIn } from "./rescission";
import { longDate } from "./values";
import { deliverableAddressById } from "../messaging/mail";
import { readLoanFile } from "../loan/store";

export const RESCISSION_NOTICE = "rescission-notice";
export const RESCISSION_PDF_NAME = "notice-of-right-to-cancel.pdf";

/** One owner on the title: a borrower (key = their role) or an owner who is not applying (owner-<n>). */
export interface Owner {
  key: string;
  /** The borrower's role; null for an owner who is not applying (no account: their notice is mailed). */
  role: string | null;
  name: string;
}

/** One consumer with the right to cancel. */
export interface Holder extends Owner {
  /** A borrower's proven address (cancellations are mailed to it); null for an owner who is not applying. */
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
  /** email: e-delivered when the account opened; mail: on paper, delivered when staff record it. */
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
  /** Whether any owner holds the right (their own answer: the home is their principal dwelling). */
  applies: boolean;
  /** How many owners the title has, as answered so far (none before the property's title is answered). */
  titleOwners: number;
  /** How many of them have not said yet whether the home is their principal dwelling (asked after submission). */
  undecidedOwners: number;
  /** When the account opened (the loan file's openAccount move); null before: no right has started, no notice is given. */
  accountOpenedAt: string | null;
  holders: HolderRight[];
  /** The account's period, from its opening, in the home's time zone; null until the account opens. */
  period: { startDate: string; endDate: string; earliestDisbursementDate: string; timeZone: string } | null;
  /** Whether a holder may still cancel today (the home's calendar day): one whose period runs, or whose notice is not delivered yet. */
  open: boolean;
  /** Whether money may go out today as far as the right to cancel goes (rules/disbursement.json drawReleasable): the account open and every holder's period ended. */
  drawReleasable: boolean;
  cancellation: Cancellation | null;
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

/** A borrower's email as typed: the account's for the owner, their own answer for another borrower. */
export function emailOf(defs: Definitions, doc: unknown, role: string): string | null {
  const email =
    role === ownerRole(defs) ? accountEmail(defs, doc) : getAt(doc, `${answersPointer(defs, role)}/email`);
  return typeof email === "string" && email.includes("@") ? email : null;
}

/** The home's time zone: the one the file recorded at the opening, else its state's (rules/milestones.json params.timeZones). */
export const homeTimeZone = (defs: Definitions, doc: unknown, file?: Pick<LoanFile, "timeZone"> | null) =>
  file?.timeZone ?? timeZoneOf(machineOf(defs), getAt(doc, "/property/state"));

interface TitleOutput {
  otherOwners?: string[];
}

/** rules/disbursement.json's outputs on `input` on `today` (the home's day of the server's clock). */
const run = (defs: Definitions, input: Record<string, unknown>, today: string) => {
  try {
    return evaluateRuleSet(defs, "disbursement", input, { today }).outputs;
  } catch {
    return null; // answers the rules cannot read yet give nobody the right, and hold the money back
  }
};

/** Every owner on the title, by rules/disbursement.json (titleOwners): each is asked about the home. */
export function titleOwnersOf(defs: Definitions, doc: Record<string, unknown>, today: string): Owner[] {
  const out = (run(defs, doc, today)?.titleOwners ?? {}) as TitleOutput & Record<string, unknown>;
  const owners: Owner[] = [];
  for (const role of borrowerRoles(defs))
    if (out[role] === true) owners.push({ key: role, role, name: borrowerName(defs, doc, role) ?? role });
  (out.otherOwners ?? []).forEach((name, i) => owners.push({ key: `owner-${i + 1}`, role: null, name }));
  return owners;
}

type Occupancy = NonNullable<LoanFile["occupancy"]>;

/** What the rules read about the owners: each with their own answer (null while not asked). */
const ownersInput = (owners: Owner[], occupancy: Occupancy | undefined) =>
  owners.map((o) => ({ key: o.key, principalDwelling: occupancy?.[o.key]?.principalDwelling ?? null }));

/** Who has the right to cancel, by rules/disbursement.json (rescissionHolders) over each owner's own answer. */
export function holdersOf(
  defs: Definitions,
  doc: Record<string, unknown>,
  occupancy: Occupancy | undefined,
  today: string,
): Owner[] {
  const owners = titleOwnersOf(defs, doc, today);
  const keys = (run(defs, { ...doc, owners: ownersInput(owners, occupancy) }, today)?.rescissionHolders ??
    []) as string[];
  return owners.filter((o) => keys.includes(o.key));
}

/** The notice of the right to cancel the file gave a holder, if any. */
export const rescissionNoticeOf = (file: LoanFile | null | undefined, key: string) =>
  file?.notices.find((n) => n.kind === "rightToCancel" && n.to === key) ?? null;

/** The right to cancel on an application now: read from its loan file (the opening, the owners' answers, the notices). */
export async function rightToCancel(
  db: Db,
  services: Services,
  app: { id: string; doc: Record<string, unknown> },
  now: Date = services.now(),
): Promise<RightToCancel> {
  return rightToCancelOf(db, services, app, (await readLoanFile(db, app.id))?.file ?? null, now);
}

/** The right to cancel with this loan file (the one a move is about to save, at the opening). */
export async function rightToCancelOf(
  db: Db,
  services: Services,
  app: { id: string; doc: Record<string, unknown> },
  file: LoanFile | null,
  now: Date,
): Promise<RightToCancel> {
  const { defs } = services;
  const timeZone = homeTimeZone(defs, app.doc, file);
  const today = dateIn(now, timeZone);
  const owners = titleOwnersOf(defs, app.doc, today);
  const base = {
    ...app.doc,
    now: now.toISOString(),
    timeZone,
    owners: ownersInput(owners, file?.occupancy),
    accountOpenedAt: file?.accountOpenedAt ?? null,
  };
  const first = run(defs, base, today);
  const keys = (first?.rescissionHolders ?? []) as string[];
  const openedOn = (first?.accountOpeningDay as string | null | undefined) ?? null;
  // A borrower's proven address (for the cancellation's mail); the notice's own delivery is on the file.
  const holders: Holder[] = await Promise.all(
    owners
      .filter((o) => keys.includes(o.key))
      .map(async (o) => ({
        ...o,
        email: o.role ? await deliverableAddressById(services, app.id, o.role, db) : null,
      })),
  );
  const deliveries = deliveriesOf(app.doc);
  const delivered = holders.map((h) => {
    const notice = rescissionNoticeOf(file, h.key);
    if (!notice || !openedOn) return { via: h.email ? "email" : "mail", on: null } as const;
    return notice.delivery.via === "electronic"
      ? ({ via: "email", on: openedOn } as const)
      : ({ via: "mail", on: deliveries[h.key]?.deliveredOn ?? null } as const);
  });
  const second = run(
    defs,
    {
      ...base,
      ...(openedOn ? { rescissionStartDate: openedOn } : {}),
      rescissionNotices: holders.map((h, i) => ({ holder: h.key, deliveredOn: delivered[i]!.on })),
    },
    today,
  );
  const holderPeriods = (second?.holderPeriods ?? []) as {
    holder: string;
    startDate: string | null;
    endDate: string | null;
  }[];
  const endDate = (second?.rescissionEndDate as string | null | undefined) ?? null;
  // Nobody holding the right, there is no period to run (the account's opening alone frees the draw).
  const period =
    openedOn && endDate && holders.length
      ? { startDate: openedOn, endDate, earliestDisbursementDate: addDays(endDate, 1), timeZone }
      : null;
  const cancellation = cancellationOf(app.doc);
  const rights: HolderRight[] = holders.map((h, i) => {
    const own = holderPeriods.find((p) => p.holder === h.key);
    const { via, on } = delivered[i]!;
    return {
      ...h,
      delivery:
        via === "email"
          ? { via, deliveredOn: on }
          : { via, deliveredOn: on, recorded: deliveries[h.key] ?? null },
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
  return {
    applies: holders.length > 0,
    titleOwners: owners.length,
    undecidedOwners: base.owners.filter((o) => o.principalDwelling === null).length,
    accountOpenedAt: file?.accountOpenedAt ?? null,
    holders: rights,
    period,
    open: rights.some((h) => h.open),
    drawReleasable: second?.drawReleasable === true,
    cancellation,
  };
}

/** The values of one holder's notice. */
export function noticeValues(
  doc: Record<string, unknown>,
  holder: Owner,
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
  holder: Owner,
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
  holder: Owner,
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
  return noticePdfOffThread({
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
