// The adverse action notice of the applicant's latest decline (Regulation B, 12 CFR 1002.9), as
// the server recorded it: the principal reasons, the ECOA notice, the creditor's name and address
// and the federal agency. The text is content/disclosures/adverse-action-notice.md at the recorded
// version, as the server serves it (decision.latest renders it), filled with the recorded values,
// so the page shows the very text that was recorded and mailed; its PDF downloads from the link
// below it.
import { useQuery } from "@tanstack/react-query";
import { siteText } from "@web/src/app/content-text";
import { trpc } from "@web/src/api/trpc";
import { fillValues } from "../funnel/displays/disclosure-values";
import { withoutTitle } from "../funnel/displays/markdown";
import { Prose } from "./Prose";

interface Notice {
  id: string;
  version: string;
  values: Record<string, string>;
  title: string | null;
  html: string | null;
}

function NoticeText({ notice }: { notice: Notice }) {
  const site = siteText();
  if (!notice.html) return <p role="alert">{site.adverseAction.reload}</p>;
  // The page has its own h1: the notice's title is a section heading here.
  return (
    <>
      <h2>{notice.title}</h2>
      <Prose html={fillValues(withoutTitle(notice.html), notice.values)} />
    </>
  );
}

export function AdverseActionNotice() {
  const site = siteText();
  const decision = useQuery({ ...trpc.decision.latest.queryOptions(), retry: false });
  const latest = decision.data;
  if (!latest) return null;
  return (
    <section
      className="notice"
      aria-label={site.adverseAction.label}
      data-notice={latest.notice.id}
      data-version={latest.notice.version}
    >
      <NoticeText notice={latest.notice} />
      <p>
        <a href={latest.pdfUrl} download>
          {site.adverseAction.download}
        </a>
      </p>
      {latest.delivery === "mail" ? (
        <p className="meta">
          {site.adverseAction.deliveryMail}
          {latest.mailTo ? (
            <>
              <br />
              {latest.mailTo}
            </>
          ) : null}
        </p>
      ) : (
        <p className="meta">{site.adverseAction.delivery}</p>
      )}
    </section>
  );
}
