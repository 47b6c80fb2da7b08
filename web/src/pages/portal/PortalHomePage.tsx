// /portal: the signed-in partner's overview. The pipeline comes with the portal issue.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../api/trpc";
import { useDocumentTitle } from "../../shell/document-title";
import { PortalFrame } from "./PortalFrame";

function Me() {
  const me = useQuery(trpc.portal.me.queryOptions({}));
  if (me.isPending) return <p>Loading your account…</p>;
  if (me.error || !me.data) return <p role="alert">We could not load your account. Reload the page to try again.</p>;
  return (
    <dl className="offer__figures">
      <div>
        <dt>Name</dt>
        <dd style={{ fontSize: 18 }}>{me.data.name ?? "—"}</dd>
      </div>
      <div>
        <dt>Role</dt>
        <dd style={{ fontSize: 18 }}>{me.data.role}</dd>
      </div>
    </dl>
  );
}

export default function PortalHomePage() {
  useDocumentTitle("Partner portal");
  return (
    <PortalFrame title="Partner portal">
      <p className="page-intro">Your applications pipeline will appear here.</p>
      <Me />
    </PortalFrame>
  );
}
