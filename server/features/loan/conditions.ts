// Conditions of a loan file (spec §9, the catalogue rules/conditions.json): staff with
// conditions.manage ask one of the borrowers it applies to, with a prior-to stage (approval,
// closing, funding) and a due day; each borrower is mailed (rules/notifications.json
// conditionRequested) and sees it on their page; a borrower answers an information condition in
// their own session, and once every borrower it applies to has answered it is back in the
// processor's queue (conditionAnswered); staff with conditions.clear clear, waive or reopen it.
// rules/milestones.json refuses a move past a stage with its conditions open. Clearing the last
// condition before approval with every document in completes the application: the 30-day clock
// of Regulation B 1002.9(a)(1)(i) starts at that moment.
import { said } from "@engine/locale/server-words";
import { sealAnswer } from "./sealed-answers";
import { conditionLabel, conditionLabelPlace } from "@engine/lending/catalogue";
import { paramPlace } from "@engine/definitions/param-place";
import type { RecordedWords } from "@engine/locale/recorded-words";
import { checkConditionAnswer } from "@engine/lending/condition-forms";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { auditAction } from "@engine/lending/audit-actions";
import type { LoanAPIInputs, LoanFile } from "@engine/generated/schema-types";
import { machineOf } from "@engine/lending/milestones";
import { evaluateRuleSet } from "@engine/logic/rules";
import { transaction } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import type { Staff } from "../portal/staff";
import { borrowersOf, milestoneInput } from "./facts";
import { fileToChange } from "./moves";
import { queueNotifications, sendDueNotifications, type NotifyContext } from "./notify";
import { invalidAnswers, refuse } from "../refusal";
import { readLoanFile, saveLoanFile, type StoredLoanFile } from "./store";
import { errorKind } from "@server/platform/observability/log";

type Condition = LoanFile["conditions"][number];
type Actor = Condition["requestedBy"];

interface CatalogueEntry {
  code: number;
  type: Condition["type"];
  informationType?: Condition["informationType"];
  documentType?: Condition["documentType"];
  requiredCount?: number;
  label: string;
  description: string;
}

export const catalogue = (services: Pick<Services, "defs">) =>
  ((services.defs.params.conditions ?? {}) as { conditions?: Record<string, CatalogueEntry> }).conditions ??
  {};

/**
 * A condition's label and description as the file records them, each with the catalogue's string it
 * was copied from when staff asked it (a document condition without a label of its own: its document
 * type's title), so that each reader reads them in their language (recordedIn): the page, the mails.
 */
export function conditionWords(
  defs: Services["defs"],
  condition: Pick<Condition, "code" | "label" | "description">,
): { label: RecordedWords; description: RecordedWords } {
  const entry = catalogue({ defs })[String(condition.code)];
  const own = (field: string) => paramPlace(defs, "conditions", "conditions", condition.code, field);
  return {
    label: { text: condition.label, ...conditionLabelPlace(defs, entry ?? {}, own("label")) },
    description: { text: condition.description, ...own("description") },
  };
}

interface Change {
  file: LoanFile;
  audit: string[];
  notify?: { event: string; context: Omit<NotifyContext, "borrowers"> };
}

/** One change of a file's conditions in a transaction: the file re-read, changed, saved at its revision, audited and its mail queued. */
async function changeConditions(
  services: Services,
  applicationId: string,
  actor: Actor,
  change: (loan: StoredLoanFile, borrowers: string[], at: string) => Change,
): Promise<StoredLoanFile> {
  const saved = await transaction(services.db, async (tx) => {
    const now = services.now();
    const { app, loan, row } = await fileToChange(
      tx,
      services,
      applicationId,
      "This application is not submitted yet: it has no conditions.",
    );
    if (machineOf(services.defs).states[loan.milestone]?.final)
      throw refuse("conflict", said("refusal.condition.fileClosed"));
    const borrowers = borrowersOf(services, app.doc);
    const at = now.toISOString();
    const done = change(loan, borrowers, at);
    let file = done.file;
    // The application completes at the change that leaves nothing the lender asks for.
    if (!file.completedAt) {
      const today = todayIso(now);
      const input = await milestoneInput(tx, services, app, { milestone: loan.milestone, file }, now, today);
      if (evaluateRuleSet(services.defs, "milestones", input, { today }).outputs.applicationComplete === true)
        file = { ...file, completedAt: at };
    }
    if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, now)))
      throw refuse("conflict", said("refusal.condition.fileChanged"));
    await applicationStore(services).audit(tx, {
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      action: auditAction("loan.condition", ...done.audit),
      applicationId,
      changed: ["/loanFile/conditions"],
    });
    if (done.notify)
      await queueNotifications(
        tx,
        services,
        { id: app.id, partnerId: row.partnerId, loanOfficerId: row.loanOfficerId },
        done.notify.event,
        { borrowers, ...done.notify.context },
        now,
      );
    return (await readLoanFile(tx, applicationId))!;
  });
  await sendDueNotifications(services, applicationId).catch((error: unknown) =>
    services.log.error({ err: errorKind(error) }, "loan conditions: notifications failed"),
  );
  return saved;
}

