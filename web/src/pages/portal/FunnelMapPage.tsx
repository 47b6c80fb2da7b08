// /portal/funnel-map: the funnel map of the definitions the server runs (portal.funnelMap, the
// drawing `npm run funnel:map` makes), for roles with definitions.view.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";

function FunnelMap() {
  const map = useQuery(trpc.portal.funnelMap.queryOptions({}));
  if (map.isPending) return <Loading label="Drawing the funnel map" />;
  if (map.error) return <Failure error={map.error} retry={() => void map.refetch()} what="the funnel map" />;
  return (
    <>
      <p className="page-intro">
        Every flow's steps with label and rank, every branch, every skip, and the pages the rules name, as
        this server runs them (definitions version <code>{map.data.version}</code>). Hover a box or an edge
        for details.
      </p>
      {/* Our own renderer's SVG of our own definitions; every text in it is XML-escaped. */}
      <div
        className="portal-map"
        role="region"
        aria-label="Funnel map"
        tabIndex={0}
        dangerouslySetInnerHTML={{ __html: map.data.svg }}
      />
      <details className="portal-details">
        <summary>Mermaid source</summary>
        <pre className="portal-pre">{map.data.mermaid}</pre>
      </details>
    </>
  );
}

export default function PortalFunnelMapPage() {
  return (
    <PortalFrame title="Funnel map" requires={["definitions.view"]}>
      <FunnelMap />
    </PortalFrame>
  );
}
