// Runs the session guard (rules/session-guard.json) and the redirect guard (rules/redirect.json)
// when a funnel page opens: a signed-out visitor on a protected page is signed out and sent on; a
// returning applicant who opens a page other than theirs by a fresh load goes to their page.
// Decided once per visit of a page, so a session refetch (window focus) never moves someone who
// is typing.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { Definitions } from "@engine/definitions/definitions";
import { redirectFor, signOutTargetFor } from "@engine/funnel/funnel";
import { browserToday } from "@web/src/browser-today";
import { useSession } from "@web/src/session/session";
import { usePreviousPath } from "@web/src/shell/previous-path";
import { endApplicantSession } from "./sign-out";

export type GuardState = "checking" | "pass";

export function useFunnelGuard(defs: Definitions | null): GuardState {
  const location = useLocation();
  const session = useSession();
  const previousPath = usePreviousPath();
  const navigate = useNavigate();
  const [passed, setPassed] = useState<string | null>(null);
  const decided = useRef<string | null>(null);

  const ready = defs !== null && session.status !== "loading";
  useEffect(() => {
    if (!ready || decided.current === location.key) return;
    decided.current = location.key;
    const path = location.pathname;
    const hasSession = session.status === "authenticated";
    const today = browserToday();
    const signOutTo = signOutTargetFor(defs, path, hasSession, today).target;
    if (signOutTo) {
      void endApplicantSession(session).then(() => navigate(signOutTo, { replace: true }));
      return;
    }
    const applicationStatus = session.data?.applicationStatus ?? null;
    const { target } = redirectFor(
      defs,
      { applicationStatus, path, previousPath, hasLoan: applicationStatus !== null },
      today,
    );
    if (target && target !== path) {
      void navigate(target, { replace: true });
      return;
    }
    setPassed(location.key);
  }, [ready, defs, location.key, location.pathname, session, previousPath, navigate]);

  return passed === location.key ? "pass" : "checking";
}
