// A funnel page whose step is not defined yet (no step file names this route): a clear notice
// instead of an error, with a way back.
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../shell/document-title";

export function ComingSoon() {
  useDocumentTitle("Coming soon");
  return (
    <div className="page page--narrow prose">
      <h1>This part of the application is coming soon</h1>
      <p>We are still building this page. Your answers so far are saved, and nothing you entered is lost.</p>
      <p>
        Questions in the meantime? Read our <Link to="/faq">frequently asked questions</Link> or go to the{" "}
        <Link to="/">home page</Link>.
      </p>
    </div>
  );
}
