// /portal/applications/:id: one application's file for staff: where it stands, its priced line
// (APR, CLTV) and who works it, the documents asked for and received, signatures, notes, identity
// checks, the answers (masked) and the audit trail.
import { ROUTES } from "@engine/base/routes";
import type { AuditWords } from "@engine/lending/audit-actions";
import { Badge } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { trpc } from "@web/src/api/trpc";
import { useSession } from "@web/src/session/session";
import { useDefinitions } from "../funnel/definitions";
import { AnswersSummary } from "./AnswersSummary";
import { ApplicationNotes } from "./ApplicationNotes";
import { ApplicationNotices } from "./ApplicationNotices";
import { ApplicationLoan } from "./ApplicationLoan";
import { RequiredDocuments, Signatures, UploadedFiles } from "./ApplicationDocuments";
import { AssignOfficer } from "./AssignOfficer";
import { formatPhone } from "@engine/base/format";
import { AuditTrail } from "./AuditTrail";
import { changedFieldLabel } from "@engine/lending/audit-fields";
import { documentTitle } from "@engine/lending/catalogue";
import { aprText, borrowerNames, dateTime, enumLabel, money, ratioText } from "./portal-format";
import { PIPELINE } from "./portal-pages";
import type { ApplicationDetail } from "./portal-types";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

const REVIEW_COLORS = { pending: "warning", approved: "success", rejected: "danger" } as const;

