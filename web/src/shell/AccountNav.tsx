// The account end of the main navigation: "Sign in" for visitors; for a signed-in applicant a
// link back to their application, "Save and exit" and "Sign out" on every page (issue 38), and,
// once they have proven an email, "Sign out everywhere" (every session of the account, on every
// device). A guest who can come back only in this browser (no proven email, no verified phone) is
// told so before leaving, and offered the code that confirms their email.
import { useRef, useState } from "react";
import { NavLink, useNavigate } from "react-router-dom";
import { siteText } from "@web/src/app/content-text";
import { word } from "@engine/locale/words";
import { signOut } from "../session/auth-client";
import { APPLICANT_AUTH_BASE } from "../session/auth-paths";
import { useSession } from "../session/session";
import { useNotify } from "./notify";

type Leaving = "saveAndExit" | "signOut" | "everywhere";

export function AccountNav() {
  const site = siteText();
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
  const user = session.data?.user;
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
      <LeaveButtons verified={!!user?.verified} canReturn={!!(user?.verified || user?.phoneVerified)} />
    </>
  );
}

/**
 * Save and exit, Sign out and (for a proven account) Sign out everywhere. Its own component so
 * only a signed-in visitor's page fetches the toaster (for a failed sign-out).
 */
function LeaveButtons({ verified, canReturn }: { verified: boolean; canReturn: boolean }) {
  const site = siteText();
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asked, setAsked] = useState<Leaving | null>(null);

  const leave = async (how: Leaving) => {
    dialog.current?.close();
    try {
      // The drafts' code and the tRPC client load only when asked: the shell stays small for the home page.
      const { browserDrafts, clearAllDrafts } = await import("@engine/form/drafts");
      const drafts = browserDrafts();
      if (drafts) clearAllDrafts(drafts); // nothing typed stays in the tab for the next person
      if (how === "everywhere")
        await (await import("../api/trpc")).trpcClient.identity.signOutEverywhere.mutate({});
      else await signOut(APPLICANT_AUTH_BASE, "/");
      await session.refresh();
      session.broadcast();
      void navigate(how === "saveAndExit" ? `${site.account.signInTo}?saved=1` : "/");
    } catch {
      notify({ intent: "error", title: word("signOut.failed"), body: word("signOut.tryAgain") });
    }
  };
  // A guest who could not come back from elsewhere is asked first.
  const onLeave = (how: Leaving) => {
    if (canReturn) return void leave(how);
    setAsked(how);
    dialog.current?.showModal();
  };
  const words = site.account.guestLeaving;

  return (
    <>
      <li>
        <button
          type="button"
          className="nav-button"
          title={site.account.saveAndExitHint}
          onClick={() => onLeave("saveAndExit")}
        >
          {site.account.saveAndExit}
        </button>
      </li>
      <li>
        <button type="button" className="nav-button" onClick={() => onLeave("signOut")}>
          {site.account.signOut}
        </button>
      </li>
      {verified ? (
        <li>
          <button
            type="button"
            className="nav-button"
            title={site.account.signOutEverywhereHint}
            onClick={() => onLeave("everywhere")}
          >
            {site.account.signOutEverywhere}
          </button>
        </li>
      ) : null}
      <dialog
        ref={dialog}
        className="leave-dialog"
        aria-labelledby="leave-dialog-title"
        aria-describedby="leave-dialog-body"
      >
        <h2 id="leave-dialog-title">{words.title}</h2>
        <p id="leave-dialog-body">{words.body}</p>
        <div className="leave-dialog__actions">
          <button
            type="button"
            className="leave-dialog__primary"
            onClick={() => {
              dialog.current?.close();
              void navigate(site.account.confirmEmailTo);
            }}
          >
            {words.confirm}
          </button>
          <button type="button" onClick={() => void leave(asked ?? "signOut")}>
            {words.leave}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {words.stay}
          </button>
        </div>
      </dialog>
    </>
  );
}
