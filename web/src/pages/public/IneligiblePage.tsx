// /app/ineligible/<reason>: why we cannot offer a line now and what the applicant can do, from
// content/ineligible/<reason>.md. Its front matter names up to two next steps. Below it, the adverse
// action notice the server recorded for the decline (principal reasons, ECOA notice, creditor), or,
// before it is one, the question whether the answer it rests on is right (DeclineConfirmation).
import { Button } from "@fluentui/react-components";
import { useNavigate, useParams } from "react-router-dom";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { word } from "@engine/locale/words";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { NotFoundPage } from "@web/src/shell/NotFoundPage";
import { AdverseActionNotice } from "./AdverseActionNotice";
import { DeclineConfirmation } from "./DeclineConfirmation";
import { text, useContent } from "./content";
import { Prose } from "./Prose";

export default function IneligiblePage() {
  const { reason = "" } = useParams();
  const content = useContent("ineligible", /^[a-z0-9-]+$/.test(reason) ? reason : "");
  const navigate = useNavigate();
  const cta = useCtaStyles();
  useDocumentTitle(content ? text(content.attributes.title) : word("notFound.title"));
  if (!content) return <NotFoundPage />;
  const actions = [
    {
      label: text(content.attributes.primaryLabel),
      to: text(content.attributes.primaryTo),
      appearance: "primary" as const,
    },
    {
      label: text(content.attributes.secondaryLabel),
      to: text(content.attributes.secondaryTo),
      appearance: "secondary" as const,
    },
  ].filter((a) => a.label && a.to);
  return (
    <article className="page page--narrow">
      <Prose html={content.html} />
      <DeclineConfirmation />
      <AdverseActionNotice />
      {actions.length ? (
        <div className="actions">
          {actions.map((a) => (
            <Button key={a.to} className={cta.root} appearance={a.appearance} onClick={() => navigate(a.to)}>
              {a.label}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
