// What staff and the applicant read of a loan file: its milestone in their words, whose move it
// is, the 30-day decision clock with its due day and an overdue flag, the moves open to the
// reader, the decision and its terms, the notices given (with how each was delivered) and the
// history; the closing (the package, who signed, the notarization, each owner's answer about the
// home), the account opening with each owner's last day to cancel, and the funding. Staff also see
// the mails of the file's timeline (never their addresses).
import { todayIso } from "@engine/base/dates";
import { decisionClock, machineOf, movesFrom, waitingOn } from "@engine/lending/milestones";
import type { Services } from "@server/services";
import type { Locale } from "@engine/locale/locales";
import { localizedSet } from "@server/features/locale/locale";
import type { Permission } from "../portal/roles";
import type { Staff } from "../portal/staff";
import { notificationsOf } from "./notify";
import { applicationStore } from "@server/persistence/store/applications";
import { rightToCancel, titleOwnersOf } from "../esign/right-to-cancel";
import { packageText } from "./package";
import { reasonCatalogue } from "./notices";
import type { StoredLoanFile } from "./store";
import { borrowersOf } from "./facts";
import { openAnswers } from "./sealed-answers";
import { catalogue as conditionCatalogue, conditionWords } from "./conditions";
import { recordedIn } from "@engine/locale/recorded-words";
import { conditionLabel } from "@engine/lending/catalogue";
import { formToShow } from "@engine/lending/condition-forms";
import { borrowerName, ownerRole } from "@engine/lending/borrowers";

const reasonsIn = (services: Services, codes: string[] | undefined) =>
  (codes ?? []).map((code) => ({ code, text: reasonCatalogue(services).reasons[code] ?? code }));

function common(services: Services, loan: StoredLoanFile) {
  const machine = machineOf(services.defs);
  const clock = decisionClock(machine, loan.milestone, loan.file);
  const today = todayIso(services.now());
  return {
    machine,
    milestone: loan.milestone,
    final: machine.states[loan.milestone]?.final === true,
    waitingOn: waitingOn(machine, loan.milestone),
    decisionClock: clock ? { ...clock, overdue: today > clock.dueOn } : null,
    receivedAt: loan.file.receivedAt,
    completedAt: loan.file.completedAt ?? null,
    offer: loan.file.offer ?? null,
    terms: loan.file.terms ?? null,
    counteroffer: loan.file.counteroffer
      ? { ...loan.file.counteroffer, reasons: reasonsIn(services, loan.file.counteroffer.reasons) }
      : null,
    declineReasons: reasonsIn(services, loan.file.declineReasons),
    incomplete: loan.file.incomplete ?? null,
    // Each valuation of the home and when its copy was given (12 CFR 1002.14(a)(1)); the report is an upload.
    valuations: (loan.file.valuations ?? []).map((v) => ({
      id: v.id,
      kind: v.kind,
      value: v.value,
      effectiveOn: v.effectiveOn,
      provider: v.provider,
      reportId: v.uploadId ?? null,
      copySentOn: v.copySentOn ?? null,
      copyMailedOn: v.copyMailedOn ?? null,
    })),
    valuationWaiver: loan.file.valuationWaiver ? { at: loan.file.valuationWaiver.at } : null,
  };
}

