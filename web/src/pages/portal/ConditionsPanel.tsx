// The conditions of a loan file (issue 35 item 2): each with the borrowers it is asked of, its
// prior-to stage, due day, status and the borrowers' answers; staff with conditions.clear clear,
// waive or reopen it; staff with conditions.manage ask a new one from the catalogue
// (rules/conditions.json) of one or more borrowers, who are mailed. The server decides
// (portal.loan.addCondition, portal.loan.decideCondition) and names the field it refuses.
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Textarea,
} from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { dateTime } from "./portal-format";
import type { LoanFileDetail } from "./portal-types";
import { usePortalMe } from "./PortalFrame";
import { TableRegion } from "./TableRegion";

type Condition = LoanFileDetail["conditions"][number];

const STATUS: Record<Condition["status"], string> = {
  open: "Waiting on the borrower",
  answered: "Answered: to review",
  cleared: "Cleared",
  waived: "Waived",
};
const PRIOR_TO = { approval: "Approval", closing: "Closing", funding: "Funding" } as const;

function Refusal({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <MessageBar intent="error" role="alert" className="portal-message">
      <MessageBarBody>{classifyApiError(error).message}</MessageBarBody>
    </MessageBar>
  );
}

const answerText = (answer: unknown) =>
  answer && typeof answer === "object"
    ? Object.values(answer as Record<string, unknown>)
        .filter((v) => v !== null && v !== undefined && v !== "")
        .map(String)
        .join(", ")
    : "";

function Answers({ condition, names }: { condition: Condition; names: Map<string, string> }) {
  const answers = Object.entries(condition.answers ?? {});
  if (!answers.length) return <>{condition.type === "document" ? "See the file's documents" : "None yet"}</>;
  return (
    <ul className="portal-fields">
      {answers.map(([role, a]) => (
        <li key={role}>
          {names.get(role) ?? role} ({dateTime(a!.at)}):{" "}
          {condition.type === "document" ? "uploaded (see the file's documents)" : answerText(a!.answer)}
        </li>
      ))}
    </ul>
  );
}

function Decide({
  condition,
  applicationId,
  onSaved,
}: {
  condition: Condition;
  applicationId: string;
  onSaved(): void;
}) {
  const decide = useMutation(trpc.portal.loan.decideCondition.mutationOptions());
  const take = (outcome: "cleared" | "waived" | "reopened") =>
    decide.mutate({ applicationId, conditionId: condition.id, outcome }, { onSuccess: onSaved });
  const done = condition.status === "cleared" || condition.status === "waived";
  return (
    <>
      <div className="actions portal-row-actions">
        {done ? (
          <Button size="small" onClick={() => take("reopened")} disabled={decide.isPending}>
            Reopen {condition.label}
          </Button>
        ) : (
          <>
            <Button
              size="small"
              appearance="primary"
              onClick={() => take("cleared")}
              disabled={decide.isPending}
            >
              Clear {condition.label}
            </Button>
            <Button size="small" onClick={() => take("waived")} disabled={decide.isPending}>
              Waive {condition.label}
            </Button>
          </>
        )}
      </div>
      <Refusal error={decide.error} />
    </>
  );
}

const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return new Intl.DateTimeFormat("en-CA").format(d);
};

