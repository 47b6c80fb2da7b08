// The portal's page frame: who is signed in, the portal's own navigation, and sign-out.
import { Button } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { signOut } from "../../session/auth-client";
import { PORTAL_AUTH_BASE, sameOriginPath } from "../../session/auth-paths";
import { PageLoading } from "../../shell/PageLoading";
import { useNotify } from "../../shell/notify";
import { useRequiredPortalSession } from "./use-portal-session";

export function PortalFrame({ title, children }: { title: string; children: ReactNode }) {
  const session = useRequiredPortalSession();
  const navigate = useNavigate();
  const notify = useNotify();
  if (session.status !== "authenticated") return <PageLoading />;

  const onSignOut = async () => {
    try {
      const result = await signOut(PORTAL_AUTH_BASE, "/portal/login");
      await session.refresh();
      session.broadcast();
      navigate(sameOriginPath(result.url, window.location.origin) ?? "/portal/login", { replace: true });
    } catch {
      notify({ intent: "error", title: "Sign-out did not complete", body: "Please try again." });
    }
  };

  return (
    <div className="page">
      <nav aria-label="Portal" className="actions" style={{ justifyContent: "space-between", marginBottom: 24 }}>
        <span className="actions">
          <Link to="/portal">Overview</Link>
          <Link to="/portal/manage-users">Manage users</Link>
        </span>
        <span className="actions">
          <span className="meta">Signed in as {session.data?.user.name ?? session.data?.user.email}</span>
          <Button appearance="secondary" onClick={() => void onSignOut()}>
            Sign out
          </Button>
        </span>
      </nav>
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
