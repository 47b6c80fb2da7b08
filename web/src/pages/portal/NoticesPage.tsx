// /portal/notices: the adverse action notices sent on the applications this user can see
// (notices.view), newest first: when, to whom, the principal reasons and the notice's PDF.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { trpc } from "@web/src/api/trpc";
import { dateTime } from "./portal-format";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

function NoticeList() {
  const list = useQuery(trpc.portal.notices.list.queryOptions());
  if (list.isPending) return <Loading label="Loading the notices" />;
  if (list.error) return <Failure error={list.error} retry={() => void list.refetch()} what="the notices" />;
  const { notices, limit } = list.data;
  if (!notices.length)
    return <p className="meta">No adverse action notice has been sent on your applications.</p>;
  const toMail = notices.filter((n) => n.task);
  return (
    <>
      {toMail.length ? (
        <section aria-labelledby="notices-to-mail" className="portal-tasks">
          <h2 id="notices-to-mail" className="portal-subtitle">
            Paper notices to mail ({toMail.length})
          </h2>
          <p className="meta">
            These applicants gave no consent to electronic documents, so their notice of action taken goes on
            paper. Where no mailing address is on file, find the applicant's address first; then mail the
            notice and record the day (and the address) on the file.
          </p>
          <ul>
            {toMail.map((n) => (
              <li key={`${n.applicationId}-${n.index}`}>
                <Link to={`/portal/applications/${n.applicationId}`}>
                  {n.borrowerName ?? "Unnamed applicant"}
                </Link>
                {": "}
                {n.task === "findAddress"
                  ? "no mailing address on file: find the applicant's address, then mail the notice"
                  : "mail the notice to the address on file"}{" "}
                (given {dateTime(n.decidedAt)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="page-intro">
        Each decline gives the applicant a notice of action taken (Regulation B, 12 CFR 1002.9) the day it is
        decided: shown on their page, emailed with its PDF and kept. The newest decisions of up to {limit}{" "}
        applications are listed.
      </p>
      <TableRegion label="Adverse action notices sent" stack>
        <thead>
          <tr>
            <th scope="col">Given</th>
            <th scope="col">Applicant</th>
            <th scope="col">Principal reasons</th>
            <th scope="col">Notice</th>
          </tr>
        </thead>
        <tbody>
          {notices.map((n) => {
            const name = n.borrowerName ?? "Unnamed applicant";
            return (
              <tr key={`${n.applicationId}-${n.index}`}>
                <td data-label="Given">{dateTime(n.decidedAt)}</td>
                <td data-label="Applicant">
                  <Link to={`/portal/applications/${n.applicationId}`}>{name}</Link>
                </td>
                <td data-label="Principal reasons">{n.reasons.map((r) => r.text).join("; ")}</td>
                <td data-label="Notice">
                  <a href={n.pdfUrl} download>
                    PDF
                    <span className="visually-hidden">
                      {" "}
                      of the notice to {name}, {dateTime(n.decidedAt)}
                    </span>
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableRegion>
    </>
  );
}

export default function NoticesPage() {
  return (
    <PortalFrame title="Notices sent" requires={["notices.view"]}>
      <NoticeList />
    </PortalFrame>
  );
}
