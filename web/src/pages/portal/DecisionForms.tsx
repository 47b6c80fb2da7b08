// The decisions on a loan file (issue 35 item 3), one form each, opened one at a time: approve with
// the final terms (the margin and periods the credit agreement states, starting from the offer),
// a counteroffer (other terms and its reasons), a decline (up to four reasons of the catalogue;
// those from a consumer report need the score on file for the FCRA 615(a) part), a notice of
// incompleteness (the missing items and a deadline, 1002.9(c)) and a withdrawal. Only the moves
// the reader's role may take are shown; the server decides each (portal.loan.move) and names the
// field it refuses, which the form shows on that field.
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
} from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { money } from "./portal-format";
import type { LoanFileDetail } from "./portal-types";

type Decision = "approve" | "counteroffer" | "decline" | "markIncomplete" | "withdraw";

const OPENERS: Record<Decision, string> = {
  approve: "Approve with terms",
  counteroffer: "Make a counteroffer",
  decline: "Decline",
  markIncomplete: "Send a notice of incompleteness",
  withdraw: "Record a withdrawal",
};

type Errors = Record<string, string>;

/** The move's mutation, with the server's field errors by pointer and its other refusal. */
function useMove(applicationId: string, transition: Decision, onMoved: () => void) {
  const move = useMutation(trpc.portal.loan.move.mutationOptions());
  const [local, setLocal] = useState<Errors>({});
  const failure = move.error ? classifyApiError(move.error) : null;
  const server: Errors =
    failure?.kind === "fields"
      ? Object.fromEntries(failure.fieldErrors.map((f) => [f.pointer, f.message]))
      : {};
  const errors = { ...server, ...local };
  return {
    pending: move.isPending,
    error: (pointer: string) => errors[pointer],
    /** An edited field's error goes (the form checks again at the next send). */
    edited(pointer: string) {
      if (local[pointer]) setLocal(Object.fromEntries(Object.entries(local).filter(([p]) => p !== pointer)));
    },
    /** A refusal that names no field (a rule unmet, a permission), shown above the button. */
    refusal: failure && failure.kind !== "fields" ? failure.message : null,
    submit(action: Record<string, unknown> | undefined, checked: Errors) {
      setLocal(checked);
      if (Object.keys(checked).length) {
        move.reset();
        return;
      }
      move.mutate({ applicationId, transition, ...(action ? { action } : {}) }, { onSuccess: onMoved });
    },
  };
}

type MoveForm = ReturnType<typeof useMove>;

function Refusal({ form }: { form: MoveForm }) {
  return form.refusal ? (
    <MessageBar intent="error" role="alert" className="portal-message">
      <MessageBarBody>{form.refusal}</MessageBarBody>
    </MessageBar>
  ) : null;
}

/** A labelled field whose error (from the form's check or the server) is shown on it. */
function Labelled(props: {
  label: string;
  pointer: string;
  form: MoveForm;
  hint?: string;
  children: ReactNode;
}) {
  const message = props.form.error(props.pointer);
  return (
    <Field
      label={props.label}
      required
      hint={props.hint}
      validationMessage={message}
      validationState={message ? "error" : "none"}
    >
      {props.children}
    </Field>
  );
}

// ---- terms (approve, counteroffer) ----

const TERM_FIELDS = [
  { key: "lineAmount", label: "Line amount ($)", step: "100" },
  { key: "apr", label: "APR (%)", step: "0.01" },
  { key: "margin", label: "Margin over the index (%)", step: "0.01" },
  { key: "originationFee", label: "Origination fee ($)", step: "1" },
  { key: "drawPeriodYears", label: "Draw period (years)", step: "1" },
  { key: "repaymentPeriodYears", label: "Repayment period (years)", step: "1" },
] as const;
type TermKey = (typeof TERM_FIELDS)[number]["key"];
type TermValues = Record<TermKey, string>;

