// /dev/funnel (development only): the funnel map (engine/explain/funnel-map.ts, as `npm run funnel:map`
// draws it) computed in the browser from the definitions on disk, redrawn when a file changes.
import { useMemo } from "react";
import { buildFunnelMap, renderSvg } from "@engine/explain/funnel-map";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { DevState } from "./DevState";
import { useLiveDefinitions } from "./use-live-definitions";

export default function FunnelMapPage() {
  useDocumentTitle("Funnel map");
  const live = useLiveDefinitions();
  const defs = live.status === "ready" ? live.defs : null;
  // The SVG is our own renderer's output over our own definitions; every text in it is XML-escaped.
  const svg = useMemo(() => (defs ? renderSvg(buildFunnelMap(defs)) : ""), [defs]);
  return (
    <div className="page">
      <h1 className="page-title">Funnel map</h1>
      {live.status === "ready" ? (
        <>
          <p className="page-intro">
            Every flow's steps with label and rank, every branch, every skip, and the pages the rules name;
            from the files on disk, version <code>{live.version}</code>. Hover a box or an edge for details.
          </p>
          <div
            className="dev-funnel-map"
            style={{ overflowX: "auto" }}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        </>
      ) : (
        <DevState live={live} />
      )}
    </div>
  );
}
