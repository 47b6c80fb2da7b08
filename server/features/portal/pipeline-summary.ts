// One application as the pipeline lists it: status, step label, borrowers with masked SSNs,
// outstanding documents, the loan's milestone and assignment. The file (./application-file.ts)
// starts from the same summary.
import { inArray } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { getAt } from "@engine/base/pointer";
import { labelOf } from "@engine/funnel/funnel";
import { accountEmail, answersPointer, borrowerName, borrowerRoles } from "@engine/lending/borrowers";
import { isSatisfied, stillNeeded } from "@engine/lending/catalogue";
import { requirementsOf } from "@engine/lending/documents";
import { isActive, machineOf, type Machine } from "@engine/lending/milestones";
import { maskValue } from "@engine/validation/sensitive";
import { applications, loanFiles, portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { offerFigures } from "./offer";
import { decisionsOf } from "../decisions/adverse-action";
import { pendingDecline } from "../decisions/early-decline";

export type Row = typeof applications.$inferSelect;
type Loan = typeof loanFiles.$inferSelect;

/** What the pipeline's functions read: the services, and the loan's milestone machine (rules/milestones.json). */
export interface Pipeline {
  services: Services;
  machine: Machine;
}

export const pipelineContext = (services: Services): Pipeline => ({
  services,
  machine: machineOf(services.defs),
});

/** The borrowers whose answers the application holds (rules/members.json), with their name and masked SSN. */
function borrowersOf(services: Services, doc: Record<string, unknown>) {
  const ssnField = services.sensitive.find((f) => f.format === "ssn");
  return borrowerRoles(services.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(services.defs, role)) as Record<string, unknown> | undefined;
    if (!person || typeof person !== "object") return [];
    const name = borrowerName(services.defs, doc, role);
    const ssn = typeof person.ssn === "string" ? maskValue(person.ssn, ssnField?.format) : null;
    return name || ssn ? [{ role, name: name || null, ssn }] : [];
  });
}

/** The words a pipeline search looks in: each borrower's name and email, lower-cased. */
export function searchableText(services: Services, doc: Record<string, unknown>): string {
  const words = borrowerRoles(services.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(services.defs, role)) as Record<string, unknown> | undefined;
    return [borrowerName(services.defs, doc, role), typeof person?.email === "string" ? person.email : null];
  });
  return [...words, accountEmail(services.defs, doc)].filter(Boolean).join("\n").toLowerCase();
}

function outstandingOf(services: Services, doc: Record<string, unknown>) {
  try {
    return requirementsOf(services.defs, doc, todayIso(services.now()))
      .filter((r) => !isSatisfied(r))
      .map((r) => ({
        label: typeof r.label === "string" ? r.label : r.documentType,
        borrower: r.borrower,
        missing: stillNeeded(r),
      }));
  } catch {
    return []; // an application too incomplete for the document rules has nothing to ask for yet
  }
}

/** Portal users' names by id. */
export async function namesOf({ db }: Services, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db
    .select({ id: portalUsers.id, name: portalUsers.name })
    .from(portalUsers)
    .where(inArray(portalUsers.id, wanted));
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** The loan files of these applications, by application id. */
export const loansOf = async ({ db }: Services, ids: string[]) =>
  new Map(
    (ids.length ? await db.select().from(loanFiles).where(inArray(loanFiles.applicationId, ids)) : []).map(
      (l) => [l.applicationId, l],
    ),
  );

function earlyDeclineOf(
  services: Services,
  doc: Record<string, unknown>,
): { state: "declined" | "unconfirmed"; ruleId: string } | null {
  let pending: ReturnType<typeof pendingDecline> = null;
  try {
    pending = pendingDecline(services, doc);
  } catch {
    pending = null; // answers too incomplete for the pricing rules
  }
  if (pending) return { state: "unconfirmed", ruleId: pending.ruleId };
  const latest = decisionsOf(doc).at(-1);
  return latest ? { state: "declined", ruleId: latest.ruleId } : null;
}

function milestoneOf({ services, machine }: Pipeline, loan: Loan | undefined) {
  if (!loan) return null;
  const due = loan.decisionDueOn;
  return {
    id: loan.milestone,
    label: machine.states[loan.milestone]?.label ?? loan.milestone,
    waitingOn: loan.waitingOn.replace(/,/g, "") || null,
    decisionDueOn: due,
    overdue: due !== null && todayIso(services.now()) > due,
  };
}

export const stepLabelOf = (services: Services, status: string) =>
  labelOf(services.defs, status) ?? services.defs.steps.get(status)?.def.label ?? status;

export const summaryOf = (
  pipeline: Pipeline,
  row: Row,
  doc: Record<string, unknown>,
  officers: Map<string, string>,
  loans: Map<string, Loan>,
  early = loans.has(row.id) ? null : earlyDeclineOf(pipeline.services, doc),
) => ({
  id: row.id,
  status: row.status,
  // The loan after submission: its milestone and the 30-day decision clock (rules/milestones.json).
  milestone: milestoneOf(pipeline, loans.get(row.id)),
  active: loans.has(row.id)
    ? isActive(pipeline.machine, loans.get(row.id)!.milestone)
    : early?.state !== "declined",
  // A decline before submission: recorded (the applicant confirmed it, or pricing made it), or
  // one today's answers lead to that the applicant has not confirmed, which is no decision yet.
  earlyDecline: early,
  stepLabel: stepLabelOf(pipeline.services, row.status),
  variant: row.variant,
  borrowers: borrowersOf(pipeline.services, doc),
  outstanding: outstandingOf(pipeline.services, doc),
  offer: offerFigures(pipeline.services.defs, doc, todayIso(pipeline.services.now())),
  loanOfficer: row.loanOfficerId
    ? { id: row.loanOfficerId, name: officers.get(row.loanOfficerId) ?? null }
    : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
