// Phase 3 of step.submit, check: only the reader's part of the request is taken and judged (the
// rest of the step is what the other borrower saved); a refusal names the fields. Effects that
// check before the save (a texted code) see valid answers; what they set is saved with them, and
// the work they hand the save runs in its transaction; a right email code for an address another
// account proved ends the submission in that account.
import { OWNER_ROLE, WHOLE, type Part } from "@engine/funnel/members";
import { memberStore } from "@server/features/members/store";
import type { Db } from "@server/persistence/db/client";
import { isShared } from "@server/persistence/store/opened-documents";
import { judgedAnswers, type Judged } from "../checked-answers";
import { localizedSet, requestLocale } from "@server/features/locale/locale";
import { handlerOf } from "../effect-table";
import { admit } from "./admit";
import type { Submission } from "./submission";

/** The facts the step validator judges with: the definitions in the reader's language, so its messages are in it (same rules, other words). */
export const judgeOf = ({ ctx, services, step, today, judgeDefs }: Submission) => ({
  defs: judgeDefs ?? localizedSet(services.defs, requestLocale(services.defs, ctx.cookies)).defs,
  sensitive: services.sensitive,
  step,
  today,
});

/**
 * The request's answers for the reader's part, judged against what is stored. Judged once per
 * stored document and part within a submission: the transaction's merge takes the check's
 * judgement when it reads the very same stored document (shared, so deeply frozen: its content is
 * what the check judged) with the very same part; the rest of what is judged (the definitions,
 * step, section, day and request) is the submission's own. Another document (a save in between,
 * a re-check) is judged again.
 */
export function validated(s: Submission, stored: Record<string, unknown>, part: Part): Judged {
  const judge = judgeOf(s);
  const kept = s.judged;
  if (kept && kept.stored === stored && kept.part === part && kept.defs === judge.defs) return kept.result;
  const result = judgedAnswers(judge, stored, part, s.input.answers, s.section?.fields);
  if (isShared(stored)) s.judged = { stored, part, defs: judge.defs, result };
  return result;
}

/** The step's effects this save runs: none for a part (they run when the whole step is saved). */
export const effectsOf = (s: Submission) => (s.section ? [] : (s.step.effects ?? []));

/** What the checking effects leave for the save: what they set, whom to sign in instead, and work for its transaction. */
export interface Checked {
  serverSet: Record<string, unknown>;
  signInAs: string | null;
  /** The application the checks read. */
  stored: Record<string, unknown>;
  /** Runs in the transaction that ends the submission, before anything of the step is written (EffectCheck.inSave). */
  inSave(tx: Db, current: Record<string, unknown>): Promise<void>;
}

/**
 * What the step's checking effects set, run before the transaction. Without such an effect nothing
 * is read here: the transaction reads and admits the reader itself.
 */
export async function checkBeforeSave(s: Submission): Promise<Checked> {
  const serverSet: Record<string, unknown> = {};
  let signInAs: string | null = null;
  const works: ((tx: Db, current: Record<string, unknown>) => Promise<void>)[] = [];
  const inSave = async (tx: Db, current: Record<string, unknown>) => {
    for (const work of works) await work(tx, current);
  };
  const checking = effectsOf(s).filter((effect) => handlerOf(effect).check);
  if (!checking.length) return { serverSet, signInAs, stored: {}, inSave };
  const before = s.userId ? await memberStore(s.services).readerOf(s.services.db, s.userId) : null;
  admit(s, before);
  const stored = before?.app.doc ?? {};
  const { answers } = validated(s, stored, before?.part ?? WHOLE);
  for (const effect of checking)
    Object.assign(
      serverSet,
      await handlerOf(effect).check!({
        ...s.effectContext,
        effect,
        role: before?.role ?? OWNER_ROLE,
        ownerId: s.userId,
        answers: answers as Record<string, unknown>,
        stored,
        signInAs: (accountId) => void (signInAs = accountId),
        inSave: (work) => void works.push(work),
      }),
    );
  return { serverSet, signInAs, stored, inSave };
}
