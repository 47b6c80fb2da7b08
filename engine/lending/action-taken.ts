// The HMDA action taken on an application (Regulation C, 12 CFR 1003.4(a)(8)), from what the
// product records today. The one place the LAR and the MISMO export learn it: when the credit
// decision, account opening and funding events are stored (issue 35), they are read here.
//   - a decline the rules made (doc.decisions, with the adverse action notice): 3 denied, on the
//     day it was decided, with the HMDA denial reasons of its reason codes (rules/hmda-lar.json);
//   - cancelled under the right to cancel (doc.rescission.cancellation): 2 approved but not
//     accepted, on the day it was cancelled (Regulation C comment 4(a)(8)(i)-13 allows it);
//   - anything else: no action yet (an open application is not reported), including a funded
//     line, whose account-opening date (the action taken date of an origination) is not stored yet.
import type { Decision } from "../generated/schema-types";

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

/** The action taken the stored application shows. */
export function actionTaken(doc: Record<string, unknown>): ActionTaken {
  const cancellation = (doc.rescission as { cancellation?: Cancellation } | undefined)?.cancellation;
  if (cancellation?.cancelledAt)
    return { code: "2", date: cancellation.cancelledAt.slice(0, 10), reasonCodes: [] };
  const decisions = Array.isArray(doc.decisions) ? (doc.decisions as Decision[]) : [];
  const latest = decisions.at(-1);
  if (latest?.outcome === "declined")
    return { code: "3", date: latest.decidedAt.slice(0, 10), reasonCodes: latest.reasons.map((r) => r.code) };
  return NO_ACTION;
}
