// /app/loan: the signed-in borrower's loan after submission (issue 35 item 9): its milestone and
// history, the conditions asked of them and the decision with its terms (./LoanDecision.tsx), their own answer whether the home is their principal dwelling, the closing documents to
// read and sign in their own session, the notarization, each owner's last day to cancel once the
// account opens, and the funding. Texts: content/loan-status.json; the server decides everything
// (loan.mine, loan.answerOccupancy, loan.signClosing).
import { ROUTES } from "@engine/base/routes";
import { pageDate } from "@web/src/app/page-dates";
import { formatCurrency } from "@engine/base/format";
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
} from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import english from "@content/loan-status.json";
import { localContent } from "@web/src/app/content-text";
import { chosenLocale } from "@web/src/app/locale";
import { trpc } from "@web/src/api/trpc";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { PageLoading } from "@web/src/shell/PageLoading";
import { classifyApiError } from "../funnel/api-errors";
import { LoanConditions, LoanDecision } from "./LoanDecision";
import { LoanValuations } from "./LoanValuations";

// The page loads after the chosen language's words (web/src/app/locale-load.ts).
const t = localContent("content/loan-status.json", english);

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{classifyApiError(error).message}</MessageBarBody>
    </MessageBar>
  );
}

function OccupancyForm({ onSaved }: { onSaved(): void }) {
  const answer = useMutation(trpc.loan.answerOccupancy.mutationOptions());
  const [value, setValue] = useState<string>("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    answer.mutate({ principalDwelling: value === "yes" }, { onSuccess: onSaved });
  };
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="occupancy-heading">
      <h2 id="occupancy-heading">{t.occupancyHeading}</h2>
      <p>{t.occupancyIntro}</p>
      <RadioGroup value={value} onChange={(_, d) => setValue(d.value)} aria-labelledby="occupancy-heading">
        <Radio value="yes" label={t.occupancyYes} />
        <Radio value="no" label={t.occupancyNo} />
      </RadioGroup>
      <Failure error={answer.error} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={!value || answer.isPending}>
          {t.occupancySave}
        </Button>
      </div>
    </form>
  );
}

function SignForm({ onSigned }: { onSigned(): void }) {
  const sign = useMutation(trpc.loan.signClosing.mutationOptions());
  const [typedName, setTypedName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!typedName.trim() || !agreed) return;
    sign.mutate({ typedName: typedName.trim(), agreed: true }, { onSuccess: onSigned });
  };
  return (
    <form className="form" onSubmit={onSubmit} aria-label={t.signButton}>
      <Field label={t.typedNameLabel} required>
        <Input value={typedName} autoComplete="name" onChange={(_, d) => setTypedName(d.value)} />
      </Field>
      <Checkbox checked={agreed} label={t.agreeLabel} onChange={(_, d) => setAgreed(d.checked === true)} />
      <Failure error={sign.error} />
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={sign.isPending || !typedName.trim() || !agreed}>
          {t.signButton}
        </Button>
      </div>
    </form>
  );
}

export default function LoanStatusPage() {
  useDocumentTitle(t.title);
  const mine = useQuery({ ...trpc.loan.mine.queryOptions(), retry: false });
  const refetch = () => void mine.refetch();
  const loan = mine.data;
  let body;
  if (mine.isPending) body = <PageLoading />;
  else if (mine.error)
    body =
      classifyApiError(mine.error).kind === "unauthorized" ? (
        <p>
          <Link to={ROUTES.applicantSignIn}>{t.signIn}</Link> {t.signInToSee}
        </p>
      ) : (
        <p role="alert">{classifyApiError(mine.error).message}</p>
      );
  else if (!loan) body = <p>{t.notSubmitted}</p>;
  else {
    const right = loan.rightToCancel;
    body = (
      <>
        <section aria-labelledby="milestone-heading">
          <h2 id="milestone-heading">{t.milestone}</h2>
          <p className="loan-milestone">
            <strong>{loan.label}</strong>
          </p>
          <p>{loan.description}</p>
          {loan.history.length ? (
            <>
              <h3>{t.history}</h3>
              <ol>
                {loan.history.map((h) => (
                  <li key={h.at + h.label}>
                    {pageDate(h.at.slice(0, 10))}: {h.label}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </section>
        <LoanConditions loan={loan} onChanged={refetch} />
        <LoanDecision loan={loan} onChanged={refetch} />
        {!loan.accountOpenedAt && !loan.final ? (
          loan.myOccupancy === null ? (
            <OccupancyForm onSaved={refetch} />
          ) : (
            <p>{fill(t.occupancyAnswered, { answer: loan.myOccupancy ? t.occupancyYes : t.occupancyNo })}</p>
          )
        ) : null}
        <LoanValuations loan={loan} onChanged={refetch} />
        {loan.closing ? (
          <section aria-labelledby="closing-heading">
            <h2 id="closing-heading">{t.closingHeading}</h2>
            <p>{t.closingIntro}</p>
            {/* A legal text with no reviewed translation is shown in English, marked so, and said so in the reader's language. */}
            {loan.closing.documents.some((d) => d.language !== chosenLocale()) ? (
              <p role="note" className="meta">
                {t.closingEnglish}
              </p>
            ) : null}
            {loan.closing.documents.map((d) => (
              <details key={d.id}>
                <summary>
                  <span lang={d.language}>{d.title}</span> {fill(t.documentVersion, { version: d.version })}
                </summary>
                <pre className="closing-document" style={{ whiteSpace: "pre-wrap" }} lang={d.language}>
                  {d.text}
                </pre>
              </details>
            ))}
            {loan.closing.signedByMe ? (
              <p>{t.signed}</p>
            ) : loan.milestone === "closing" ? (
              <SignForm onSigned={refetch} />
            ) : null}
            {loan.closing.signedByAll ? (
              <p>
                <a href="/api/loan/closing-package.pdf" download="heloc-closing-package-signed.pdf">
                  {t.signedPackagePdf}
                </a>
              </p>
            ) : null}
            {loan.notarization ? (
              <p>{fill(t.notarized, { date: pageDate(loan.notarization.notarizedOn) })}</p>
            ) : null}
          </section>
        ) : null}
        {loan.accountOpenedAt && right ? (
          <section aria-labelledby="cancel-heading">
            <h2 id="cancel-heading">{t.cancelHeading}</h2>
            {right.owners.length ? (
              <ul>
                {right.owners.map((o) => (
                  <li key={o.key}>
                    {o.period
                      ? fill(t.cancelOwner, { name: o.name, endDate: pageDate(o.period.endDate) })
                      : fill(t.cancelOwnerNotStarted, { name: o.name })}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t.cancelNone}</p>
            )}
            <p>
              <Link to={ROUTES.rightToCancel}>{t.cancelLink}</Link>
            </p>
          </section>
        ) : null}
        {loan.accountOpenedAt ? (
          <section aria-labelledby="funding-heading">
            <h2 id="funding-heading">{t.fundingHeading}</h2>
            <p>
              {loan.funding
                ? fill(t.funded, {
                    amount: formatCurrency(loan.funding.amount),
                    date: pageDate(loan.funding.fundedAt.slice(0, 10)),
                    last4: loan.funding.accountLast4 ?? "",
                  })
                : t.heldUntil}
            </p>
          </section>
        ) : null}
      </>
    );
  }
  return (
    <article className="page page--narrow">
      <h1>{t.title}</h1>
      {body}
    </article>
  );
}
