// /portal/login: partner staff sign in to the portal session (separate from any applicant session).
import { PORTAL_AUTH_BASE } from "../../session/auth-paths";
import { useDocumentTitle } from "../../shell/document-title";
import { LoginForm } from "./LoginForm";

export default function PortalLoginPage() {
  useDocumentTitle("Partner portal sign in");
  return (
    <LoginForm
      base={PORTAL_AUTH_BASE}
      title="Partner portal"
      intro="Sign in with your work email address."
      preferPassword
      afterSignIn={() => "/portal"}
    />
  );
}
