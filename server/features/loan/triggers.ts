// What a move triggers (rules/milestones.json transitions' triggers), inside the move's
// transaction: a decision's notices per borrower; the right-to-cancel clock and its notices at the
// account opening; the release of the first draw at funding; a notification (queued by the move
// with the values given here). A trigger this server does not carry out answers null, and the move
// is refused whole.
import { formatCurrency } from "@engine/base/format";
import { getAt } from "@engine/base/pointer";
import type { LoanFile } from "@engine/generated/schema-types";
import type { Trigger } from "@engine/lending/milestones";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { giveRescissionNotices } from "../esign/give-notices";
import { dateIn } from "../esign/rescission";
import { homeTimeZone, RESCISSION_NOTICE } from "../esign/right-to-cancel";
import { giveNotices, NOTICE_KINDS } from "./notices";
import { makeClosingPackage } from "./package";

type Actor = LoanFile["history"][number]["by"];

export interface TriggerRun {
  app: { id: string; ownerId: string; doc: Record<string, unknown> };
  file: LoanFile;
  trigger: Trigger;
  borrowers: string[];
  now: Date;
  by: Actor;
}

export interface TriggerDone {
  file: LoanFile;
  later: (() => Promise<void>)[];
  /** Values for the move's notification (not personal: amounts, dates). */
  values?: Record<string, string>;
}

/** Where the first draw goes and how much it is: the funnel's answers (schemas/disbursement.json). */
export function firstDrawOf(doc: Record<string, unknown>, file: LoanFile) {
  const amount = getAt(doc, "/disbursement/drawAmount");
  const account = getAt(doc, "/disbursement/bankAccount/accountNumber");
  return {
    amount: typeof amount === "number" ? amount : (file.terms?.firstDraw ?? null),
    accountLast4: typeof account === "string" && /^[0-9]{4,}$/.test(account) ? account.slice(-4) : null,
  };
}

/** Carries out one trigger, or answers null for one this server does not carry out. */
export async function runTrigger(tx: Db, services: Services, run: TriggerRun): Promise<TriggerDone | null> {
  const { app, file, trigger, now } = run;
  if (trigger.notify) return { file, later: [] };
  if (trigger.timer === "rescission") {
    // The account opens now: the right to cancel counts from this day where the home is.
    const timeZone = homeTimeZone(services.defs, app.doc);
    return {
      file: {
        ...file,
        accountOpenedAt: now.toISOString(),
        accountOpenedOn: dateIn(now, timeZone),
        timeZone,
      },
      later: [],
    };
  }
  if (trigger.notice === RESCISSION_NOTICE) {
    const given = await giveRescissionNotices(tx, services, app, file, now);
    return { file: { ...file, notices: [...file.notices, ...given.notices] }, later: given.later };
  }
  if (trigger.notice && NOTICE_KINDS[trigger.notice]) {
    const given = await giveNotices(tx, services, app, file, trigger.notice, run.borrowers, now);
    return { file: { ...file, notices: [...file.notices, ...given.notices] }, later: given.later };
  }
  if (trigger.package === "closing") {
    if (!file.terms) return null;
    const made = makeClosingPackage(services, app.doc, run.borrowers, file.terms, now);
    // A new package (terms changed) voids the signatures of the old one.
    return { file: { ...file, closing: { package: made, signatures: {} } }, later: [] };
  }
  if (trigger.release === "firstDraw") {
    const draw = firstDrawOf(app.doc, file);
    if (draw.amount === null) return null;
    return {
      file: {
        ...file,
        funding: {
          fundedAt: now.toISOString(),
          amount: draw.amount,
          accountLast4: draw.accountLast4,
          by: run.by,
        },
      },
      later: [],
      // The English figure, and the number a mail writes in its reader's language (notify.ts).
      values: { amount: formatCurrency(draw.amount), amountDollars: String(draw.amount) },
    };
  }
  return null;
}
