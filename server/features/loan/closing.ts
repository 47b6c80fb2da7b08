// Closing, between clear to close and the account opening: each owner's own answer whether the
// home is their principal dwelling (a borrower in their session, staff for an owner who is not
// applying), each borrower's signature of the closing package in their own session, and the
// notarization of the security instrument (through services.notarization). Each is saved at the
// file's revision with its audit row, or refused naming the field and saving nothing. After a
// signature or the notarization the server opens the account itself as soon as the machine allows
// (the openAccount move, taken by the system): every borrower signed and the notarization recorded.
import { eq } from "drizzle-orm";
import { auditAction } from "@engine/lending/audit-actions";
import type { LoanFile } from "@engine/generated/schema-types";
import { machineOf } from "@engine/lending/milestones";
import { transaction, type Db } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { dateIn } from "../esign/rescission";
import { homeTimeZone, titleOwnersOf } from "../esign/right-to-cancel";
import type { Staff } from "../portal/staff";
import { said, type Said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers, refuse, Refusal } from "../refusal";
import { borrowersOf } from "./facts";
import { fileToChange, moveLoan } from "./moves";
import type { NotarizationEntry } from "./notarization";
import { keepSignedPackage } from "./signed-package";
import { readLoanFile, saveLoanFile, type StoredLoanFile } from "./store";

type Actor = LoanFile["history"][number]["by"];

interface Edit {
  app: StoredApplication;
  loan: StoredLoanFile;
  now: Date;
  tx: Db;
}

/** One change of the file in a transaction: re-read, changed, saved at its revision and audited. */
async function editFile(
  services: Services,
  applicationId: string,
  actor: Actor,
  audit: string[],
  change: (edit: Edit) => Promise<LoanFile> | LoanFile,
): Promise<StoredLoanFile> {
  return transaction(services.db, async (tx) => {
    const now = services.now();
    const { app, loan } = await fileToChange(tx, services, applicationId);
    const file = await change({ app, loan, now, tx });
    if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, now)))
      throw refuse("conflict", said("refusal.file.changed"));
    await applicationStore(services).audit(tx, {
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      action: auditAction("loan.closing", ...audit),
      applicationId,
      changed: ["/loanFile/closing"],
    });
    return (await readLoanFile(tx, applicationId))!;
  });
}

const label = (services: Services, milestone: string) =>
  machineOf(services.defs).states[milestone]?.label ?? milestone;

/** Owners' answers may change until the account opens; after, the right to cancel rests on them (an applicant is told in their words, staff by the milestone's name). */
function answersOpen(services: Services, loan: StoredLoanFile, applicant: boolean) {
  if (loan.file.accountOpenedAt || machineOf(services.defs).states[loan.milestone]?.final)
    throw refuse(
      "conflict",
      applicant
        ? said("refusal.closing.answersClosed")
        : `The file is ${label(services, loan.milestone)}: the owners' answers about the home can no longer change.`,
    );
}

function recordOccupancy(
  file: LoanFile,
  key: string,
  principalDwelling: boolean,
  at: string,
  by: Actor,
): LoanFile {
  return {
    ...file,
    occupancy: { ...file.occupancy, [key]: { principalDwelling, answeredAt: at, answeredBy: by } },
  };
}

/** A borrower on the title answers for themselves, in their own session, whether the home is their principal dwelling. */
export function answerOccupancy(
  services: Services,
  applicant: { applicationId: string; userId: string; role: string },
  principalDwelling: boolean,
) {
  const by: Actor = { kind: "applicant", id: applicant.userId, role: applicant.role };
  return editFile(
    services,
    applicant.applicationId,
    by,
    ["occupancy", applicant.role],
    ({ app, loan, now }) => {
      answersOpen(services, loan, true);
      const today = dateIn(now, homeTimeZone(services.defs, app.doc, loan.file));
      if (!titleOwnersOf(services.defs, app.doc, today).some((o) => o.key === applicant.role))
        throw invalidAnswers([fieldSaid("/principalDwelling", said("refusal.closing.notOnTitle"))]);
      return recordOccupancy(loan.file, applicant.role, principalDwelling, now.toISOString(), by);
    },
  );
}