/** The closing, the account opening and each owner's right to cancel, and the funding, as both readers see them. */
async function closingOf(services: Services, loan: StoredLoanFile) {
  const { file } = loan;
  const app = await applicationStore(services).byId(services.db, loan.applicationId);
  const right = app ? await rightToCancel(services.db, services, app) : null;
  return {
    // Every owner on the title, each asked about the home (a borrower in their session, staff for the others).
    titleOwners: app
      ? titleOwnersOf(services.defs, app.doc, todayIso(services.now())).map((o) => ({
          key: o.key,
          name: o.name,
          applying: o.role !== null,
        }))
      : [],
    occupancy: file.occupancy ?? {},
    closing: file.closing?.package
      ? {
          generatedAt: file.closing.package.generatedAt,
          documents: file.closing.package.documents.map((d) => ({
            id: d.id,
            title: d.title,
            version: d.version,
            sha256: d.sha256,
          })),
          signedBy: Object.entries(file.closing.signatures ?? {}).map(([role, s]) => ({
            role,
            signedAt: s?.signedAt ?? null,
          })),
          // Every borrower signed: the signed package's PDF may be downloaded (made at the last signature, or at the first download).
          signedByAll:
            !!app && borrowersOf(services, app.doc).every((role) => !!file.closing?.signatures?.[role]),
          signedPdfSha256: file.closing.signedPdf?.sha256 ?? null,
        }
      : null,
    notarization: file.notarization ?? null,
    accountOpenedAt: file.accountOpenedAt ?? null,
    rightToCancel: right
      ? {
          applies: right.applies,
          period: right.period,
          drawReleasable: right.drawReleasable,
          cancellation: right.cancellation
            ? {
                name: right.cancellation.name,
                sentOn: right.cancellation.sentOn,
                via: right.cancellation.via,
              }
            : null,
          // Each owner's own last day to cancel (null until their notice is delivered).
          owners: right.holders.map((h) => ({
            key: h.key,
            name: h.name,
            delivery: h.delivery.via,
            deliveredOn: h.delivery.deliveredOn,
            period: h.period,
            open: h.open,
          })),
        }
      : null,
    funding: file.funding ?? null,
  };
}

function decisionOptions(services: Services) {
  const catalogue = reasonCatalogue(services);
  const params = services.defs.params.milestones as { incompleteMinimumDays?: number } | undefined;
  return {
    reasons: Object.entries(catalogue.reasons).map(([code, text]) => ({
      code,
      text,
      reportBased: catalogue.reportBasedReasons.includes(code),
    })),
    maximumReasons: catalogue.maximumReasons,
    incompleteMinimumDays: params?.incompleteMinimumDays ?? 10,
  };
}