function AddCondition({
  file,
  applicationId,
  onSaved,
}: {
  file: LoanFileDetail;
  applicationId: string;
  onSaved(): void;
}) {
  const add = useMutation(trpc.portal.loan.addCondition.mutationOptions());
  const [code, setCode] = useState("");
  const [borrowers, setBorrowers] = useState<string[]>([]);
  const [priorTo, setPriorTo] = useState<keyof typeof PRIOR_TO>("approval");
  const [dueOn, setDueOn] = useState(() => inDays(7));
  const [note, setNote] = useState("");
  const [local, setLocal] = useState<Record<string, string>>({});
  const failure = add.error ? classifyApiError(add.error) : null;
  // An edited field's error goes; the form checks again at the next send.
  const edited = (pointer: string) =>
    local[pointer] && setLocal(Object.fromEntries(Object.entries(local).filter(([p]) => p !== pointer)));
  const error = (pointer: string) =>
    local[pointer] ??
    (failure?.kind === "fields"
      ? failure.fieldErrors.find((f) => f.pointer === pointer || f.pointer.startsWith(`${pointer}/`))?.message
      : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!code) errors["/code"] = "Choose the condition to ask for.";
    if (!borrowers.length) errors["/borrowers"] = "Choose at least one borrower to ask.";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueOn)) errors["/dueOn"] = "Give the due day as a date.";
    setLocal(errors);
    if (Object.keys(errors).length) return add.reset();
    add.mutate(
      { applicationId, code: Number(code), borrowers, priorTo, dueOn, note: note.trim() || null },
      {
        onSuccess: () => {
          setCode("");
          setBorrowers([]);
          setNote("");
          onSaved();
        },
      },
    );
  };
  const state = (pointer: string) => ({
    validationMessage: error(pointer),
    validationState: error(pointer) ? ("error" as const) : ("none" as const),
  });
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Ask for a condition" noValidate>
      <h4 className="portal-subtitle">Ask for a condition</h4>
      <Field label="Condition" required {...state("/code")}>
        <Select
          value={code}
          onChange={(_, d) => {
            edited("/code");
            setCode(d.value);
          }}
        >
          <option value="">Choose from the catalogue</option>
          {file.conditionCatalogue.map((c) => (
            <option key={c.code} value={String(c.code)}>
              {c.code} {c.label} ({c.type})
            </option>
          ))}
        </Select>
      </Field>
      {/* A fieldset, not a Field: a Field gives its one id to every checkbox inside it. */}
      <fieldset
        className="portal-reasons"
        aria-describedby={error("/borrowers") ? "asked-of-error" : undefined}
      >
        <legend>Asked of (required)</legend>
        {file.borrowers.map((b) => (
          <Checkbox
            key={b.role}
            label={b.name}
            checked={borrowers.includes(b.role)}
            onChange={(_, d) => {
              edited("/borrowers");
              setBorrowers(d.checked ? [...borrowers, b.role] : borrowers.filter((r) => r !== b.role));
            }}
          />
        ))}
        {error("/borrowers") ? (
          <p id="asked-of-error" className="field-error" role="alert">
            {error("/borrowers")}
          </p>
        ) : null}
      </fieldset>
      <Field label="Needed before" required {...state("/priorTo")}>
        <Select value={priorTo} onChange={(_, d) => setPriorTo(d.value as keyof typeof PRIOR_TO)}>
          {Object.entries(PRIOR_TO).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Due" required {...state("/dueOn")}>
        <Input type="date" value={dueOn} onChange={(_, d) => setDueOn(d.value)} />
      </Field>
      <Field label="Note to the borrower (optional)" {...state("/note")}>
        <Textarea value={note} resize="vertical" onChange={(_, d) => setNote(d.value)} />
      </Field>
      {failure && failure.kind !== "fields" ? <Refusal error={add.error} /> : null}
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={add.isPending}>
          Ask the borrowers
        </Button>
      </div>
    </form>
  );
}

export function ConditionsPanel({
  file,
  applicationId,
  onSaved,
}: {
  file: LoanFileDetail;
  applicationId: string;
  onSaved(): void;
}) {
  const me = usePortalMe();
  const names = new Map<string, string>(file.borrowers.map((b) => [b.role, b.name]));
  const canClear = me.can("conditions.clear");
  return (
    <section aria-labelledby="conditions-heading">
      <h3 id="conditions-heading" className="portal-subtitle">
        Conditions
      </h3>
      {file.conditions.length ? (
        <TableRegion label="Conditions" stack>
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Asked of</th>
              <th scope="col">Before</th>
              <th scope="col">Due</th>
              <th scope="col">Status</th>
              <th scope="col">Answers</th>
              {canClear ? <th scope="col">Decide</th> : null}
            </tr>
          </thead>
          <tbody>
            {file.conditions.map((c) => (
              <tr key={c.id}>
                <td data-label="Condition">
                  {c.code} {c.label}
                </td>
                <td data-label="Asked of">{c.borrowers.map((b) => names.get(b) ?? b).join(", ")}</td>
                <td data-label="Before">{PRIOR_TO[c.priorTo]}</td>
                <td data-label="Due">{c.dueOn}</td>
                <td data-label="Status">{STATUS[c.status]}</td>
                <td data-label="Answers">
                  <Answers condition={c} names={names} />
                </td>
                {canClear ? (
                  <td data-label="Decide">
                    <Decide condition={c} applicationId={applicationId} onSaved={onSaved} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </TableRegion>
      ) : (
        <p className="meta">No condition asked.</p>
      )}
      {me.can("conditions.manage") && !file.final ? (
        <AddCondition file={file} applicationId={applicationId} onSaved={onSaved} />
      ) : null}
    </section>
  );
}
