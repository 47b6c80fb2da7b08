// /portal: the pipeline. Every application the user's role lets them see (a loan officer: the ones
// assigned to them), searched, filtered and sorted on the server (the choices live in the URL),
// a page at a time: borrowers with masked SSNs, the step they are at, the priced line with its APR
// and CLTV, the documents still outstanding, the loan officer and the last update.
import { Button, Field, Input, Select } from "@fluentui/react-components";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { trpc } from "@web/src/api/trpc";
import { aprText, borrowerNames, dateTime, money, ratioText } from "./portal-format";
import { PIPELINE } from "./portal-pages";
import type { PipelineRow } from "./portal-types";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";
import { paramsFromQuery, queryFromParams, type PipelineQuery } from "./pipeline-query";

/** Outstanding documents as the applicant's checklist counts them: one per document asked for, not per file. */
function Outstanding({ items }: { items: PipelineRow["outstanding"] }) {
  const me = usePortalMe();
  if (!items.length) return <span className="meta">None</span>;
  const total = items.length;
  const line = (item: PipelineRow["outstanding"][number]) =>
    `${item.label}${item.borrower ? ` (${me.borrower(item.borrower).toLowerCase()})` : ""}${item.missing > 1 ? `, ${item.missing} files` : ""}`;
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

function Offer({ offer }: { offer: PipelineRow["offer"] }) {
  if (!offer) return <span className="meta">Not priced</span>;
  return (
    <>
      <span className="portal-strong">{money(offer.lineAmount)}</span>
      <div className="meta">
        APR {aprText(offer.apr)}, CLTV {ratioText(offer.cltv)}
      </div>
    </>
  );
}

const SORT_LABELS = { updated: "Last update", created: "Started", lineAmount: "Line amount" } as const;

/** The search and filter form: its choices go into the URL when applied (Enter or Apply). */
function Filters({
  query,
  steps,
  onApply,
}: {
  query: PipelineQuery;
  steps: { id: string; label: string; count: number }[];
  onApply(q: PipelineQuery): void;
}) {
  const me = usePortalMe();
  const [draft, setDraft] = useState<PipelineQuery>(query);
  const officers = useQuery({
    ...trpc.portal.applications.assignees.queryOptions({}),
    enabled: me.can("applications.assign"),
  });
  const set = (patch: Partial<PipelineQuery>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, page: undefined });
  };
  return (
    <form role="search" aria-label="Applications" className="portal-filters" onSubmit={submit}>
      <Field label="Search" hint="Name, email or application id" className="portal-filters__search">
        <Input
          type="search"
          value={draft.search ?? ""}
          maxLength={100}
          onChange={(_, d) => set({ search: d.value || undefined })}
        />
      </Field>
      <Field label="Step">
        <Select value={draft.status ?? ""} onChange={(_, d) => set({ status: d.value || undefined })}>
          <option value="">Any step</option>
          {steps.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label} ({s.count})
            </option>
          ))}
        </Select>
      </Field>
      {me.can("applications.assign") ? (
        <Field label="Loan officer">
          <Select
            value={draft.loanOfficerId ?? ""}
            onChange={(_, d) => set({ loanOfficerId: d.value || undefined })}
          >
            <option value="">Anyone</option>
            <option value="none">Not assigned</option>
            {(officers.data?.loanOfficers ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label="Dates of">
        <Select
          value={draft.dateOf ?? "updated"}
          onChange={(_, d) => set({ dateOf: d.value === "created" ? "created" : undefined })}
        >
          <option value="updated">Last update</option>
          <option value="created">Start</option>
        </Select>
      </Field>
      <Field label="From">
        <Input
          type="date"
          value={draft.from ?? ""}
          onChange={(_, d) => set({ from: d.value || undefined })}
        />
      </Field>
      <Field label="To">
        <Input type="date" value={draft.to ?? ""} onChange={(_, d) => set({ to: d.value || undefined })} />
      </Field>
      <Field label="Sort by">
        <Select
          value={draft.sort ?? "updated"}
          onChange={(_, d) => set({ sort: d.value as PipelineQuery["sort"] })}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Order">
        <Select
          value={draft.order ?? "desc"}
          onChange={(_, d) => set({ order: d.value === "asc" ? "asc" : undefined })}
        >
          <option value="desc">{draft.sort === "lineAmount" ? "Largest first" : "Newest first"}</option>
          <option value="asc">{draft.sort === "lineAmount" ? "Smallest first" : "Oldest first"}</option>
        </Select>
      </Field>
      <div className="portal-filters__actions">
        <Button type="submit" appearance="primary">
          Apply
        </Button>
        <Button
          type="button"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/** The partner's HMDA LAR of a year, for filing with the CFPB (exports.hmda). */
function LarDownload() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(String(thisYear - 1));
  const years = Array.from({ length: 4 }, (_, i) => String(thisYear - i));
  return (
    <p className="meta">
      <label htmlFor="lar-year">HMDA LAR of </label>
      <select id="lar-year" value={year} onChange={(e) => setYear(e.target.value)}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>{" "}
      <a href={`/api/exports/hmda-lar.txt?year=${year}`} download>
        Download the LAR
      </a>{" "}
      (pipe-delimited, checked against the CFPB&apos;s edits; every download is audited)
    </p>
  );
}

function Pipeline() {
  const me = usePortalMe();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const list = useQuery({
    ...trpc.portal.applications.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  const assignedOnly = !me.can("applications.all");
  const apply = (next: PipelineQuery) => setParams(paramsFromQuery(next));
  if (list.isPending) return <Loading label="Loading applications" />;
  if (list.error)
    return <Failure error={list.error} retry={() => void list.refetch()} what="the applications" />;
  const { applications: rows, total, page, pageSize, steps } = list.data;
  const filtered = params.toString() !== "";
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <p className="page-intro">
        {assignedOnly ? "The applications assigned to you" : `Every application of ${me.partner.name}`}. Open
        one for its offer, answers, documents, notes and audit trail.
      </p>
      {me.can("exports.hmda") ? <LarDownload /> : null}
      <Filters key={params.toString()} query={query} steps={steps} onApply={apply} />
      <p className="meta" role="status">
        {total === 0 ? "No applications" : total === 1 ? "1 application" : `${total} applications`}
        {filtered ? " match" : ""}
        {pages > 1 ? `, page ${page} of ${pages}` : ""}.
      </p>
      {rows.length === 0 ? (
        <div className="portal-empty">
          <h2>
            {filtered
              ? "No application matches"
              : assignedOnly
                ? "No applications are assigned to you yet"
                : "No applications yet"}
          </h2>
          <p>
            {filtered
              ? "Try fewer filters or another search."
              : assignedOnly
                ? "When a processor or an administrator assigns an application to you, it appears here."
                : "Applications appear here as soon as applicants start them."}
          </p>
        </div>
      ) : (
        <TableRegion label="Applications" stack>
          <thead>
            <tr>
              <th scope="col">Applicants</th>
              <th scope="col">Step</th>
              <th scope="col">Line</th>
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
                <td data-label="Line">
                  {row.earlyDecline?.state === "declined" ? (
                    <span className="portal-strong">Declined: notice given</span>
                  ) : (
                    <Offer offer={row.offer} />
                  )}
                  {row.earlyDecline?.state === "unconfirmed" ? (
                    <div className="meta">An answer leads to a decline the applicant has not confirmed</div>
                  ) : null}
                </td>
                <td data-label="Outstanding">
                  <Outstanding items={row.outstanding} />
                </td>
                <td data-label="Loan officer">
                  {row.loanOfficer ? (
                    (row.loanOfficer.name ?? "A former loan officer")
                  ) : (
                    <span className="meta">Not assigned</span>
                  )}
                </td>
                <td data-label="Last update">{dateTime(row.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="portal-pages">
          <Button disabled={page <= 1} onClick={() => apply({ ...query, page: page - 1 })}>
            Previous page
          </Button>
          <span className="meta">
            Page {page} of {pages}
          </span>
          <Button disabled={page >= pages} onClick={() => apply({ ...query, page: page + 1 })}>
            Next page
          </Button>
        </nav>
      ) : null}
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
