// A move of the loan along rules/milestones.json, enforced by the server: the transition exists,
// leaves the file's milestone, the mover may take it (staff holding its permission, the applicant in
// their own session, the server itself), and every requirement it names holds on the file (the rule
// set's outputs). Then, in one transaction: what the move records (terms, reasons, missing items,
// the counteroffer's answer), its history entry, its triggers (the notices per borrower, the
// notifications queued) and the audit row. Mail goes after the commit. Anything else is refused
// with the reason and saves nothing.
import { auditAction } from "@engine/lending/audit-actions";
import { todayIso } from "@engine/base/dates";
import type { LoanFile } from "@engine/generated/schema-types";
import { machineOf, type Transition } from "@engine/lending/milestones";
import { evaluateRuleSet } from "@engine/logic/rules";
import { transaction, type Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { eq } from "drizzle-orm";
import { applications } from "@server/persistence/db/schema";
import { ownerJourney } from "../steps/journey";
import { offerFigures } from "../portal/offer";
import { TERMS_THE_PACKAGE_STATES } from "./package";
import type { Permission } from "../portal/roles";
import type { Staff } from "../portal/staff";
import { borrowersOf, milestoneInput, outstandingDocuments } from "./facts";
import { reasonCatalogue } from "./notices";
import { queueNotifications, sendDueNotifications } from "./notify";
import { invalidAnswers, refuse, type RefusalMessage } from "../refusal";
import { createLoanFile, readLoanFile, saveLoanFile, type StoredLoanFile } from "./store";
import { runTrigger } from "./triggers";
import { errorKind } from "@server/platform/observability/log";

export type Mover =
  { kind: "portal"; staff: Staff } | { kind: "applicant"; userId: string; role: string } | { kind: "system" };

export type TransitionAction = NonNullable<
  NonNullable<import("@engine/generated/schema-types").LoanAPIInputs["loanTransition"]>["action"]
>;

type Actor = LoanFile["history"][number]["by"];

const actorOf = (mover: Mover): Actor =>
  mover.kind === "portal"
    ? { kind: "portal", id: mover.staff.id, role: mover.staff.role }
    : mover.kind === "applicant"
      ? { kind: "applicant", id: mover.userId, role: mover.role }
      : { kind: "system", id: null };

/** The application is submitted when its owner's path is due at the submitted page. */
const isSubmitted = (services: Services, app: StoredApplication) =>
  ownerJourney(services, app, app.doc).submitted;

/** Whether the rules find the application complete (Regulation B 1002.2(f)) with this file. */
function isComplete(
  services: Services,
  app: Pick<StoredApplication, "doc">,
  file: LoanFile,
  today: string,
): boolean {
  const { outputs } = evaluateRuleSet(
    services.defs,
    "milestones",
    {
      milestone: "submitted",
      file,
      borrowers: [],
      outstandingDocuments: outstandingDocuments(services, app.doc, today),
    },
    { today },
  );
  return outputs.applicationComplete === true;
}

/**
 * The loan file of a submitted application, opened now when it has none: received at the
 * submission (`receivedAt`, the save whose last act submitted it), with the offer it was submitted with.
 */
export async function loanFileOf(
  tx: Db,
  services: Services,
  app: StoredApplication,
  receivedAt: Date,
): Promise<StoredLoanFile | null> {
  const existing = await readLoanFile(tx, app.id);
  if (existing) return existing;
  if (!isSubmitted(services, app)) return null;
  return openLoanFile(tx, services, app, receivedAt);
}

/**
 * The application and its loan file, read in the transaction that will change them; refused as
 * not found (no such application) or not now (not submitted: `notSubmitted` says why, to its reader).
 */
export async function fileToChange(
  tx: Db,
  services: Services,
  applicationId: string,
  notSubmitted: RefusalMessage = "This application is not submitted yet: there is no loan file.",
): Promise<{ app: StoredApplication; loan: StoredLoanFile; row: typeof applications.$inferSelect }> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId));
  if (!row) throw refuse("notFound", "There is no such application.");
  const app = applicationStore(services).fromRow(row);
  const loan = await loanFileOf(tx, services, app, row.updatedAt);
  if (!loan) throw refuse("notNow", notSubmitted);
  return { app, loan, row };
}

