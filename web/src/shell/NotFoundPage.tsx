// An address we do not have. Small enough to live in the main chunk. In the portal (English, as
// the portal is), inside the portal's frame, with the way back to its applications list.
import { Link } from "react-router-dom";
import { ROUTES } from "@engine/base/routes";
import { word } from "@engine/locale/words";
import { useDocumentTitle } from "./document-title";

export function NotFoundPage({ portal = false }: { portal?: boolean }) {
  useDocumentTitle(portal ? "Page not found" : word("notFound.title"));
  if (portal)
    return (
      <div className="page page--narrow prose">
        <h1>We could not find that page</h1>
        <p>The address may be mistyped, or the page may have moved.</p>
        <p>
          <Link to={ROUTES.portal}>Go to the applications list</Link>.
        </p>
      </div>
    );
  return (
    <div className="page page--narrow prose">
      <h1>{word("notFound.title")}</h1>
      <p>{word("notFound.body")}</p>
      <p>
        <Link to="/">{word("notFound.home")}</Link>
        {word("notFound.or")}
        <Link to="/faq">{word("notFound.faq")}</Link>.
      </p>
    </div>
  );
}
