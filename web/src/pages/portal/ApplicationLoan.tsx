// The loan after submission on one file (portal.loan.get): its milestone and the 30-day decision
// clock, the moves open from here (each button taken only by a role with its permission, the server
// deciding), the approval with the offer's terms, each owner's answer about the home (staff record
// an owner who is not applying), the closing package with who signed, the in-person notarization
// form, each owner's last day to cancel once the account opens, and the funding.
import { Button, Field, Input, MessageBar, MessageBarBody, Select } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { ConditionsPanel } from "./ConditionsPanel";
import { DecisionForms, DecisionRecord } from "./DecisionForms";
import { dateTime, money } from "./portal-format";
import type { LoanFileDetail } from "./portal-types";
import { usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";
import { ApplicationValuations } from "./ApplicationValuations";
import { LoanNotices } from "./LoanNotices";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

/** The moves that need nothing but a click (the decisions have their forms: ./DecisionForms.tsx). */
const PLAIN_MOVES = new Set([
  "startReview",
  "resumeReview",
  "clearToClose",
  "sendForSigning",
  "openAccount",
  "fund",
]);

function ErrorBar({ error }: { error: unknown }) {
  if (!error) return null;
  const failure = classifyApiError(error);
  const text =
    failure.kind === "fields" ? failure.fieldErrors.map((f) => f.message).join(" ") : failure.message;
  return (
    <MessageBar intent="error" role="alert" className="portal-message">
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}

function Moves({
  file,
  applicationId,
  onMoved,
}: {
  file: LoanFileDetail;
  applicationId: string;
  onMoved(): void;
}) {
  const move = useMutation(trpc.portal.loan.move.mutationOptions());
  const allowed = file.moves.filter((m) => m.allowed && PLAIN_MOVES.has(m.id));
  if (!allowed.length) return null;
  const take = (transition: string) => move.mutate({ applicationId, transition }, { onSuccess: onMoved });
  return (
    <div className="portal-moves">
      <div className="actions">
        {allowed.map((m) => (
          <Button key={m.id} onClick={() => take(m.id)} disabled={move.isPending} title={m.description}>
            {m.label}
          </Button>
        ))}
      </div>
      <ErrorBar error={move.error} />
    </div>
  );
}

function RecordOccupancy({
  applicationId,
  owners,
  onSaved,
}: {
  applicationId: string;
  owners: LoanFileDetail["titleOwners"];
  onSaved(): void;
}) {
  const record = useMutation(trpc.portal.loan.recordOccupancy.mutationOptions());
  const [holder, setHolder] = useState(owners[0]?.key ?? "");
  const [answer, setAnswer] = useState("yes");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ applicationId, holder, principalDwelling: answer === "yes" }, { onSuccess: onSaved });
  };
  return (
    <form
      className="form portal-form"
      onSubmit={onSubmit}
      aria-label="Record an owner's answer about the home"
    >
      <Field label="Owner who is not applying">
        <Select value={holder} onChange={(_, d) => setHolder(d.value)}>
          {owners.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Is the home their principal dwelling?">
        <Select value={answer} onChange={(_, d) => setAnswer(d.value)}>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </Select>
      </Field>
      <ErrorBar error={record.error} />
      <div className="actions">
        <Button type="submit" disabled={record.isPending}>
          Record the answer
        </Button>
      </div>
    </form>
  );
}

function RecordNotarization({ applicationId, onSaved }: { applicationId: string; onSaved(): void }) {
  const record = useMutation(trpc.portal.loan.recordNotarization.mutationOptions());
  const [form, setForm] = useState({ notaryName: "", commission: "", notarizedOn: "", place: "" });
  const set = (key: keyof typeof form) => (_: unknown, d: { value: string }) =>
    setForm({ ...form, [key]: d.value });
  const failure = record.error ? classifyApiError(record.error) : null;
  const fieldError = (pointer: string) =>
    failure?.kind === "fields" ? failure.fieldErrors.find((f) => f.pointer === pointer)?.message : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ applicationId, ...form, commissionExpires: null }, { onSuccess: onSaved });
  };
  const field = (key: keyof typeof form, label: string, type = "text") => (
    <Field
      label={label}
      required
      validationMessage={fieldError(`/${key}`)}
      validationState={fieldError(`/${key}`) ? "error" : "none"}
    >
      <Input type={type as "text"} value={form[key]} onChange={set(key)} />
    </Field>
  );
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Record the notarization">
      <h3 className="portal-subtitle">Record the in-person notarization</h3>
      {field("notaryName", "Notary's name")}
      {field("commission", "Commission number")}
      {field("notarizedOn", "Date notarized", "date")}
      {field("place", "Place (city and state)")}
      {failure && failure.kind !== "fields" ? <ErrorBar error={record.error} /> : null}
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={record.isPending}>
          Record the notarization
        </Button>
      </div>
    </form>
  );
}