/** Opens the file of an application at its submission: the offer it was submitted with, complete or not. */
export async function openLoanFile(
  tx: Db,
  services: Services,
  app: Pick<StoredApplication, "id" | "doc">,
  receivedAt: Date,
): Promise<StoredLoanFile> {
  // The offer on the day it was submitted.
  const offer = offerFigures(services.defs, app.doc, todayIso(receivedAt));
  const file: LoanFile = {
    receivedAt: receivedAt.toISOString(),
    completedAt: null,
    offer:
      offer && offer.apr !== null
        ? {
            lineAmount: offer.lineAmount,
            apr: offer.apr,
            margin: offer.margin,
            originationFee: offer.originationFee,
          }
        : null,
    history: [],
    conditions: [],
    notices: [],
  };
  const today = todayIso(receivedAt);
  if (isComplete(services, app, file, today)) file.completedAt = file.receivedAt;
  return createLoanFile(tx, services, app.id, file, services.now());
}

/** What each move records on the file, besides its history (a move not listed records only that). */
const RECORDS: Record<string, (file: LoanFile, action: TransitionAction, at: string, by: Actor) => LoanFile> =
  {
    approve: (file, action) => ({ ...file, terms: action.terms! }),
    counteroffer: (file, action, at) => ({
      ...file,
      counteroffer: {
        terms: action.terms!,
        reasons: action.reasons ?? [],
        offeredAt: at,
        answer: null,
        answeredAt: null,
        answeredBy: null,
      },
    }),
    acceptCounteroffer: (file, _a, at, by) => ({
      ...file,
      terms: file.counteroffer!.terms,
      counteroffer: { ...file.counteroffer!, answer: "accepted", answeredAt: at, answeredBy: by },
    }),
    declineCounteroffer: (file, _a, at, by) => ({
      ...file,
      counteroffer: { ...file.counteroffer!, answer: "declined", answeredAt: at, answeredBy: by },
    }),
    decline: (file, action) => ({ ...file, declineReasons: action.reasons ?? [] }),
    markIncomplete: (file, action, at) => ({
      ...file,
      incomplete: { items: action.items ?? [], deadline: action.deadline!, noticedAt: at },
    }),
  };

/** The move's name for a refusal. */
const named = (t: Transition) => `"${t.label}"`;

/** Refuses a mover who may not take `t`. */
function admit(t: Transition, mover: Mover) {
  if (!t.by.includes(mover.kind === "portal" ? "staff" : mover.kind))
    throw refuse(
      "forbidden",
      mover.kind === "applicant"
        ? `${named(t)} is taken by our staff, not in your session.`
        : `${named(t)} is the applicant's to take, in their own session.`,
    );
  if (mover.kind === "portal" && t.permission && !mover.staff.can(t.permission as Permission))
    throw refuse(
      "forbidden",
      `Your role does not allow ${named(t)} (it needs the permission ${t.permission}).`,
    );
}

/** The reasons given must be codes of the catalogue (rules/decline-reasons.json). */
function checkReasons(services: Services, action: TransitionAction) {
  const { reasons } = reasonCatalogue(services);
  const errors = (action.reasons ?? []).flatMap((code, i) =>
    Object.hasOwn(reasons, code)
      ? []
      : [
          {
            pointer: `/action/reasons/${i}`,
            message: `"${code}" is not a reason of the catalogue (rules/decline-reasons.json)`,
          },
        ],
  );
  if (errors.length) throw invalidAnswers(errors);
}

/** The moves that set the final terms: each gives every term the closing package states. */
const SETS_TERMS = new Set(["approve", "counteroffer"]);

/** Refuses an approval or counteroffer whose terms leave a blank in the closing package, naming each field. */
function checkTerms(transition: string, action: TransitionAction) {
  if (!SETS_TERMS.has(transition)) return;
  if (!action.terms)
    throw invalidAnswers([{ pointer: "/action/terms", message: "Give the line amount, APR and terms." }]);
  const terms = action.terms as unknown as Record<string, unknown>;
  const errors = Object.entries(TERMS_THE_PACKAGE_STATES)
    .filter(([key]) => typeof terms[key] !== "number")
    .map(([key, message]) => ({ pointer: `/action/terms/${key}`, message }));
  if (errors.length) throw invalidAnswers(errors);
}

export interface MoveRequest {
  applicationId: string;
  transition: string;
  action?: TransitionAction;
}

