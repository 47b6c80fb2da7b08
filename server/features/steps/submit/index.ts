// step.submit, the server side of every funnel screen, as named phases (each in its own module):
// read who is saving and where they are (./submission.ts); admit them to the step (./admit.ts);
// check the answers with the engine's step validator, the one the browser runs, the server being
// the authority (./check.ts); merge into the stored application (./merge.ts); decide where they go
// next along their own path, and save it all in one transaction with the step's effects and the
// domain's save steps (./decide.ts, ./owner-save-steps.ts, ./record.ts); then the work after the
// commit (./after-commit.ts); what the save means for the application's other readers, and its
// submission, is ./tell-others.ts. Nothing is saved unless everything passes.
import { lockKey, transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import { memberStore } from "@server/features/members/store";
import { signedAnswersOf } from "@server/features/esign/signed-answers";
import { admitGuest } from "@server/features/messaging/guests";
import type { Context } from "@server/transport/trpc/init";
import { signInToProvenAccount } from "@server/features/auth/email-proof";
import { receiptsOf, requestHash } from "../receipts";
import { afterCommit, runAfterCommit } from "./after-commit";
import { checkBeforeSave } from "./check";
import { saveMember, saveOwner } from "./decide";
import { merge, voidCoveredSignatures } from "./merge";
import { record } from "./record";
import { othersBefore, tellOthers } from "./tell-others";
import { requestLocale } from "@server/features/locale/locale";
import { readerArms } from "@server/features/experiments/arms";
import { wordedSet } from "@server/features/experiments/worded";
import { readSubmission, type StepSection, type StepSubmit, type SubmitResult } from "./submission";

export type { SubmitResult } from "./submission";

/**
 * step.saveSection: one section of a step in sections, saved as the reader finishes it. The same
 * phases as a whole step's save (the step open to them, their part, the server's judgement of the
 * section's fields, signatures it voids, the audit), but the step is not saved as answered: their
 * place does not move, and no effect of the step runs. step.get then resumes after it (../parts.ts).
 */
export const saveSection = (ctx: Context, input: StepSection): Promise<SubmitResult> =>
  submitStep(ctx, input);

export async function submitStep(ctx: Context, input: StepSubmit | StepSection): Promise<SubmitResult> {
  const s = readSubmission(ctx, input);
  const receipts = receiptsOf(s.services);
  // A submission answered already (the same idempotency key) gets the same answer.
  // Bound to the step and its answers: the same key with other answers is refused (422).
  const submitted = s.receipt ? requestHash(s.step.id, s.input.answers) : "";
  const replay = s.receipt
    ? await receipts.find<SubmitResult>(s.services.db, s.receipt, s.userId, submitted)
    : null;
  if (replay) return replay;
  // Judged in the words the reader was shown: their language and their experiment arms' (a check's message an arm words).
  const locale = requestLocale(s.services.defs, ctx.cookies);
  s.judgeDefs = wordedSet(s.services.defs, locale, await readerArms(s.services, s.userId, locale.code)).defs;
  const { serverSet, signInAs, stored, inSave } = await checkBeforeSave(s);
  // A right email code for an address another account proved: this browser is now that account's.
  if (signInAs && s.userId) {
    const owner = await signInToProvenAccount(s.services, ctx.cookies, s.userId, signInAs, (tx) =>
      inSave(tx, stored),
    );
    return { ...owner, stepId: null, revision: 0, ruleId: "emailVerify.known-address" };
  }
  // A visitor's first answer starts a guest: their network's admission is counted now, on a
  // connection of its own, never inside the transaction, which holds one of the pool's: with as many
  // newcomers at once as the pool has connections, each waited for ever for a second one.
  if (!s.userId) {
    await admitGuest(s.services, s.ctx.ip);
    s.guestAdmitted = true;
  }
  let after = afterCommit();
  let saved = false;
  // Row locks, not SERIALIZABLE, on PostgreSQL: a save reads and writes one application, locked
  // first; another applicant's save at the same moment never refuses this one (docs/performance.md).
  const response = await transaction(
    s.services.db,
    async (tx): Promise<SubmitResult> => {
      // The work may run again (PostgreSQL retries a deadlock): what an earlier try started was
      // rolled back with it, so its session cookie and its mail must not go out.
      after = afterCommit();
      // Saves of this application (another tab, a co-borrower) wait here and then read what it
      // committed; the application they own is read with its lock, and its members and standing
      // signatures are sent right behind the lock, in the same round trip (pg pipelining):
      // PostgreSQL runs them once the lock is granted, so they read what this save waited for.
      const [owned, members, standing] = s.userId
        ? await Promise.all([
            applicationStore(s.services).lockOf(tx, s.userId),
            memberStore(s.services).ofOwned(tx, s.userId),
            signedAnswersOf(s.services).standingOfOwned(tx, s.userId),
          ])
        : [undefined, [], []];
      // A newcomer's double click has no application yet: its clicks share the idempotency key.
      if (!s.userId && s.receipt) await lockKey(tx, s.receipt);
      const again = s.receipt ? await receipts.find<SubmitResult>(tx, s.receipt, s.userId, submitted) : null;
      if (again) return again;
      const merged = await merge(s, tx, serverSet, owned);
      // The effects' own work (a right code spent), on the application as this transaction read
      // it: committed with the save, or refusing it.
      await inSave(tx, merged.stored);
      // Read with the lock for the application the reader owns; a member's are read on their own.
      const before = await othersBefore(s, tx, merged, owned ? members : undefined);
      const { voided, ownerDone } = await voidCoveredSignatures(s, tx, merged, owned ? standing : undefined);
      const decided = merged.reader?.member
        ? await saveMember(s, tx, merged, ownerDone)
        : await saveOwner(s, tx, merged, ownerDone, after);
      saved = true;
      const out = await record(s, tx, merged, decided, voided, after);
      await tellOthers(s, tx, merged, decided, voided, ownerDone, before, after);
      return out;
    },
    { isolation: "lockedRows" },
  );
  if (saved) s.services.metrics.stepSaves.inc({ step: s.step.id });
  await runAfterCommit(s, after);
  return response;
}
