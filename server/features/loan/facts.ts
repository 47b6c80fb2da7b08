// What rules/milestones.json reads at a move: the loan file, what the move gives (action), and the
// facts the server works out from the application and its other rule sets (the borrowers, the
// documents still asked for, the scores used, the first lien, the right to cancel).
import { getAt } from "@engine/base/pointer";
import { answersPointer, borrowerRoles } from "@engine/lending/borrowers";
import { requirementsOf } from "@engine/lending/documents";
import type { LoanFile } from "@engine/generated/schema-types";
import { evaluateRuleSet } from "@engine/logic/rules";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { drawHeldBack } from "../esign/draw-release";
import { titleOwnersOf } from "../esign/right-to-cancel";
import { firstDrawOf } from "./triggers";

/** The borrowers applying: each role whose answers the application holds. */
export const borrowersOf = (services: Pick<Services, "defs">, doc: Record<string, unknown>) =>
  borrowerRoles(services.defs).filter((role) => {
    const person = getAt(doc, answersPointer(services.defs, role));
    return !!person && typeof person === "object";
  });

/** How many documents the documents rules still ask for (an application they cannot read yet: none). */
export function outstandingDocuments(
  services: Pick<Services, "defs">,
  doc: Record<string, unknown>,
  today: string,
) {
  try {
    return requirementsOf(services.defs, doc, today).reduce(
      (n, r) => n + Math.max(0, r.count - r.uploaded),
      0,
    );
  } catch {
    return 0;
  }
}

function firstLien(services: Pick<Services, "defs">, doc: Record<string, unknown>, today: string) {
  try {
    return evaluateRuleSet(services.defs, "payoff", doc, { today }).outputs.helocFirstLien === true;
  } catch {
    return false;
  }
}

export interface MoveInput {
  milestone: string;
  file: LoanFile;
  action?: object;
}

/** The rule set's input at a move. */
export async function milestoneInput(
  db: Db,
  services: Services,
  app: { id: string; doc: Record<string, unknown> },
  move: MoveInput,
  now: Date,
  today: string,
) {
  const { defs } = services;
  const borrowers = borrowersOf(services, app.doc);
  const owners = titleOwnersOf(defs, app.doc, today).map((o) => o.key);
  return {
    milestone: move.milestone,
    file: move.file,
    ...(move.action ? { action: move.action } : {}),
    borrowers,
    owners,
    occupancyAnswered: Object.keys(move.file.occupancy ?? {}),
    signedBy: Object.keys(move.file.closing?.signatures ?? {}),
    scoresUsed: borrowers.filter((role) => getAt(app.doc, `${answersPointer(defs, role)}/creditScoreUsed`)),
    outstandingDocuments: outstandingDocuments(services, app.doc, today),
    firstLien: firstLien(services, app.doc, today),
    drawReleasable: (await drawHeldBack(db, services, app.id, app.doc, now)) === null,
    firstDraw: firstDrawOf(app.doc, move.file),
  };
}