/** Takes one move, or refuses it; returns the file after it. */
export async function moveLoan(
  services: Services,
  mover: Mover,
  request: MoveRequest,
): Promise<StoredLoanFile> {
  const machine = machineOf(services.defs);
  const t = machine.transitions[request.transition];
  if (!t)
    throw invalidAnswers([
      { pointer: "/transition", message: `"${request.transition}" is not a move of rules/milestones.json` },
    ]);
  admit(t, mover);
  const action: TransitionAction = request.action ?? {};
  checkReasons(services, action);
  checkTerms(request.transition, action);
  const store = applicationStore(services);
  let later: (() => Promise<void>)[] = [];
  const saved = await transaction(services.db, async (tx) => {
    later = [];
    const now = services.now();
    const today = todayIso(now);
    const [row] = await tx.select().from(applications).where(eq(applications.id, request.applicationId));
    if (!row) throw refuse("notFound", "There is no such application.");
    const app = { ...store.fromRow(row), partnerId: row.partnerId, loanOfficerId: row.loanOfficerId };
    // An application submitted before loan files existed: its last save was its submission.
    const loan = await loanFileOf(tx, services, app, row.updatedAt);
    if (!loan)
      throw refuse("notNow", "This application is not submitted yet: there is no loan file to move.");
    if (!t.from.includes(loan.milestone)) {
      const from = t.from.map((s) => machine.states[s]?.label ?? s).join(", ");
      throw refuse(
        "conflict",
        `${named(t)} cannot be taken while the file is ${machine.states[loan.milestone]?.label ?? loan.milestone}: only from ${from}.`,
      );
    }
    const input = await milestoneInput(
      tx,
      services,
      app,
      { milestone: loan.milestone, file: loan.file, action },
      now,
      today,
    );
    const { outputs } = evaluateRuleSet(services.defs, "milestones", input, { today });
    const rules = services.defs.ruleSets.get("milestones")?.def.rules ?? [];
    const unmet = t.requires.filter((name) => outputs[name] !== true);
    if (unmet.length)
      throw refuse(
        "notNow",
        `${named(t)} needs: ${unmet.map((name) => rules.find((r) => r.output === name)?.description ?? name).join(" ")}`,
      );
    const at = now.toISOString();
    const by = actorOf(mover);
    let file = (RECORDS[request.transition] ?? ((f: LoanFile) => f))(loan.file, action, at, by);
    if (!file.completedAt && outputs.applicationComplete === true) file = { ...file, completedAt: at };
    file = {
      ...file,
      history: [...file.history, { transition: request.transition, from: loan.milestone, to: t.to, at, by }],
    };
    const borrowers = borrowersOf(services, app.doc);
    let values: Record<string, string> = {};
    for (const trigger of t.triggers) {
      const done = await runTrigger(tx, services, { app, file, trigger, borrowers, now, by });
      if (!done)
        throw refuse(
          "notNow",
          `${named(t)} triggers ${JSON.stringify(trigger)}, which this server does not carry out yet: the move is refused rather than done in part.`,
        );
      file = done.file;
      later.push(...done.later);
      values = { ...values, ...done.values };
      if (trigger.notify)
        await queueNotifications(
          tx,
          services,
          app,
          trigger.notify,
          {
            borrowers,
            // The name as English reads it, and the state, so a mail names it in its reader's language.
            values: {
              milestone: machine.states[t.to]?.applicantLabel ?? t.to,
              milestoneState: t.to,
              ...values,
            },
          },
          now,
        );
    }
    if (!(await saveLoanFile(tx, services, loan, t.to, file, now)))
      throw refuse("conflict", "The file changed meanwhile. Reload it and try again.");
    await store.audit(tx, {
      actorKind: mover.kind,
      actorId: by.id ?? null,
      action: auditAction("loan.moved", request.transition, loan.milestone, t.to),
      applicationId: app.id,
      changed: ["/loanFile/milestone"],
    });
    return (await readLoanFile(tx, app.id))!;
  });
  for (const work of later)
    await work().catch((error: unknown) =>
      services.log.error(
        { err: errorKind(error) },
        `loan move ${request.transition}: a notice's delivery failed`,
      ),
    );
  await sendDueNotifications(services, request.applicationId).catch((error: unknown) =>
    services.log.error({ err: errorKind(error) }, `loan move ${request.transition}: notifications failed`),
  );
  return saved;
}
