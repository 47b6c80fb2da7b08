// The parts of /app/loan about the decision and what is asked of the borrower (issue 35 item 9):
// the approved terms, a counteroffer the applicant accepts or declines in their own session, a
// decline's reasons, a notice of incompleteness with its items and deadline, the notices given to
// this borrower, and the conditions asked of them: an information condition answered here, a
// document condition uploaded here (or on the documents page, for whoever answers the part). Texts: content/loan-status.json; the server
// decides (loan.answerCounteroffer, loan.answerCondition).
import { ROUTES } from "@engine/base/routes";
import { pageDate } from "@web/src/app/page-dates";
import { formatCurrency } from "@engine/base/format";
import { Button, Field, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { SchemaForm } from "@engine/react";
import type { inferRouterOutputs } from "@trpc/server";
import { useMutation } from "@tanstack/react-query";
import { Fragment, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import english from "@content/loan-status.json";
import { localContent } from "@web/src/app/content-text";
import { chosenLocale } from "@web/src/app/locale";
import { trpc } from "@web/src/api/trpc";
import type { AppRouter } from "@server/transport/trpc/router";
import { classifyApiError } from "../funnel/api-errors";
import { uploadDocument, UploadFailed } from "@web/src/api/upload";
import type { BorrowerRole } from "@engine/lending/borrowers";
import { browserToday } from "@web/src/browser-today";

// The page loads after the chosen language's words (web/src/app/locale-load.ts).
const t = localContent("content/loan-status.json", english);

type MyLoan = NonNullable<inferRouterOutputs<AppRouter>["loan"]["mine"]>;
type Terms = NonNullable<MyLoan["terms"]>;
type Condition = MyLoan["conditions"][number];

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
/** `fill` with values that may be elements (a title marked with its own language): the text's pieces in order. */
const fillNodes = (text: string, values: Record<string, ReactNode>) =>
  text
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => (i % 2 ? <Fragment key={i}>{values[part] ?? ""}</Fragment> : part));
const pct = (n: number | null | undefined) => (typeof n === "number" ? `${n.toFixed(2)}%` : "");

export const termsText = (terms: Terms) =>
  fill(t.termsLine, {
    lineAmount: formatCurrency(terms.lineAmount),
    apr: pct(terms.apr),
    margin: pct(terms.margin),
    drawYears: String(terms.drawPeriodYears ?? ""),
    repaymentYears: String(terms.repaymentPeriodYears ?? ""),
  });

function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{classifyApiError(error).message}</MessageBarBody>
    </MessageBar>
  );
}

function CounterofferAnswer({ onAnswered }: { onAnswered(): void }) {
  const answer = useMutation(trpc.loan.answerCounteroffer.mutationOptions());
  return (
    <>
      <div className="actions">
        <Button
          appearance="primary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ answer: "accept" }, { onSuccess: onAnswered })}
        >
          {t.counterofferAccept}
        </Button>
        <Button
          disabled={answer.isPending}
          onClick={() => answer.mutate({ answer: "decline" }, { onSuccess: onAnswered })}
        >
          {t.counterofferDecline}
        </Button>
      </div>
      <Failure error={answer.error} />
    </>
  );
}