const startingTerms = (offer: LoanFileDetail["offer"]): TermValues => ({
  lineAmount: offer ? String(offer.lineAmount) : "",
  apr: offer ? String(offer.apr) : "",
  margin: typeof offer?.margin === "number" ? String(offer.margin) : "",
  originationFee: typeof offer?.originationFee === "number" ? String(offer.originationFee) : "0",
  drawPeriodYears: "10",
  repaymentPeriodYears: "20",
});

/** The terms as numbers, and an error for each one missing or not a number. */
function readTerms(values: TermValues): { terms: Record<string, number>; errors: Errors } {
  const terms: Record<string, number> = {};
  const errors: Errors = {};
  for (const f of TERM_FIELDS) {
    const text = values[f.key].trim();
    const n = Number(text);
    if (text === "" || !Number.isFinite(n))
      errors[`/action/terms/${f.key}`] = `Enter the ${f.label.toLowerCase()}.`;
    else terms[f.key] = n;
  }
  return { terms, errors };
}

function TermsFields({
  values,
  onChange,
  form,
}: {
  values: TermValues;
  onChange(v: TermValues): void;
  form: MoveForm;
}) {
  return (
    <div className="portal-terms">
      {TERM_FIELDS.map((f) => (
        <Labelled key={f.key} label={f.label} pointer={`/action/terms/${f.key}`} form={form}>
          <Input
            type="number"
            inputMode="decimal"
            step={f.step}
            min="0"
            value={values[f.key]}
            onChange={(_, d) => {
              form.edited(`/action/terms/${f.key}`);
              onChange({ ...values, [f.key]: d.value });
            }}
          />
        </Labelled>
      ))}
    </div>
  );
}

// ---- reasons (decline, counteroffer) ----

function ReasonsField({
  file,
  chosen,
  onChange,
  form,
}: {
  file: LoanFileDetail;
  chosen: string[];
  onChange(c: string[]): void;
  form: MoveForm;
}) {
  const { reasons, maximumReasons } = file.decisionOptions;
  const message =
    form.error("/action/reasons") ?? chosen.map((_, i) => form.error(`/action/reasons/${i}`)).find(Boolean);
  const full = chosen.length >= maximumReasons;
  return (
    <fieldset className="portal-reasons" aria-describedby={message ? "reasons-error" : undefined}>
      <legend>
        Principal reasons (every one that holds, up to {maximumReasons}; chosen {chosen.length})
      </legend>
      {reasons.map((r) => (
        <Checkbox
          key={r.code}
          checked={chosen.includes(r.code)}
          disabled={full && !chosen.includes(r.code)}
          label={r.reportBased ? `${r.text} (from a consumer report: states the credit score used)` : r.text}
          onChange={(_, d) => {
            form.edited("/action/reasons");
            onChange(d.checked ? [...chosen, r.code] : chosen.filter((c) => c !== r.code));
          }}
        />
      ))}
      {message ? (
        <p id="reasons-error" className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

const reasonsError = (chosen: string[]): Errors =>
  chosen.length ? {} : { "/action/reasons": "Choose at least one principal reason." };

// ---- the forms ----

interface FormProps {
  file: LoanFileDetail;
  applicationId: string;
  onMoved(): void;
}

function ApproveForm({ file, applicationId, onMoved }: FormProps) {
  const form = useMove(applicationId, "approve", onMoved);
  const [values, setValues] = useState(() => startingTerms(file.offer));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { terms, errors } = readTerms(values);
    form.submit({ terms }, errors);
  };
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Approve with terms" noValidate>
      <p className="meta">
        {file.offer
          ? `The applicant submitted with ${money(file.offer.lineAmount)} at ${file.offer.apr.toFixed(2)}% APR${typeof file.offer.margin === "number" ? ` (margin ${file.offer.margin.toFixed(2)}%)` : ""}. Terms worse for them than these are a counteroffer.`
          : "No priced offer is on file."}
      </p>
      <TermsFields values={values} onChange={setValues} form={form} />
      <Refusal form={form} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={form.pending}>
          Approve
        </Button>
      </div>
    </form>
  );
}

function CounterofferForm({ file, applicationId, onMoved }: FormProps) {
  const form = useMove(applicationId, "counteroffer", onMoved);
  const [values, setValues] = useState(() => startingTerms(file.offer));
  const [reasons, setReasons] = useState<string[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { terms, errors } = readTerms(values);
    form.submit({ terms, reasons }, { ...errors, ...reasonsError(reasons) });
  };
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Make a counteroffer" noValidate>
      <p className="meta">
        A lower line or a higher rate than the offer: each borrower gets the notice of counteroffer and the
        applicant accepts or declines it in their own session.
      </p>
      <TermsFields values={values} onChange={setValues} form={form} />
      <ReasonsField file={file} chosen={reasons} onChange={setReasons} form={form} />
      <Refusal form={form} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={form.pending}>
          Make the counteroffer
        </Button>
      </div>
    </form>
  );
}

function DeclineForm({ file, applicationId, onMoved }: FormProps) {
  const form = useMove(applicationId, "decline", onMoved);
  const [reasons, setReasons] = useState<string[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ reasons }, reasonsError(reasons));
  };
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Decline" noValidate>
      <p className="meta">
        Each borrower gets the notice of action taken with these reasons (Regulation B 1002.9(a)(2)); a reason
        from a consumer report needs the credit score used recorded on the Notices section first.
      </p>
      <ReasonsField file={file} chosen={reasons} onChange={setReasons} form={form} />
      <Refusal form={form} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={form.pending}>
          Decline the application
        </Button>
      </div>
    </form>
  );
}

