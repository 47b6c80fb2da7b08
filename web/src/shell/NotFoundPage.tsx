// An address we do not have. Small enough to live in the main chunk.
import { Link } from "react-router-dom";
import { useDocumentTitle } from "./document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="page page--narrow prose">
      <h1>We could not find that page</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link to="/">Go to the home page</Link> or read our <Link to="/faq">frequently asked questions</Link>.
      </p>
    </div>
  );
}