export async function staffLoanView(services: Services, staff: Staff, loan: StoredLoanFile) {
  const { machine, ...view } = common(services, loan);
  const state = machine.states[loan.milestone];
  const app = await applicationStore(services).byId(services.db, loan.applicationId);
  return {
    ...view,
    ...(await closingOf(services, loan)),
    label: state?.label ?? loan.milestone,
    description: state?.description ?? "",
    moves: movesFrom(machine, loan.milestone, "staff").map((t) => ({
      id: t.id,
      label: t.label,
      description: t.description,
      to: machine.states[t.to]?.label ?? t.to,
      permission: t.permission ?? null,
      allowed: !t.permission || staff.can(t.permission as Permission),
    })),
    // Each answer as given: its sealed fields opened for the staff who review it.
    conditions: openAnswers(services, loan.file.conditions),
    // Who conditions may be asked of, and the catalogue they are asked from (rules/conditions.json).
    borrowers: app
      ? borrowersOf(services, app.doc).map((role) => ({
          role,
          name: borrowerName(services.defs, app.doc, role) ?? role,
        }))
      : [],
    conditionCatalogue: Object.values(conditionCatalogue(services)).map((c) => ({
      code: c.code,
      type: c.type,
      label: conditionLabel(services.defs, c),
    })),
    // What the decision forms offer: the reason catalogue (those from a consumer report need the
    // score on file) and the shortest deadline a notice of incompleteness may give.
    decisionOptions: decisionOptions(services),
    history: loan.file.history.map((h) => ({
      ...h,
      label: machine.transitions[h.transition]?.done ?? h.transition,
    })),
    notices: loan.file.notices.map((n) => ({
      id: n.id,
      kind: n.kind,
      to: n.to,
      name: n.name ?? null,
      givenAt: n.givenAt,
      title: n.document.title,
      version: n.document.version,
      delivery: n.delivery,
    })),
    mails: (await notificationsOf(services.db, [loan.applicationId])).map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}

/** A condition's label and description in the reader's language, by the rule of recorded words (recordedIn). */
function conditionIn(
  english: Pick<Services, "defs">,
  reader: Pick<Services, "defs">,
  condition: StoredLoanFile["file"]["conditions"][number],
) {
  const { label, description } = conditionWords(english.defs, condition);
  return {
    label: recordedIn(english.defs, reader.defs, label),
    description: recordedIn(english.defs, reader.defs, description),
  };
}

/**
 * The applicant's view: their notices only, the moves that are theirs. Its words (the milestone's
 * name and description, the history, the moves, a condition's form) are in the reader's language.
 */
export async function applicantLoanView(
  english: Services,
  role: string,
  loan: StoredLoanFile,
  locale?: Locale,
) {
  const services = locale ? { ...english, defs: localizedSet(english.defs, locale).defs } : english;
  const { machine, ...view } = common(services, loan);
  const state = machine.states[loan.milestone];
  const closing = await closingOf(services, loan);
  return {
    ...view,
    ...closing,
    // The package to read before signing, and whether this borrower signed it.
    closing: closing.closing
      ? {
          ...closing.closing,
          documents: loan.file.closing!.package!.documents.map((d) => ({
            id: d.id,
            title: d.title,
            version: d.version,
            // The text's language: English until a reviewed translation (the page marks it so).
            language: d.language ?? "en",
            text: packageText(services, d) ?? "",
          })),
          signedByMe: !!loan.file.closing?.signatures?.[role],
        }
      : null,
    // Staff's record of the notary is theirs; the applicant sees that it happened.
    notarization: loan.file.notarization ? { notarizedOn: loan.file.notarization.notarizedOn } : null,
    funding: loan.file.funding
      ? {
          fundedAt: loan.file.funding.fundedAt,
          amount: loan.file.funding.amount,
          accountLast4: loan.file.funding.accountLast4,
        }
      : null,
    myOccupancy: loan.file.occupancy?.[role]?.principalDwelling ?? null,
    label: state?.applicantLabel ?? loan.milestone,
    description: state?.applicantDescription ?? "",
    moves: movesFrom(machine, loan.milestone, "applicant").map((t) => ({ id: t.id, label: t.label })),
    // The conditions asked of this borrower, with their own answer only.
    conditions: loan.file.conditions
      .filter((c) => c.borrowers.includes(role))
      .map((c) => ({
        id: c.id,
        type: c.type,
        informationType: c.informationType ?? null,
        // The form the renderer draws for an information condition still waiting for this borrower.
        form:
          c.type === "information" && c.status === "open" && !c.answers?.[role] && c.informationType
            ? formToShow(services.defs, c.informationType)
            : null,
        documentType: c.documentType ?? null,
        ...conditionIn(english, services, c),
        note: c.note ?? null,
        dueOn: c.dueOn,
        status: c.status,
        answeredAt: c.answers?.[role]?.at ?? null,
        // Whose document an upload for it is: the reader's own, in their own session, even when
        // another borrower answers their part (server/features/uploads/access.ts askedOfThem).
        uploadFor: c.type === "document" ? role : null,
        // The documents page is the account owner's checklist; every borrower can upload here.
        documentsPage: c.type === "document" && role === ownerRole(services.defs),
      })),
    history: loan.file.history.map((h) => ({
      at: h.at,
      label: machine.states[h.to]?.applicantLabel ?? h.to,
    })),
    notices: loan.file.notices
      .filter((n) => n.to === role)
      .map((n) => ({
        id: n.id,
        kind: n.kind,
        givenAt: n.givenAt,
        title: n.document.title,
        // The notice's language as given (its title is in it): English unless a reviewed translation.
        language: n.document.language ?? "en",
        via: n.delivery.via,
        mailedOn: n.delivery.mailedOn ?? null,
        valuationId: n.valuationId ?? null,
      })),
  };
}
