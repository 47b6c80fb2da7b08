// Phase 7 of step.submit, after the commit: the guest's cookie goes out only once its session is
// committed; then mail and files, after the answer. Work after the commit never undoes the save:
// a failure is logged by its kind only (it may quote personal data).
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
  if (!after.work.length) return;
  const work = async () => {
    for (const item of after.work)
      await item().catch((error: unknown) =>
        s.services.log.error(
          { step: s.step.id, err: errorKind(error) },
          `step.submit ${s.step.id}: work after the save failed`,
        ),
      );
  };
  // The answer does not wait for it: a signed PDF was ~170 ms of a signing's answer under load, the
  // slowest steps' p95 (docs/performance.md). Anything it makes is also made on demand (the signed
  // copy's download renders it when it is not stored yet).
  if (s.services.config.awaitWorkAfterSave) await work();
  else s.services.later(work);
}
