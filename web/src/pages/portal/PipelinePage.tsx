// /portal: the pipeline. Every application the user's role lets them see (a loan officer: the ones
// assigned to them), newest activity first: borrowers with masked SSNs, the step they are at, the
// documents still outstanding, the loan officer and the last update; each opens the application.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { trpc } from "../../api/trpc";
import { borrowerNames, dateTime } from "./portal-format";
import { PIPELINE } from "./portal-pages";
import type { PipelineRow } from "./portal-types";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

function Outstanding({ items }: { items: PipelineRow["outstanding"] }) {
  const me = usePortalMe();
  if (!items.length) return <span className="meta">None</span>;
  const total = items.reduce((sum, item) => sum + item.missing, 0);
  const line = (item: PipelineRow["outstanding"][number]) => `${item.label}${item.borrower ? ` (${me.borrower(item.borrower).toLowerCase()})` : ""}${item.missing > 1 ? ` ×${item.missing}` : ""}`;
  return (
    <details className="portal-details">
      <summary title={items.map(line).join("\n")}>
        {total} {total === 1 ? "document" : "documents"}
      </summary>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{line(item)}</li>
        ))}
      </ul>
    </details>
  );
}

function Pipeline() {
  const me = usePortalMe();
  const list = useQuery(trpc.portal.applications.list.queryOptions({}));
  const assignedOnly = !me.can("applications.all");
  if (list.isPending) return <Loading label="Loading applications" />;
  if (list.error) return <Failure error={list.error} retry={() => void list.refetch()} what="the applications" />;
  const rows = list.data.applications;
  return (
    <>
      <p className="page-intro">
        {assignedOnly ? "The applications assigned to you" : `Every application of ${me.partner.name}`}, latest activity first. Open one for its answers,
        documents and audit trail.
      </p>
      {rows.length === 0 ? (
        <div className="portal-empty">
          <h2>{assignedOnly ? "No applications are assigned to you yet" : "No applications yet"}</h2>
          <p>{assignedOnly ? "When a processor or an administrator assigns an application to you, it appears here." : "Applications appear here as soon as applicants start them."}</p>
        </div>
      ) : (
        <TableRegion label="Applications" stack>
            <thead>
              <tr>
                <th scope="col">Applicants</th>
                <th scope="col">Step</th>
                <th scope="col">Outstanding documents</th>
                <th scope="col">Loan officer</th>
                <th scope="col">Last update</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Applicants">
                    <Link to={`/portal/applications/${row.id}`} className="portal-strong">
                      {borrowerNames(row.borrowers)}
                    </Link>
                    {row.borrowers.map((b) => (
                      <div key={b.role} className="meta">
                        {me.borrower(b.role)}
                        {b.ssn ? <>, SSN {b.ssn}</> : null}
                      </div>
                    ))}
                  </td>
                  <td data-label="Step">{row.stepLabel}</td>
                  <td data-label="Outstanding">
                    <Outstanding items={row.outstanding} />
                  </td>
                  <td data-label="Loan officer">{row.loanOfficer ? (row.loanOfficer.name ?? "A former loan officer") : <span className="meta">Not assigned</span>}</td>
                  <td data-label="Last update">{dateTime(row.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
      )}
    </>
  );
}

export default function PipelinePage() {
  return (
    <PortalFrame title="Applications" requires={PIPELINE}>
      <Pipeline />
    </PortalFrame>
  );
}