/** Staff record the answer an owner who is not applying gave them. */
export function recordOwnerOccupancy(
  services: Services,
  staff: Staff,
  input: { applicationId: string; holder: string; principalDwelling: boolean },
) {
  const by: Actor = { kind: "portal", id: staff.id, role: staff.role };
  return editFile(services, input.applicationId, by, ["occupancy", input.holder], ({ app, loan, now }) => {
    answersOpen(services, loan, false);
    const today = dateIn(now, homeTimeZone(services.defs, app.doc, loan.file));
    if (!titleOwnersOf(services.defs, app.doc, today).some((o) => o.key === input.holder && o.role === null))
      throw invalidAnswers([
        {
          pointer: "/holder",
          message:
            "There is no such owner on the title who is not applying (a borrower answers in their own session).",
        },
      ]);
    return recordOccupancy(loan.file, input.holder, input.principalDwelling, now.toISOString(), by);
  });
}

/** The closing package, while the file is in closing; else the refusal (`what` is done only then; an applicant's is a said word). */
const inClosing = (services: Services, loan: StoredLoanFile, what: string | Said) => {
  if (loan.milestone !== "closing" || !loan.file.closing?.package)
    throw refuse(
      "conflict",
      typeof what !== "string"
        ? what
        : `${what} only while the file is ${label(services, "closing")} (it is ${label(services, loan.milestone)}).`,
    );
  return loan.file.closing.package;
};

/** Opens the account when the machine allows it now (every borrower signed, the notarization recorded); else leaves the file as it is. */
async function openWhenReady(services: Services, applicationId: string): Promise<void> {
  try {
    await moveLoan(services, { kind: "system" }, { applicationId, transition: "openAccount" });
  } catch (error) {
    // Not yet (a signature or the notarization missing, or another requirement): staff see why on the file.
    if (!(error instanceof Refusal)) throw error;
  }
}

/** A borrower signs the closing package in their own session, typing their name. */
export async function signClosing(
  services: Services,
  applicant: { applicationId: string; userId: string; role: string },
  input: { typedName: string },
  request: { ip?: string | null; userAgent?: string | null },
): Promise<StoredLoanFile> {
  const by: Actor = { kind: "applicant", id: applicant.userId, role: applicant.role };
  await editFile(services, applicant.applicationId, by, ["signed", applicant.role], ({ app, loan, now }) => {
    const made = inClosing(services, loan, said("refusal.closing.notReady"));
    if (!borrowersOf(services, app.doc).some((role) => role === applicant.role))
      throw refuse("forbidden", said("refusal.closing.borrowersOnly"));
    if (loan.file.closing?.signatures?.[applicant.role])
      throw refuse("conflict", said("refusal.closing.alreadySigned"));
    const typedName = input.typedName.trim();
    if (!typedName) throw invalidAnswers([fieldSaid("/typedName", said("refusal.sign.typeName"))]);
    return {
      ...loan.file,
      closing: {
        ...loan.file.closing,
        signatures: {
          ...loan.file.closing?.signatures,
          [applicant.role]: {
            typedName,
            signedAt: now.toISOString(),
            ip: request.ip && request.ip !== "unknown" ? request.ip.slice(0, 64) : null,
            userAgent: request.userAgent ? request.userAgent.slice(0, 512) : null,
            documents: made.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
          },
        },
      },
    };
  });
  await openWhenReady(services, applicant.applicationId);
  await keepSignedPackage(services, applicant.applicationId);
  return (await readLoanFile(services.db, applicant.applicationId))!;
}

/** Staff record the notarization of the security instrument, through the notarization adapter. */
export async function recordNotarization(
  services: Services,
  staff: Staff,
  input: NotarizationEntry & { applicationId: string },
): Promise<StoredLoanFile> {
  const by: Actor = { kind: "portal", id: staff.id, role: staff.role };
  await editFile(services, input.applicationId, by, ["notarized"], async ({ app, loan, now }) => {
    const made = inClosing(services, loan, "A notarization is recorded");
    if (loan.file.notarization) throw refuse("conflict", "A notarization is already recorded on this file.");
    const timeZone = homeTimeZone(services.defs, app.doc, loan.file);
    const notarization = await services.notarization.record(input, {
      today: dateIn(now, timeZone),
      packageMadeOn: dateIn(new Date(made.generatedAt), timeZone),
      at: now.toISOString(),
      by,
    });
    return { ...loan.file, notarization };
  });
  await openWhenReady(services, input.applicationId);
  return (await readLoanFile(services.db, input.applicationId))!;
}