function IdentityChecks({ detail, enums }: { detail: ApplicationDetail; enums: unknown }) {
  const me = usePortalMe();
  if (!detail.identityReviews.length)
    return (
      <p className="meta">No identity check has started: it starts when a borrower's photo ID is complete.</p>
    );
  return (
    <TableRegion label="Identity checks" stack>
      <thead>
        <tr>
          <th scope="col">Borrower</th>
          <th scope="col">ID type</th>
          <th scope="col">Status</th>
          <th scope="col">Decided</th>
          <th scope="col">Definitions version</th>
        </tr>
      </thead>
      <tbody>
        {detail.identityReviews.map((r) => (
          <tr key={r.id}>
            <td data-label="Borrower">{me.borrower(r.borrower)}</td>
            <td data-label="ID type">{enumLabel(enums, "idDocumentSubtype", r.idType)}</td>
            <td data-label="Status">
              <Badge
                appearance="tint"
                color={REVIEW_COLORS[r.status as keyof typeof REVIEW_COLORS] ?? "informative"}
              >
                {r.status}
              </Badge>
              {r.reason ? <div className="meta">{r.reason}</div> : null}
              {r.status === "pending" && me.can("identity.review") ? (
                <div>
                  <Link to={ROUTES.portalIdentityReviews}>Review it in the queue</Link>
                </div>
              ) : null}
            </td>
            <td data-label="Decided">
              {r.reviewedAt ? (
                `${dateTime(r.reviewedAt)}${r.reviewedBy ? `, ${r.reviewedBy}` : ""}`
              ) : (
                <span className="meta">—</span>
              )}
            </td>
            <td data-label="Definitions version">
              {r.definitionsVersion ? <code>{r.definitionsVersion}</code> : <span className="meta">—</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

function Overview({ detail, onAssigned }: { detail: ApplicationDetail; onAssigned(): void }) {
  const me = usePortalMe();
  return (
    <section aria-labelledby="overview" className="portal-section">
      <h2 id="overview" className="visually-hidden">
        Overview
      </h2>
      <dl className="portal-facts">
        <div>
          <dt>Step</dt>
          <dd>{detail.stepLabel}</dd>
        </div>
        {detail.borrowers.map((b) => (
          <div key={b.role}>
            <dt>{me.borrower(b.role)}</dt>
            <dd>
              {b.name ?? "Not named yet"}
              {b.ssn ? <div className="meta">SSN {b.ssn}</div> : null}
            </dd>
          </div>
        ))}
        <div>
          <dt>Line amount</dt>
          <dd>{detail.offer ? money(detail.offer.lineAmount) : "Not priced"}</dd>
        </div>
        {detail.offer ? (
          <>
            <div>
              <dt>APR</dt>
              <dd>{aprText(detail.offer.apr)}</dd>
            </div>
            <div>
              <dt>CLTV (line fully drawn)</dt>
              <dd>{ratioText(detail.offer.cltv)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Started</dt>
          <dd>{dateTime(detail.createdAt)}</dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>{dateTime(detail.updatedAt)}</dd>
        </div>
        <div>
          <dt>Definitions version</dt>
          <dd>
            <code>{detail.definitionsVersion ?? "—"}</code>
            {detail.definitionsVersion && detail.definitionsVersion !== detail.currentDefinitionsVersion ? (
              <div className="meta">The server now runs {detail.currentDefinitionsVersion}.</div>
            ) : null}
          </dd>
        </div>
        {!me.can("applications.assign") ? (
          <div>
            <dt>Loan officer</dt>
            <dd>{detail.loanOfficer?.name ?? "Not assigned"}</dd>
          </div>
        ) : null}
      </dl>
      {me.can("applications.assign") ? (
        <AssignOfficer key={detail.loanOfficer?.id ?? ""} detail={detail} onSaved={onAssigned} />
      ) : null}
      <LoanOriginator originator={detail.originator} />
    </section>
  );
}

/** URLA section 9, as the applicant's summary and the MISMO file state it. */
function LoanOriginator({ originator }: { originator: ApplicationDetail["originator"] }) {
  const { company, loanOfficer } = originator;
  return (
    <>
      <h3 className="portal-subtitle">Loan originator information (URLA section 9)</h3>
      <dl className="portal-facts">
        <div>
          <dt>Loan origination company</dt>
          <dd>
            {company.name}
            <div className="meta">NMLS ID {company.nmlsId}</div>
            <div className="meta">{company.address}</div>
          </dd>
        </div>
        <div>
          <dt>Loan originator</dt>
          <dd>
            {loanOfficer ? (
              <>
                {loanOfficer.name}
                <div className="meta">
                  {loanOfficer.nmlsId
                    ? `NMLS ID ${loanOfficer.nmlsId}`
                    : "No NMLS ID on file: an administrator sets it under Manage users"}
                </div>
                <div className="meta">{loanOfficer.email}</div>
                {loanOfficer.phone ? <div className="meta">{formatPhone(loanOfficer.phone)}</div> : null}
              </>
            ) : (
              "No loan officer assigned"
            )}
          </dd>
        </div>
      </dl>
    </>
  );
}

function Application({ detail, refetch }: { detail: ApplicationDetail; refetch(): void }) {
  const me = usePortalMe();
  const { defs, error: defsError, retry } = useDefinitions();
  const enums = defs?.files.schemas["enums.json"];
  const words: AuditWords = {
    step: (id) => (defs ? (defs.steps.get(id)?.def.label ?? undefined) : undefined),
    borrower: (role) => me.borrower(role),
    // The type's own name: a requirement's label names one borrower's choice ("Driver's license"), not every file's.
    document: (type) =>
      (defs ? documentTitle(defs, type) : undefined) ??
      detail.requirements.find((r) => r.documentType === type)?.label,
    subtype: (id) => (enums ? enumLabel(enums, "documentSubtype", id) : undefined),
  };
  return (
    <>
      <p className="page-intro">
        <Link to="/portal">All applications</Link>
      </p>
      <Overview detail={detail} onAssigned={refetch} />
      {me.can("exports.mismo") ? (
        <section aria-labelledby="export" className="portal-section">
          <h2 id="export" className="section-title">
            Export
          </h2>
          <p>
            <a href={`/api/exports/mismo.xml?application=${encodeURIComponent(detail.id)}`} download>
              Export MISMO 3.4
            </a>{" "}
            <span className="meta">
              The application as a MISMO 3.4 file for your loan origination system. It holds the
              borrowers&apos; full Social Security numbers; each export is recorded in the audit trail.
            </span>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="documents" className="portal-section">
        <h2 id="documents" className="section-title">
          Documents
        </h2>
        <h3 className="portal-subtitle">Asked for</h3>
        <RequiredDocuments requirements={detail.requirements} />
        <h3 className="portal-subtitle">Files received</h3>
        <UploadedFiles
          detail={detail}
          enums={enums}
          canOpen={me.can("documents.view")}
          canReview={me.can("documents.review")}
          onReviewed={refetch}
        />
        <h3 className="portal-subtitle">Signatures</h3>
        <Signatures detail={detail} canOpen={me.can("documents.view")} />
      </section>
      <section aria-labelledby="loan" className="portal-section">
        <h2 id="loan" className="section-title">
          Loan
        </h2>
        <ApplicationLoan applicationId={detail.id} onChanged={refetch} />
      </section>
      {me.can("notices.view") ? (
        <section aria-labelledby="notices" className="portal-section">
          <h2 id="notices" className="section-title">
            Notices
          </h2>
          <ApplicationNotices applicationId={detail.id} onChanged={refetch} />
        </section>
      ) : null}
      {me.can("notes.write") ? (
        <section aria-labelledby="notes" className="portal-section">
          <h2 id="notes" className="section-title">
            Notes
          </h2>
          <ApplicationNotes applicationId={detail.id} onAdded={refetch} />
        </section>
      ) : null}
      <section aria-labelledby="identity" className="portal-section">
        <h2 id="identity" className="section-title">
          Identity checks
        </h2>
        <IdentityChecks detail={detail} enums={enums} />
      </section>
      <section aria-labelledby="answers" className="portal-section">
        <h2 id="answers" className="section-title">
          Answers
        </h2>
        {defs ? (
          <AnswersSummary defs={defs} answers={detail.answers} />
        ) : defsError ? (
          <Failure error={defsError} retry={retry} what="the question labels" />
        ) : (
          <Loading label="Loading the answers" />
        )}
      </section>
      <section aria-labelledby="audit" className="portal-section">
        <h2 id="audit" className="section-title">
          Audit trail
        </h2>
        <AuditTrail
          audit={detail.audit}
          current={detail.currentDefinitionsVersion}
          words={words}
          fieldLabel={(pointer) => (defs ? changedFieldLabel(defs, pointer, me.borrower) : pointer)}
        />
      </section>
    </>
  );
}

export default function ApplicationPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const app = useQuery({
    ...trpc.portal.applications.get.queryOptions({ applicationId: id }),
    enabled: session.status === "authenticated",
  });
  return (
    <PortalFrame title={app.data ? borrowerNames(app.data.borrowers) : "Application"} requires={PIPELINE}>
      {app.data ? (
        <Application detail={app.data} refetch={() => void app.refetch()} />
      ) : app.error ? (
        <Failure error={app.error} retry={() => void app.refetch()} what="this application" />
      ) : (
        <Loading label="Loading the application" />
      )}
    </PortalFrame>
  );
}
