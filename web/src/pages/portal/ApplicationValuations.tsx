// The valuations of the home on one file (portal.loan.get valuations): each AVM or appraisal with
// its value, effective day, provider, report and the day its copy reached the applicant, and a small
// form for staff with valuations.record (POST /api/valuations, the report uploaded with it). The
// copy goes to each borrower at once; the account does not open until it was given in time.
import { Button, Field, Input, MessageBar, MessageBarBody, Select } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@web/src/api/api-fetch";
import { money } from "./portal-format";
import type { LoanFileDetail } from "./portal-types";
import { usePortalMe } from "./PortalFrame";
import { TableRegion } from "./TableRegion";
import { downloadUpload } from "./upload-files";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));
const KINDS = { appraisal: "Appraisal", avm: "AVM (automated valuation)" } as const;

interface Refused {
  message: string;
  field: string | null;
}

async function send(form: FormData): Promise<void> {
  const res = await apiFetch("/api/valuations", { method: "POST", body: form }, { botCheck: false });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { error?: Refused } | null;
  throw (
    body?.error ?? {
      message: `The valuation was not recorded (the server answered ${res.status}).`,
      field: null,
    }
  );
}

function RecordValuation({ applicationId, onSaved }: { applicationId: string; onSaved(): void }) {
  const [form, setForm] = useState({ kind: "appraisal", value: "", effectiveOn: "", provider: "" });
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after a saved valuation (its value cannot be set from React).
  const [saved, setSaved] = useState(0);
  const record = useMutation<void, Refused, FormData>({ mutationFn: send });
  const set = (key: keyof typeof form) => (_: unknown, d: { value: string }) =>
    setForm({ ...form, [key]: d.value });
  const error = (field: string) => (record.error?.field === field ? record.error.message : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    body.append("applicationId", applicationId);
    for (const [k, v] of Object.entries(form)) body.append(k, k === "value" ? v.replace(/[$,\s]/g, "") : v);
    if (file) body.append("file", file, file.name);
    record.mutate(body, {
      onSuccess: () => {
        setForm({ kind: "appraisal", value: "", effectiveOn: "", provider: "" });
        setFile(null);
        setSaved(saved + 1);
        onSaved();
      },
    });
  };
  const state = (field: string) => (error(field) ? "error" : "none");
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Record a valuation">
      <h4 className="portal-subtitle">Record a valuation</h4>
      <Field label="Kind" required validationMessage={error("kind")} validationState={state("kind")}>
        <Select value={form.kind} onChange={(_, d) => setForm({ ...form, kind: d.value })}>
          {Object.entries(KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Value (dollars)"
        required
        validationMessage={error("value")}
        validationState={state("value")}
      >
        <Input inputMode="numeric" value={form.value} onChange={set("value")} />
      </Field>
      <Field
        label="Effective date"
        required
        validationMessage={error("effectiveOn")}
        validationState={state("effectiveOn")}
      >
        <Input type="date" value={form.effectiveOn} onChange={set("effectiveOn")} />
      </Field>
      <Field
        label="Provider or appraiser"
        required
        validationMessage={error("provider")}
        validationState={state("provider")}
      >
        <Input value={form.provider} onChange={set("provider")} />
      </Field>
      <Field
        label="Report (PDF or photo)"
        required
        validationMessage={error("file")}
        validationState={state("file")}
      >
        {(fieldProps) => (
          <input
            key={saved}
            {...fieldProps}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/heic"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {record.error &&
      !["kind", "value", "effectiveOn", "provider", "file"].includes(record.error.field ?? "") ? (
        <MessageBar intent="error" role="alert" className="portal-message">
          <MessageBarBody>{record.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={record.isPending}>
          Record the valuation and send the copy
        </Button>
      </div>
    </form>
  );
}

export function ApplicationValuations({
  file,
  applicationId,
  onChanged,
}: {
  file: LoanFileDetail;
  applicationId: string;
  onChanged(): void;
}) {
  const me = usePortalMe();
  const [failed, setFailed] = useState<string | null>(null);
  const open = (reportId: string) =>
    downloadUpload(reportId, "valuation-report").catch((e: Error) => setFailed(e.message));
  return (
    <>
      <h3 className="portal-subtitle">Valuations</h3>
      {file.valuations.length ? (
        <TableRegion label="Valuations of the home" stack>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Value</th>
              <th scope="col">Effective</th>
              <th scope="col">Provider</th>
              <th scope="col">Copy to the applicant</th>
              <th scope="col">Report</th>
            </tr>
          </thead>
          <tbody>
            {file.valuations.map((v) => (
              <tr key={v.id}>
                <td data-label="Kind">{KINDS[v.kind]}</td>
                <td data-label="Value">{money(v.value)}</td>
                <td data-label="Effective">{day(v.effectiveOn)}</td>
                <td data-label="Provider">{v.provider}</td>
                <td data-label="Copy to the applicant">
                  {v.copySentOn
                    ? `Given ${day(v.copySentOn)}`
                    : v.copyMailedOn
                      ? `Mailed ${day(v.copyMailedOn)}`
                      : "Waiting in the print-and-mail queue"}
                </td>
                <td data-label="Report">
                  {v.reportId && me.can("documents.view") ? (
                    <Button size="small" onClick={() => void open(v.reportId!)}>
                      Open the report
                    </Button>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      ) : (
        <p className="meta">No valuation is recorded.</p>
      )}
      {file.valuationWaiver ? (
        <p className="meta">
          The applicant waived receiving the copies three business days before the account opens.
        </p>
      ) : null}
      {failed ? (
        <MessageBar intent="error" role="alert" className="portal-message">
          <MessageBarBody>{failed}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!file.accountOpenedAt && !file.final && me.can("valuations.record") ? (
        <RecordValuation applicationId={applicationId} onSaved={onChanged} />
      ) : null}
    </>
  );
}
