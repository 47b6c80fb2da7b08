// Portal pages need a portal session: without one, the sign-in page with error=SessionRequired
// and the page to come back to (spec §8).
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { PORTAL_AUTH_BASE, signInPath } from "@web/src/session/auth-paths";
import { useSession, type SessionState } from "@web/src/session/session";

export function useRequiredPortalSession(): SessionState {
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === "unauthenticated")
      void navigate(signInPath(PORTAL_AUTH_BASE, `${pathname}${search}`, "SessionRequired"), {
        replace: true,
      });
  }, [session.status, pathname, search, navigate]);
  return session;
}
