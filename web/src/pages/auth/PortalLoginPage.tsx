// /portal/login: partner staff sign in to the portal session (separate from any applicant session)
// with two factors: their password, then a 6-digit code mailed to them.
import { useSearchParams } from "react-router-dom";
import { PORTAL_AUTH_BASE } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { LoginForm } from "./LoginForm";

export default function PortalLoginPage() {
  useDocumentTitle("Partner portal sign in");
  const [search] = useSearchParams();
  return (
    <LoginForm
      base={PORTAL_AUTH_BASE}
      title="Partner portal"
      intro="Sign in with your work email address and password. We then email you a 6-digit code to finish signing in."
      preferPassword
      notice={search.get("passwordSet") === "1" ? "Your password is set. Sign in." : null}
      afterSignIn={() => "/portal"}
    />
  );
}
