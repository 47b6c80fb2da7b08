// An address we do not have. Small enough to live in the main chunk. In the portal, inside the
// portal's frame, with the way back to its applications list (staff typing an address).
import { Link } from "react-router-dom";
import { ROUTES } from "@engine/base/routes";
import { useDocumentTitle } from "./document-title";

export function NotFoundPage({ portal = false }: { portal?: boolean }) {
  useDocumentTitle("Page not found");
  return (
    <div className="page page--narrow prose">
      <h1>We could not find that page</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      {portal ? (
        <p>
          <Link to={ROUTES.portal}>Go to the applications list</Link>.
        </p>
      ) : (
        <p>
          <Link to="/">Go to the home page</Link> or read our{" "}
          <Link to="/faq">frequently asked questions</Link>.
        </p>
      )}
    </div>
  );
}
