// The HMDA action taken on an application (Regulation C, 12 CFR 1003.4(a)(8)): the one place the
// LAR and the MISMO export learn it.
//   - cancelled under the right to cancel (doc.rescission.cancellation): 2 approved but not
//     accepted, on the day it was cancelled (Regulation C comment 4(a)(8)(i)-13 allows it);
//   - the loan file (server/features/loan): its milestone and the move that dates it, by
//     rules/milestones.json params.hmdaActionTaken (opened → 1 from the account opening, declined →
//     3, a declined counteroffer → 3 too (comment 4(a)(8)(i)-9), withdrawn → 4, incomplete → 5),
//     with the reasons of the decline (or of the counteroffer the applicant declined);
//   - a decline the early funnel's rules made (doc.decisions, with the adverse action notice): 3
//     denied, on the day it was decided, with the HMDA denial reasons of its reason codes;
//   - anything else: no action yet (an open application is not reported).
import type { Decision, LoanFile } from "../generated/schema-types";

export interface ActionTaken {
  /** The HMDA code (1 originated ... 8), or null while no action is taken that the product records. */
  code: string | null;
  /** The action taken date, YYYY-MM-DD. */
  date: string | null;
  /** The decision's reason codes (rules/pricing.json adverseActionReasons keys), for the denial reasons. */
  reasonCodes: string[];
}

export const NO_ACTION: ActionTaken = { code: null, date: null, reasonCodes: [] };

interface Cancellation {
  cancelledAt?: string;
}

/** One row of rules/milestones.json params.hmdaActionTaken. */
export interface ActionRow {
  milestone: string;
  event: string;
  code: string;
}

/** The loan file's action: the row of its milestone whose move is the latest in its history, dated by that move. */
export function fileAction(
  loan: { milestone: string; file: Pick<LoanFile, "history" | "declineReasons" | "counteroffer"> },
  rows: readonly ActionRow[],
): ActionTaken | null {
  const history = loan.file.history;
  let found: { row: ActionRow; at: string; index: number } | null = null;
  for (const row of rows.filter((r) => r.milestone === loan.milestone)) {
    const index = history.findLastIndex((h) => h.transition === row.event);
    if (index >= 0 && (!found || index > found.index)) found = { row, at: history[index]!.at, index };
  }
  if (!found) return null;
  return {
    code: found.row.code,
    date: found.at.slice(0, 10),
    reasonCodes:
      found.row.code !== "3"
        ? []
        : loan.file.declineReasons?.length
          ? loan.file.declineReasons
          : (loan.file.counteroffer?.reasons ?? []),
  };
}

/** The action taken the stored application and its loan file (when it has one) show. */
export function actionTaken(
  doc: Record<string, unknown>,
  loan?: { milestone: string; file: Pick<LoanFile, "history" | "declineReasons" | "counteroffer"> } | null,
  rows: readonly ActionRow[] = [],
): ActionTaken {
  const cancellation = (doc.rescission as { cancellation?: Cancellation } | undefined)?.cancellation;
  if (cancellation?.cancelledAt)
    return { code: "2", date: cancellation.cancelledAt.slice(0, 10), reasonCodes: [] };
  const ofFile = loan ? fileAction(loan, rows) : null;
  if (ofFile) return ofFile;
  const decisions = Array.isArray(doc.decisions) ? (doc.decisions as Decision[]) : [];
  const latest = decisions.at(-1);
  if (latest?.outcome === "declined")
    return { code: "3", date: latest.decidedAt.slice(0, 10), reasonCodes: latest.reasons.map((r) => r.code) };
  return NO_ACTION;
}
