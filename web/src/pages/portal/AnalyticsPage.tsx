// /portal/analytics: the funnel's first-party analytics (portal.analytics) for roles with
// analytics.view: per flow, each step's journeys viewed, completed, dropped off and the median
// time to complete it, counted for the borrower role that walks the flow; and conversion per
// variant of the early funnel; and each wording experiment's arms compared (ExperimentFigures.tsx).
import { useQuery } from "@tanstack/react-query";
import type { FunnelReport } from "./portal-types";
import { trpc } from "@web/src/api/trpc";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";
import { ExperimentFigures } from "./ExperimentFigures";

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "—");

/** 83_000 → "1 min 23 s"; null → "—". */
function duration(ms: number | null): string {
  if (ms === null) return "—";
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}

/** "earlyFunnel" → "Early funnel". */
const flowName = (id: string) => {
  const words = id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
};

function FlowTable({ flow }: { flow: FunnelReport["flows"][number] }) {
  const name = flowName(flow.flowId);
  return (
    <section>
      <h2>{name}</h2>
      <p className="meta">Steps taken by: {flow.roleLabel}</p>
      <TableRegion label={name} stack>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Viewed</th>
            <th scope="col">Completed</th>
            <th scope="col">Dropped off</th>
            <th scope="col">Median time</th>
          </tr>
        </thead>
        <tbody>
          {flow.steps.map((s) => (
            <tr key={s.stepId}>
              <td data-label="Step">{s.label}</td>
              <td data-label="Viewed">{s.viewed}</td>
              <td data-label="Completed">{s.completed}</td>
              <td data-label="Dropped off">
                {s.droppedOff} <span className="meta">({percent(s.droppedOff, s.viewed)})</span>
              </td>
              <td data-label="Median time">{duration(s.medianMs)}</td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </section>
  );
}

function Analytics() {
  const report = useQuery(trpc.portal.analytics.queryOptions({}));
  if (report.isPending) return <Loading label="Counting the funnel's events" />;
  if (report.error)
    return <Failure error={report.error} retry={() => void report.refetch()} what="the funnel analytics" />;
  const { flows, variants, conversionStep } = report.data;
  const empty = flows.every((f) => f.steps.every((s) => s.viewed === 0));
  return (
    <>
      <p className="page-intro">
        Anonymous journeys through the funnel: a journey is one browser tab's visit, and the events hold no
        answers and no personal data. Dropped off counts journeys whose last event is on the step without
        completing it; the median time is of completed steps.
      </p>
      {empty ? (
        <div className="portal-empty">
          <h2>No funnel events yet</h2>
          <p>Figures appear here as soon as applicants open the funnel's pages.</p>
        </div>
      ) : (
        <>
          <section>
            <h2>Conversion per variant</h2>
            <p className="meta">
              A journey converts when it reaches the step <code>{conversionStep}</code>{" "}
              (rules/analytics.json).
            </p>
            <TableRegion label="Conversion per variant" stack>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Started</th>
                  <th scope="col">Converted</th>
                  <th scope="col">Conversion</th>
                </tr>
              </thead>
              <tbody>
                {variants.map((v) => (
                  <tr key={`${v.flowId}.${v.variantId}`}>
                    <td data-label="Variant">
                      {flowName(v.variantId)}
                      {v.description ? <div className="meta">{v.description}</div> : null}
                    </td>
                    <td data-label="Started">{v.started}</td>
                    <td data-label="Converted">{v.converted}</td>
                    <td data-label="Conversion">
                      {v.rate === null ? "—" : `${Math.round(v.rate * 1000) / 10}%`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          </section>
          <ExperimentFigures report={report.data} />
          {flows.map((flow) => (
            <FlowTable key={flow.flowId} flow={flow} />
          ))}
        </>
      )}
    </>
  );
}

export default function AnalyticsPage() {
  return (
    <PortalFrame title="Funnel analytics" requires={["analytics.view"]}>
      <Analytics />
    </PortalFrame>
  );
}
