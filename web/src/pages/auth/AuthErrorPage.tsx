// /app/error and /portal/error: a sign-in that cannot go on (spec §8: the page a sign-in with no
// providers goes to). It names the problem in the words of rules/auth-errors.json for the URL's
// `error=`, and offers the ways on: sign in again (back to callbackUrl, when one came), or home.
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { authErrorMessage } from "@web/src/session/auth-messages";
import { authBaseFor, PORTAL_AUTH_BASE, sameOriginPath, signInPath } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";

export default function AuthErrorPage() {
  useDocumentTitle("Sign-in problem");
  const [search] = useSearchParams();
  const base = authBaseFor(useLocation().pathname);
  const callbackUrl = sameOriginPath(search.get("callbackUrl"), window.location.origin);
  return (
    <div className="page page--narrow prose">
      <h1>We could not sign you in</h1>
      <p>{authErrorMessage(search.get("error"))}</p>
      <p>
        <Link to={signInPath(base, callbackUrl)}>Try signing in again</Link> or{" "}
        {base === PORTAL_AUTH_BASE ? (
          <Link to="/portal">go to the partner portal</Link>
        ) : (
          <Link to="/">go to the home page</Link>
        )}
        .
      </p>
    </div>
  );
}
