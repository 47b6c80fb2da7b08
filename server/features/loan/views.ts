// What staff and the applicant read of a loan file: its milestone in their words, whose move it
// is, the 30-day decision clock with its due day and an overdue flag, the moves open to the
// reader, the decision and its terms, the notices given (with how each was delivered) and the
// history. Staff also see the mails of the file's timeline (never their addresses).
import { todayIso } from "@engine/base/dates";
import { decisionClock, machineOf, movesFrom, waitingOn } from "@engine/lending/milestones";
import type { Services } from "@server/services";
import type { Permission } from "../portal/roles";
import type { Staff } from "../portal/staff";
import { notificationsOf } from "./notify";
import { reasonCatalogue } from "./notices";
import type { StoredLoanFile } from "./store";

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
  };
}

export async function staffLoanView(services: Services, staff: Staff, loan: StoredLoanFile) {
  const { machine, ...view } = common(services, loan);
  const state = machine.states[loan.milestone];
  return {
    ...view,
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
    conditions: loan.file.conditions,
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

/** The applicant's view: their notices only, the moves that are theirs. */
export function applicantLoanView(services: Services, role: string, loan: StoredLoanFile) {
  const { machine, ...view } = common(services, loan);
  const state = machine.states[loan.milestone];
  return {
    ...view,
    label: state?.applicantLabel ?? loan.milestone,
    description: state?.description ?? "",
    moves: movesFrom(machine, loan.milestone, "applicant").map((t) => ({ id: t.id, label: t.label })),
    // The conditions asked of this borrower, with their own answer only.
    conditions: loan.file.conditions
      .filter((c) => c.borrowers.includes(role))
      .map((c) => ({
        id: c.id,
        type: c.type,
        informationType: c.informationType ?? null,
        documentType: c.documentType ?? null,
        label: c.label,
        description: c.description,
        note: c.note ?? null,
        dueOn: c.dueOn,
        status: c.status,
        answeredAt: c.answers?.[role]?.at ?? null,
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
        via: n.delivery.via,
      })),
  };
}
