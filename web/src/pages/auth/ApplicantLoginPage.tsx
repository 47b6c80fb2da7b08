// /app/login: a returning applicant signs in, by a code mailed to their proven email or texted to
// their verified phone (or a password), and goes back to the page for their application status.
import { useSearchParams } from "react-router-dom";
import { authWord } from "@engine/locale/auth-words";
import { siteText } from "@web/src/app/content-text";
import { APPLICANT_AUTH_BASE } from "@web/src/session/auth-paths";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { LoginForm } from "./LoginForm";

export default function ApplicantLoginPage() {
  const site = siteText();
  useDocumentTitle(authWord("login.documentTitle"));
  const [search] = useSearchParams();
  return (
    <LoginForm
      base={APPLICANT_AUTH_BASE}
      title={authWord("login.title")}
      intro={authWord("login.intro")}
      notice={search.get("saved") === "1" ? site.account.savedNotice : null}
      afterSignIn={(session) => session?.applicationRoute ?? "/"}
    />
  );
}
