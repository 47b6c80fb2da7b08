// Phase 7 of step.submit, after the commit: the guest's cookie goes out only once its session is
// committed; then mail and files. Work after the commit never undoes the save: a failure is logged
// by its kind only (it may quote personal data).
import type { Submission } from "./submission";
import { errorKind } from "@server/platform/observability/log";

export type Later = () => Promise<void>;

/** What a save leaves for after its commit. A transaction that runs again starts it afresh. */
export interface AfterCommit {
  /** The new guest's session, whose cookie is set once it is committed. */
  session: { token: string; expiresAt: Date } | null;
  work: Later[];
}

export const afterCommit = (): AfterCommit => ({ session: null, work: [] });

export async function runAfterCommit(s: Submission, after: AfterCommit): Promise<void> {
  const { auth } = s.services;
  if (after.session)
    auth.applicant.jar.set(s.ctx.cookies, "session", after.session.token, after.session.expiresAt);
  for (const work of after.work)
    await work().catch((error: unknown) =>
      s.services.log.error(
        { step: s.step.id, err: errorKind(error) },
        `step.submit ${s.step.id}: work after the save failed`,
      ),
    );
}
