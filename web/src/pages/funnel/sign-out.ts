// Signs the applicant out from a funnel page (spec §6): the server deletes the session, the other
// tabs hear of it, and the caller moves on to where the session guard sends signed-out visitors.
import { browserDrafts, clearAllDrafts } from "@engine/form/drafts";
import { trpcClient } from "@web/src/api/trpc";
import type { SessionState } from "@web/src/session/session";

export async function endApplicantSession(session: SessionState): Promise<void> {
  const drafts = browserDrafts();
  if (drafts) clearAllDrafts(drafts); // nothing typed stays in the tab for the next person
  try {
    await trpcClient.identity.deleteSession.mutate({});
  } catch {
    // The session may already be gone; the redirect that follows is what matters.
  }
  await session.refresh();
  session.broadcast();
}
