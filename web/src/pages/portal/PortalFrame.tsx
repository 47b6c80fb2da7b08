// The portal's page frame: the portal session guard, who is signed in (portal.me), the navigation
// to the pages their role allows, sign-out, and the page's h1. A page names the permissions it
// needs; without them the frame says the role does not allow the page and renders nothing else.
// The pages inside read the signed-in user with usePortalMe().
import { ROUTES } from "@engine/base/routes";
import { Button } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { trpc, trpcClient } from "@web/src/api/trpc";
import { signOut } from "@web/src/session/auth-client";
import { PORTAL_AUTH_BASE, sameOriginPath } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { PageLoading } from "@web/src/shell/PageLoading";
import { useNotify } from "@web/src/shell/notify";
import { borrowerLabel } from "./portal-format";
import { allows, isCurrent, pagesFor } from "./portal-pages";
import type { Permission, PortalMe } from "./portal-types";
import { Failure, Forbidden } from "./PortalStates";
import { useRequiredPortalSession } from "./use-portal-session";

const MeContext = createContext<
  (PortalMe & { can(p: Permission): boolean; borrower(role: string | null | undefined): string }) | null
>(null);

/** The signed-in portal user, inside a PortalFrame. */
export function usePortalMe() {
  const me = useContext(MeContext);
  if (!me) throw new Error("usePortalMe() is used outside a PortalFrame");
  return me;
}

export function PortalFrame({
  title,
  requires = [],
  children,
}: {
  title: string;
  requires?: Permission[];
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const session = useRequiredPortalSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const notify = useNotify();
  const me = useQuery({ ...trpc.portal.me.queryOptions({}), enabled: session.status === "authenticated" });
  if (session.status !== "authenticated" || me.isPending) return <PageLoading />;

  const onSignOut = async (everywhere = false) => {
    try {
      const result = everywhere
        ? (await trpcClient.portal.signOutEverywhere.mutate({}), { url: ROUTES.portalSignIn })
        : await signOut(PORTAL_AUTH_BASE, ROUTES.portalSignIn);
      await session.refresh();
      session.broadcast();
      void navigate(sameOriginPath(result.url, window.location.origin) ?? ROUTES.portalSignIn, {
        replace: true,
      });
    } catch {
      notify({ intent: "error", title: "Sign-out did not complete", body: "Please try again." });
    }
  };

  const user = me.data
    ? {
        ...me.data,
        can: (p: Permission) => allows(me.data.permissions, [p]),
        borrower: (role: string | null | undefined) => borrowerLabel(me.data.borrowerLabels, role),
      }
    : null;
  return (
    <div className="page portal">
      <div className="portal-bar">
        <div className="portal-bar__who">
          <span className="portal-bar__partner">{user?.partner.name ?? "Partner portal"}</span>
          {user ? (
            <span className="meta">
              {user.name}, {user.roleLabel}
            </span>
          ) : null}
        </div>
        <div className="portal-bar__actions">
          <Button appearance="secondary" onClick={() => void onSignOut()}>
            Sign out
          </Button>
          <Button
            appearance="subtle"
            title="Ends your portal sessions on every device"
            onClick={() => void onSignOut(true)}
          >
            Sign out everywhere
          </Button>
        </div>
      </div>
      {user ? (
        <nav aria-label="Portal" className="portal-nav">
          <ul>
            {pagesFor(user.permissions).map((page) => (
              <li key={page.to}>
                <Link to={page.to} aria-current={isCurrent(page, pathname) ? "page" : undefined}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <h1 className="page-title">{title}</h1>
      {!user ? (
        <Failure error={me.error} retry={() => void me.refetch()} what="your account" />
      ) : !allows(user.permissions, requires) ? (
        <Forbidden />
      ) : (
        <MeContext.Provider value={user}>{children}</MeContext.Provider>
      )}
    </div>
  );
}