const isoIn = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return new Intl.DateTimeFormat("en-CA").format(d);
};

function IncompleteForm({ file, applicationId, onMoved }: FormProps) {
  const form = useMove(applicationId, "markIncomplete", onMoved);
  const minimum = file.decisionOptions.incompleteMinimumDays;
  const [items, setItems] = useState("");
  const [deadline, setDeadline] = useState(() => isoIn(minimum));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = items
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const errors: Errors = {};
    if (!list.length) errors["/action/items"] = "List at least one missing item, one a line.";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline)) errors["/action/deadline"] = "Give the deadline as a date.";
    form.submit({ items: list, deadline }, errors);
  };
  return (
    <form
      className="form portal-form"
      onSubmit={onSubmit}
      aria-label="Send a notice of incompleteness"
      noValidate
    >
      <Labelled
        label="Missing items (one a line)"
        pointer="/action/items"
        form={form}
        hint="Each is named in the notice each borrower gets (Regulation B 1002.9(c)(2))."
      >
        <Textarea
          value={items}
          resize="vertical"
          onChange={(_, d) => {
            form.edited("/action/items");
            setItems(d.value);
          }}
        />
      </Labelled>
      <Labelled
        label="Deadline"
        pointer="/action/deadline"
        form={form}
        hint={`At least ${minimum} days from today.`}
      >
        <Input type="date" value={deadline} onChange={(_, d) => setDeadline(d.value)} />
      </Labelled>
      <Refusal form={form} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={form.pending}>
          Send the notice
        </Button>
      </div>
    </form>
  );
}

function WithdrawForm({ applicationId, onMoved }: FormProps) {
  const form = useMove(applicationId, "withdraw", onMoved);
  const [asked, setAsked] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit(
      undefined,
      asked ? {} : { "/asked": "Confirm that the applicant expressly asked to withdraw." },
    );
  };
  const message = form.error("/asked");
  return (
    <form className="form portal-form" onSubmit={onSubmit} aria-label="Record a withdrawal" noValidate>
      <Field required validationMessage={message} validationState={message ? "error" : "none"}>
        <Checkbox
          checked={asked}
          label="The applicant expressly asked to withdraw (no notice of action is owed, 1002.9(e))"
          onChange={(_, d) => {
            form.edited("/asked");
            setAsked(d.checked === true);
          }}
        />
      </Field>
      <Refusal form={form} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={form.pending}>
          Record the withdrawal
        </Button>
      </div>
    </form>
  );
}

