// The account end of the main navigation: "Sign in" for visitors; for a signed-in applicant a
// link back to their application and, once they have proven an email (signed in with a mailed
// code, or joined by a mailed link), "Sign out" and "Sign out everywhere" (every session of the
// account, on every device). A guest who has not proven one gets neither: they could not sign
// back in to the application they started.
import { NavLink, useNavigate } from "react-router-dom";
import site from "@content/site.json";
import { browserDrafts, clearAllDrafts } from "@engine/form/drafts";
import { signOut } from "../session/auth-client";
import { APPLICANT_AUTH_BASE } from "../session/auth-paths";
import { useSession } from "../session/session";
import { useNotify } from "./notify";

export function AccountNav() {
  const session = useSession();
  // Portal pages carry their own account controls.
  if (session.base !== APPLICANT_AUTH_BASE) return null;
  const route = session.data?.applicationRoute;
  if (session.status !== "authenticated") {
    return (
      <li>
        <NavLink to={site.account.signInTo}>{site.account.signIn}</NavLink>
      </li>
    );
  }
  return (
    <>
      {route ? (
        <li>
          <NavLink to={route}>{site.account.myApplication}</NavLink>
        </li>
      ) : null}
      {/* A member's (the co-borrower's) own answers end on the progress page; it is their way back to it. */}
      {session.data?.role && !session.data.owner ? (
        <li>
          <NavLink to={site.members.progressTo}>{site.account.progress}</NavLink>
        </li>
      ) : null}
      {session.data?.user.verified ? (
        <>
          <li>
            <SignOutButton />
          </li>
          <li>
            <SignOutButton everywhere />
          </li>
        </>
      ) : null}
    </>
  );
}

/** Its own component so only a signed-in visitor's page fetches the toaster (for a failed sign-out). */
function SignOutButton({ everywhere = false }: { everywhere?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const onSignOut = async () => {
    const drafts = browserDrafts();
    if (drafts) clearAllDrafts(drafts); // nothing typed stays in the tab for the next person
    try {
      // The tRPC client loads only when asked: the shell stays small for the home page.
      if (everywhere) await (await import("../api/trpc")).trpcClient.identity.signOutEverywhere.mutate({});
      else await signOut(APPLICANT_AUTH_BASE, "/");
      await session.refresh();
      session.broadcast();
      void navigate("/");
    } catch {
      notify({ intent: "error", title: "Sign-out did not complete", body: "Please try again." });
    }
  };
  return (
    <button
      type="button"
      className="nav-button"
      title={everywhere ? site.account.signOutEverywhereHint : undefined}
      onClick={() => void onSignOut()}
    >
      {everywhere ? site.account.signOutEverywhere : site.account.signOut}
    </button>
  );
}
