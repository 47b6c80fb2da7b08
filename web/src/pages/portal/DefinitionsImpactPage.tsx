// /portal/definitions-impact: before a change to the definition files goes live, the files on the
// server's disk checked against the definitions running, and how many of the partner's applications
// in flight the change would send back, to which step (portal.definitionsImpact; npm run
// definitions:impact reports the same for the whole database). For roles with definitions.impact.
import { Button } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Impact() {
  const report = useQuery({ ...trpc.portal.definitionsImpact.queryOptions({}), refetchOnWindowFocus: false });
  if (report.isPending) return <Loading label="Checking the definition files" />;
  if (report.error)
    return <Failure error={report.error} retry={() => void report.refetch()} what="the comparison" />;
  const { running, onDisk, problems, impact } = report.data;
  const again = (
    <Button appearance="secondary" disabled={report.isFetching} onClick={() => void report.refetch()}>
      {report.isFetching ? "Comparing…" : "Compare again"}
    </Button>
  );
  if (problems.length)
    return (
      <>
        <p className="page-intro" role="status">
          The definition files on the server fail check: a reload would refuse them, and version{" "}
          <code>{running}</code> keeps serving. {plural(problems.length, "problem", "problems")}:
        </p>
        <pre className="portal-pre">{problems.join("\n")}</pre>
        {again}
      </>
    );
  if (!impact)
    return (
      <>
        <p className="page-intro" role="status">
          The definition files on the server are the definitions running (version <code>{running}</code>): no
          change is waiting.
        </p>
        {again}
      </>
    );
  return (
    <>
      <p className="page-intro" role="status">
        The definition files on the server (version <code>{onDisk}</code>) differ from the definitions running
        (version <code>{running}</code>). Of {plural(impact.checked, "application", "applications")} in flight
        saved under other definitions, {impact.sentBack} would be sent back when they next visit.
      </p>
      {impact.byStep.length ? (
        <TableRegion label="Applications sent back" stack>
          <thead>
            <tr>
              <th scope="col">Sent back to</th>
              <th scope="col">Applications</th>
              <th scope="col">Answers that no longer pass</th>
            </tr>
          </thead>
          <tbody>
            {impact.byStep.map((s) => (
              <tr key={s.stepId}>
                <td data-label="Sent back to">
                  {s.label} <span className="meta">({s.route})</span>
                </td>
                <td data-label="Applications">{s.count}</td>
                <td data-label="Answers that no longer pass">
                  <code>{s.fields.join(", ")}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      ) : null}
      <p className="meta">
        The change goes live when the server reloads its definitions: on save in development, on SIGHUP in
        production.
      </p>
      {again}
    </>
  );
}

export default function DefinitionsImpactPage() {
  return (
    <PortalFrame title="Definition changes" requires={["definitions.impact"]}>
      <Impact />
    </PortalFrame>
  );
}
