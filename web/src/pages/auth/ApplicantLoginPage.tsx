// /app/login: a returning applicant signs in and goes back to the page for their application status.
import { APPLICANT_AUTH_BASE } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { LoginForm } from "./LoginForm";

export default function ApplicantLoginPage() {
  useDocumentTitle("Sign in");
  return (
    <LoginForm
      base={APPLICANT_AUTH_BASE}
      title="Sign in to your application"
      intro="Use the email address you applied with. We will email you a 6-digit code, or you can use your password."
      afterSignIn={(session) => session?.applicationRoute ?? "/"}
    />
  );
}