const FORMS: Record<Decision, (p: FormProps) => ReactNode> = {
  approve: ApproveForm,
  counteroffer: CounterofferForm,
  decline: DeclineForm,
  markIncomplete: IncompleteForm,
  withdraw: WithdrawForm,
};

/** The decisions open on the file to this reader, each opening its form. */
export function DecisionForms({ file, applicationId, onMoved }: FormProps) {
  const [open, setOpen] = useState<Decision | null>(null);
  const open_ = file.moves.filter((m) => m.allowed && m.id in FORMS).map((m) => m.id as Decision);
  if (!open_.length) return null;
  const Form = open ? FORMS[open] : null;
  return (
    <section className="portal-decisions" aria-labelledby="decision-heading">
      <h3 id="decision-heading" className="portal-subtitle">
        Decision
      </h3>
      <div className="actions">
        {open_.map((id) => (
          <Button
            key={id}
            aria-expanded={open === id}
            appearance={open === id ? "primary" : "secondary"}
            onClick={() => setOpen(open === id ? null : id)}
          >
            {OPENERS[id]}
          </Button>
        ))}
      </div>
      {Form && open_.includes(open!) ? (
        <Form
          key={open}
          file={file}
          applicationId={applicationId}
          onMoved={() => {
            setOpen(null);
            onMoved();
          }}
        />
      ) : null}
    </section>
  );
}

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The terms in one line: line, APR, margin, fee and periods. */
export function termsLine(terms: NonNullable<LoanFileDetail["terms"]>): string {
  const parts = [`${money(terms.lineAmount)} at ${terms.apr.toFixed(2)}% APR`];
  if (typeof terms.margin === "number") parts.push(`margin ${terms.margin.toFixed(2)}% over the index`);
  if (typeof terms.originationFee === "number") parts.push(`origination fee ${money(terms.originationFee)}`);
  if (terms.drawPeriodYears) parts.push(`${terms.drawPeriodYears}-year draw period`);
  if (terms.repaymentPeriodYears) parts.push(`${terms.repaymentPeriodYears}-year repayment period`);
  return parts.join(", ");
}

/** What was decided on the file: the approved terms, a counteroffer and its answer, a decline's reasons, the missing items. */
export function DecisionRecord({ file }: { file: LoanFileDetail }) {
  const rows: ReactNode[] = [];
  if (file.terms) rows.push(<p key="terms">Approved terms: {termsLine(file.terms)}.</p>);
  if (file.counteroffer)
    rows.push(
      <p key="counter">
        Counteroffer of {day(file.counteroffer.offeredAt)}: {termsLine(file.counteroffer.terms)}; reasons:{" "}
        {file.counteroffer.reasons.map((r) => r.text).join("; ")}.{" "}
        {file.counteroffer.answer
          ? `The applicant ${file.counteroffer.answer} it${file.counteroffer.answeredAt ? ` on ${day(file.counteroffer.answeredAt)}` : ""}.`
          : "Waiting for the applicant's answer."}
      </p>,
    );
  if (file.declineReasons.length)
    rows.push(
      <div key="declined">
        <p>Declined for:</p>
        <ul>
          {file.declineReasons.map((r) => (
            <li key={r.code}>{r.text}</li>
          ))}
        </ul>
      </div>,
    );
  if (file.incomplete)
    rows.push(
      <div key="incomplete">
        <p>
          Notice of incompleteness of {day(file.incomplete.noticedAt)}: due by {day(file.incomplete.deadline)}
          .
        </p>
        <ul>
          {file.incomplete.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>,
    );
  return rows.length ? <>{rows}</> : null;
}