export function ApplicationLoan({ applicationId, onChanged }: { applicationId: string; onChanged(): void }) {
  const me = usePortalMe();
  const query = useQuery({ ...trpc.portal.loan.get.queryOptions({ applicationId }), retry: false });
  if (query.isPending) return <Loading label="Loading the loan file" />;
  if (query.error)
    return query.error.data?.code === "PRECONDITION_FAILED" ? (
      <p className="meta">Not submitted yet: the loan file opens at the submission.</p>
    ) : (
      <Failure error={query.error} what="the loan file" />
    );
  const file = query.data;
  const refresh = () => {
    void query.refetch();
    onChanged();
  };
  const right = file.rightToCancel;
  return (
    <>
      <p>
        <strong className="loan-milestone">{file.label}</strong>: {file.description}
        {file.decisionClock
          ? ` Decision due ${day(file.decisionClock.dueOn)}${file.decisionClock.overdue ? " (overdue)" : ""}.`
          : ""}
      </p>
      <Moves file={file} applicationId={applicationId} onMoved={refresh} />
      <DecisionForms file={file} applicationId={applicationId} onMoved={refresh} />
      <DecisionRecord file={file} />
      <ConditionsPanel file={file} applicationId={applicationId} onSaved={refresh} />
      <h3 className="portal-subtitle">Owners and the home</h3>
      {Object.keys(file.occupancy).length ? (
        <ul>
          {Object.entries(file.occupancy).map(([key, o]) => (
            <li key={key}>
              {file.titleOwners.find((t) => t.key === key)?.name ?? key}:{" "}
              {o?.principalDwelling ? "principal dwelling" : "not their principal dwelling"} (answered{" "}
              {dateTime(o!.answeredAt)})
            </li>
          ))}
        </ul>
      ) : (
        <p className="meta">No owner has answered yet.</p>
      )}
      {!file.accountOpenedAt &&
      !file.final &&
      me.can("closing.manage") &&
      file.titleOwners.some((o) => !o.applying) ? (
        <RecordOccupancy
          applicationId={applicationId}
          owners={file.titleOwners.filter((o) => !o.applying)}
          onSaved={refresh}
        />
      ) : null}
      <ApplicationValuations file={file} applicationId={applicationId} onChanged={refresh} />
      <LoanNotices file={file} applicationId={applicationId} onChanged={refresh} />
      {file.closing ? (
        <>
          <h3 className="portal-subtitle">Closing package</h3>
          <TableRegion label="Closing documents" stack>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Version</th>
              </tr>
            </thead>
            <tbody>
              {file.closing.documents.map((d) => (
                <tr key={d.id}>
                  <td data-label="Document">{d.title}</td>
                  <td data-label="Version">{d.version}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <p>
            Signed by:{" "}
            {file.closing.signedBy.length
              ? file.closing.signedBy
                  .map((s) => {
                    const name = file.borrowers.find((b) => b.role === s.role)?.name ?? s.role;
                    return `${name} (${s.signedAt ? dateTime(s.signedAt) : ""})`;
                  })
                  .join(", ")
              : "nobody yet"}
            .
          </p>
          {file.closing.signedByAll && me.can("documents.view") ? (
            <p>
              <a
                href={`/api/loan/closing-package.pdf?application=${encodeURIComponent(applicationId)}`}
                download="heloc-closing-package-signed.pdf"
              >
                The closing package as signed (PDF)
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      {file.notarization ? (
        <p>
          Notarized {day(file.notarization.notarizedOn)} in {file.notarization.place} by{" "}
          {file.notarization.notaryName} (commission {file.notarization.commission},{" "}
          {file.notarization.provider}).
        </p>
      ) : file.milestone === "closing" && me.can("closing.notarize") ? (
        <RecordNotarization applicationId={applicationId} onSaved={refresh} />
      ) : null}
      {file.accountOpenedAt && right ? (
        <>
          <h3 className="portal-subtitle">Account opened {dateTime(file.accountOpenedAt)}</h3>
          {right.owners.length ? (
            <TableRegion label="Each owner's period to cancel" stack>
              <thead>
                <tr>
                  <th scope="col">Owner</th>
                  <th scope="col">Last day to cancel</th>
                </tr>
              </thead>
              <tbody>
                {right.owners.map((o) => (
                  <tr key={o.key}>
                    <td data-label="Owner">{o.name}</td>
                    <td data-label="Last day to cancel">
                      {o.period
                        ? `Midnight on ${day(o.period.endDate)} (${right.period?.timeZone ?? ""})`
                        : "Not started: the mailed notice's delivery is not recorded"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          ) : (
            <p className="meta">No owner holds the right to cancel.</p>
          )}
          <p>
            {file.funding
              ? `Funded ${dateTime(file.funding.fundedAt)}: ${money(file.funding.amount)} released to the account ending ${file.funding.accountLast4 ?? "?"}.`
              : right.drawReleasable
                ? "Every period has ended: the first draw may be released."
                : "The first draw is held until every owner's period has ended."}
          </p>
        </>
      ) : null}
    </>
  );
}
