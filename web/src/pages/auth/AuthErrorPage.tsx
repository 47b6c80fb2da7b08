// /app/error and /portal/error: a sign-in that cannot go on (spec §8: the page a sign-in with no
// providers goes to). It names the problem in the words of rules/auth-errors.json for the URL's
// `error=` (an applicant's in the page's language, the portal's in English), and offers the ways on: sign in again (back to callbackUrl, when one came), or home.
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { authErrorMessage } from "@web/src/session/auth-messages";
import { authBaseFor, PORTAL_AUTH_BASE, sameOriginPath, signInPath } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { sayFor } from "./login-words";

export default function AuthErrorPage() {
  const base = authBaseFor(useLocation().pathname);
  const say = sayFor(base);
  useDocumentTitle(say("authError.documentTitle"));
  const [search] = useSearchParams();
  // The two links inside the sentence as the language orders it.
  const [before, between, after] = say("authError.next", { again: "\u0000", home: "\u0000" }).split("\u0000");
  const callbackUrl = sameOriginPath(search.get("callbackUrl"), window.location.origin);
  return (
    <div className="page page--narrow prose">
      <h1>{say("authError.title")}</h1>
      <p>{authErrorMessage(search.get("error"), base)}</p>
      {base === PORTAL_AUTH_BASE ? (
        <p>
          <Link to={signInPath(base, callbackUrl)}>Try signing in again</Link> or{" "}
          <Link to="/portal">go to the partner portal</Link>.
        </p>
      ) : (
        <p>
          {before}
          <Link to={signInPath(base, callbackUrl)}>{say("authError.again")}</Link>
          {between}
          <Link to="/">{say("authError.home")}</Link>
          {after}
        </p>
      )}
    </div>
  );
}