const conditionOf = (loan: StoredLoanFile, id: string) => {
  const found = loan.file.conditions.find((c) => c.id === id);
  if (!found)
    throw invalidAnswers([{ pointer: "/conditionId", message: "There is no such condition on this file." }]);
  return found;
};

/** The processor's queue is told a condition every borrower answered is back (conditionAnswered). */
const answered = (services: Services, condition: Condition): Change["notify"] => ({
  event: "conditionAnswered",
  context: { values: { conditionLabel: conditionWords(services.defs, condition).label } },
});

const replaced = (file: LoanFile, condition: Condition): LoanFile => ({
  ...file,
  conditions: file.conditions.map((c) => (c.id === condition.id ? condition : c)),
});

/** Staff ask a condition of the catalogue of one or more borrowers. */
export function addCondition(
  services: Services,
  staff: Staff,
  input: NonNullable<LoanAPIInputs["conditionAdd"]>,
) {
  const entry = catalogue(services)[String(input.code)];
  if (!entry)
    throw invalidAnswers([
      {
        pointer: "/code",
        message: `${input.code} is not a condition of the catalogue (rules/conditions.json)`,
      },
    ]);
  if (input.dueOn < todayIso(services.now()))
    throw invalidAnswers([{ pointer: "/dueOn", message: "The due day cannot be in the past." }]);
  const by: Actor = { kind: "portal", id: staff.id, role: staff.role };
  return changeConditions(services, input.applicationId, by, (loan, borrowers, at) => {
    const stranger = input.borrowers.findIndex((b) => !borrowers.includes(b));
    if (stranger >= 0)
      throw invalidAnswers([
        {
          pointer: `/borrowers/${stranger}`,
          message: `"${input.borrowers[stranger]}" is not a borrower of this application`,
        },
      ]);
    const condition: Condition = {
      id: randomUUID(),
      code: entry.code,
      type: entry.type,
      informationType: entry.informationType ?? null,
      documentType: entry.documentType ?? null,
      ...(entry.requiredCount !== undefined ? { requiredCount: entry.requiredCount } : {}),
      label: conditionLabel(services.defs, entry),
      description: entry.description,
      note: input.note ?? null,
      priorTo: input.priorTo,
      dueOn: input.dueOn,
      borrowers: input.borrowers,
      ownerId: input.ownerId ?? staff.id,
      source: "staff",
      status: "open",
      answers: {},
      requestedAt: at,
      requestedBy: by,
      clearedAt: null,
      clearedBy: null,
    };
    return {
      file: { ...loan.file, conditions: [...loan.file.conditions, condition] },
      audit: [String(entry.code), "requested"],
      notify: {
        event: "conditionRequested",
        context: {
          some: input.borrowers,
          values: { conditionLabel: conditionWords(services.defs, condition).label, dueDate: input.dueOn },
        },
      },
    };
  });
}