/** The decision and its terms, as far as there is one. */
export function LoanDecision({ loan, onChanged }: { loan: MyLoan; onChanged(): void }) {
  const counter = loan.counteroffer;
  const parts = [];
  if (counter)
    parts.push(
      <div key="counter">
        <p>{fill(t.counterofferIntro, { terms: termsText(counter.terms) })}</p>
        <p>{t.counterofferReasons}</p>
        <ul>
          {counter.reasons.map((r) => (
            <li key={r.code}>{r.text}</li>
          ))}
        </ul>
        {counter.answer && counter.answeredAt ? (
          <p>
            {fill(counter.answer === "accepted" ? t.counterofferAccepted : t.counterofferDeclined, {
              date: pageDate(counter.answeredAt.slice(0, 10)),
            })}
          </p>
        ) : loan.moves.some((m) => m.id === "acceptCounteroffer") ? (
          <CounterofferAnswer onAnswered={onChanged} />
        ) : null}
      </div>,
    );
  if (loan.terms) parts.push(<p key="terms">{fill(t.approvedTerms, { terms: termsText(loan.terms) })}</p>);
  if (loan.declineReasons.length)
    parts.push(
      <div key="declined">
        <p>{t.declinedIntro}</p>
        <ul>
          {loan.declineReasons.map((r) => (
            <li key={r.code}>{r.text}</li>
          ))}
        </ul>
        <p>{t.declinedNotice}</p>
      </div>,
    );
  if (loan.incomplete && loan.milestone === "incomplete")
    parts.push(
      <div key="incomplete">
        <p>{fill(t.incompleteIntro, { deadline: pageDate(loan.incomplete.deadline) })}</p>
        <ul>
          {loan.incomplete.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>,
    );
  const notices = loan.notices.filter((n) => n.kind !== "rightToCancel");
  return (
    <>
      {parts.length ? (
        <section aria-labelledby="decision-heading">
          <h2 id="decision-heading">{t.decisionHeading}</h2>
          {parts}
        </section>
      ) : null}
      {notices.length ? (
        <section aria-labelledby="notices-heading">
          <h2 id="notices-heading">{t.noticesHeading}</h2>
          {/* A notice is a legal text: English until a reviewed translation, said so in the reader's language. */}
          {notices.some((n) => n.language !== chosenLocale()) ? (
            <p role="note" className="meta">
              {t.noticesEnglish}
            </p>
          ) : null}
          <ul>
            {notices.map((n) => (
              <li key={n.id}>
                {fillNodes(t.noticeLine, {
                  // The notice's title in the notice's own language (English until a reviewed translation).
                  title: <span lang={n.language}>{n.title}</span>,
                  date: pageDate(n.givenAt.slice(0, 10)),
                  via: n.via === "electronic" ? t.noticeViaElectronic : t.noticeViaMail,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * An information condition's form, drawn by the step renderer from the form of its informationType
 * (rules/conditions.json params.answerForms, sent with the condition); the server judges the answer
 * and names each field it refuses.
 */
function AnswerForm({ condition, onAnswered }: { condition: Condition; onAnswered(): void }) {
  const answer = useMutation(trpc.loan.answerCondition.mutationOptions());
  const failure = answer.error ? classifyApiError(answer.error) : null;
  const serverErrors = useMemo(() => {
    const refused = answer.error ? classifyApiError(answer.error) : null;
    return refused?.kind === "fields"
      ? refused.fieldErrors.map((e) => ({ ...e, pointer: e.pointer.replace(/^\/answers/, "") }))
      : undefined;
  }, [answer.error]);
  if (!condition.form) return null;
  return (
    <section className="form" aria-label={condition.label}>
      <SchemaForm
        id={`condition${condition.id.replace(/[^A-Za-z0-9]/g, "")}`}
        form={condition.form}
        today={browserToday()}
        submitting={answer.isPending}
        serverErrors={serverErrors}
        submitLabel={t.conditionAnswerButton}
        onSubmit={(answers) =>
          answer.mutate(
            { conditionId: condition.id, answers: answers as Record<string, unknown> },
            { onSuccess: onAnswered },
          )
        }
      />
      {failure && failure.kind !== "fields" ? <Failure error={answer.error} /> : null}
    </section>
  );
}

/** A document condition's file, uploaded here by the borrower it is asked of (a co-borrower too, whose part the borrower answers). */
function ConditionUpload({ condition, onUploaded }: { condition: Condition; onUploaded(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      uploadDocument(
        { documentType: condition.documentType!, borrower: condition.uploadFor as BorrowerRole },
        chosen,
      ),
    onSuccess: onUploaded,
  });
  if (!condition.documentType || !condition.uploadFor) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  return (
    <form
      className="form"
      onSubmit={onSubmit}
      aria-label={fill(t.conditionUploadFile, { document: condition.label })}
      noValidate
    >
      <Field
        label={fill(t.conditionUploadFile, { document: condition.label })}
        validationMessage={upload.error instanceof UploadFailed ? upload.error.message : undefined}
        validationState={upload.error ? "error" : "none"}
      >
        {(fieldProps) => (
          <input
            {...fieldProps}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.heic"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={!file || upload.isPending}>
          {t.conditionUploadButton}
        </Button>
      </div>
    </form>
  );
}

function ConditionState({ condition, onAnswered }: { condition: Condition; onAnswered(): void }) {
  if (condition.status === "cleared") return <p>{t.conditionCleared}</p>;
  if (condition.status === "waived") return <p>{t.conditionWaived}</p>;
  if (condition.answeredAt)
    return (
      <p>
        {condition.status === "open"
          ? t.conditionWaiting
          : fill(t.conditionAnswered, { date: pageDate(condition.answeredAt.slice(0, 10)) })}
      </p>
    );
  if (condition.type === "document")
    return (
      <>
        {condition.documentsPage ? (
          <p>
            <Link to={ROUTES.upload}>{t.conditionUpload}</Link>
          </p>
        ) : null}
        <ConditionUpload condition={condition} onUploaded={onAnswered} />
      </>
    );
  if (condition.type === "information") return <AnswerForm condition={condition} onAnswered={onAnswered} />;
  return null;
}

/** The conditions asked of this borrower, each with what to do about it. */
export function LoanConditions({ loan, onChanged }: { loan: MyLoan; onChanged(): void }) {
  if (!loan.conditions.length) return null;
  const waiting = loan.conditions.some((c) => c.status === "open" && !c.answeredAt);
  return (
    <section aria-labelledby="conditions-heading">
      <h2 id="conditions-heading">{waiting ? t.conditionsHeading : t.conditionsHeadingDone}</h2>
      <ul className="loan-conditions">
        {loan.conditions.map((c) => (
          <li key={c.id}>
            <h3>{c.label}</h3>
            <p>{c.description}</p>
            {c.note ? <p>{fill(t.conditionNote, { note: c.note })}</p> : null}
            <p className="meta">{fill(t.conditionDue, { date: pageDate(c.dueOn) })}</p>
            <ConditionState condition={c} onAnswered={onChanged} />
          </li>
        ))}
      </ul>
    </section>
  );
}