/** A borrower answers an information condition in their own session. */
export function answerCondition(
  services: Services,
  applicant: { applicationId: string; userId: string; role: string },
  input: NonNullable<LoanAPIInputs["conditionAnswer"]>,
) {
  const by: Actor = { kind: "applicant", id: applicant.userId, role: applicant.role };
  return changeConditions(services, applicant.applicationId, by, (loan, _borrowers, at) => {
    const condition = conditionOf(loan, input.conditionId);
    if (!condition.borrowers.includes(applicant.role))
      throw refuse("forbidden", said("refusal.condition.notYours"));
    if (condition.type !== "information") throw refuse("notNow", said("refusal.condition.asksDocument"));
    if (condition.status !== "open") throw refuse("conflict", said("refusal.condition.notWaiting"));
    // The answer is judged against its informationType's form (rules/conditions.json answerForms).
    const checked = checkConditionAnswer(services.defs, condition.informationType ?? "", input.answers);
    if (!checked.ok)
      throw invalidAnswers(checked.errors.map((e) => ({ ...e, pointer: `/answers${e.pointer}` })));
    // Stored with the fields its schema marks sealed encrypted (./sealed-answers.ts).
    const answer = sealAnswer(services, condition.informationType ?? "", checked.answer);
    const answers = { ...(condition.answers ?? {}), [applicant.role]: { at, answer } };
    const everyone = condition.borrowers.every((b) => answers[b]);
    return {
      file: replaced(loan.file, { ...condition, answers, status: everyone ? "answered" : "open" }),
      audit: [String(condition.code), "answered", applicant.role],
      ...(everyone ? { notify: answered(services, condition) } : {}),
    };
  });
}

/** Staff clear, waive or reopen a condition. */
export function decideCondition(
  services: Services,
  staff: Staff,
  input: NonNullable<LoanAPIInputs["conditionDecision"]>,
) {
  const by: Actor = { kind: "portal", id: staff.id, role: staff.role };
  return changeConditions(services, input.applicationId, by, (loan, _b, at) => {
    const condition = conditionOf(loan, input.conditionId);
    const done = condition.status === "cleared" || condition.status === "waived";
    if (input.outcome !== "reopened" && done)
      throw refuse("conflict", `This condition is already ${condition.status}.`);
    if (input.outcome === "reopened" && condition.status === "open")
      throw refuse("conflict", "This condition is open already.");
    const next: Condition =
      input.outcome === "reopened"
        ? { ...condition, status: "open", clearedAt: null, clearedBy: null }
        : { ...condition, status: input.outcome, clearedAt: at, clearedBy: by };
    return {
      file: replaced(loan.file, next),
      audit: [String(condition.code), input.outcome],
      ...(input.outcome === "reopened"
        ? {
            notify: {
              event: "conditionRequested",
              context: {
                some: condition.borrowers,
                values: {
                  conditionLabel: conditionWords(services.defs, condition).label,
                  dueDate: condition.dueOn,
                },
              },
            },
          }
        : {}),
    };
  });
}

/**
 * A borrower uploaded a document of `documentType`: each open document condition of that type asked
 * of them counts it as their answer, and one every borrower has answered goes back to the
 * processor's queue (conditionAnswered). A file with no such condition is left as it is.
 */
export async function conditionUploaded(
  services: Services,
  upload: { applicationId: string; userId: string; borrower: string; documentType: string; uploadId: string },
): Promise<void> {
  const waiting = (c: Condition) =>
    c.type === "document" &&
    c.status === "open" &&
    c.documentType === upload.documentType &&
    c.borrowers.includes(upload.borrower) &&
    !c.answers?.[upload.borrower];
  const stored = await readLoanFile(services.db, upload.applicationId);
  if (!stored?.file.conditions.some(waiting)) return;
  const by: Actor = { kind: "applicant", id: upload.userId, role: upload.borrower };
  await changeConditions(services, upload.applicationId, by, (loan, _b, at) => {
    const condition = loan.file.conditions.find(waiting);
    if (!condition) throw refuse("conflict", said("refusal.condition.noneWaiting"));
    const answers = {
      ...(condition.answers ?? {}),
      [upload.borrower]: { at, answer: { uploadId: upload.uploadId } },
    };
    const everyone = condition.borrowers.every((b) => answers[b]);
    return {
      file: replaced(loan.file, { ...condition, answers, status: everyone ? "answered" : "open" }),
      audit: [String(condition.code), "uploaded", upload.borrower],
      ...(everyone ? { notify: answered(services, condition) } : {}),
    };
  });
}
