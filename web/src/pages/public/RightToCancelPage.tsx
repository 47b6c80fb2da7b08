// /app/right-to-cancel: the signed-in owner's right to cancel (12 CFR 1026.15): whether it applies
// and is theirs, the last day, their notice's PDF (two copies), and the cancel action, signed with
// their typed name. Once any owner cancels, this is the page of the cancelled status (the rules'
// status-to-route map sends everyone on the application here), and it says who cancelled and when.
// Texts: content/right-to-cancel.json, in the page's language (content/locales/<code>/content/); the
// notice itself is a legal text, given in English until a reviewed translation exists, and a reader
// of another language is told so in theirs beside its link.
import { ROUTES } from "@engine/base/routes";
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import english from "@content/right-to-cancel.json";
import { word } from "@engine/locale/words";
import { chosenLocale } from "@web/src/app/locale";
import { pageDate } from "@web/src/app/page-dates";
import { localContent } from "@web/src/app/content-text";
import { trpc } from "@web/src/api/trpc";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { PageLoading } from "@web/src/shell/PageLoading";
import { classifyApiError } from "../funnel/api-errors";

const t = localContent("content/right-to-cancel.json", english).page;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

function CancelForm({ onCancelled }: { onCancelled(): void }) {
  const cancel = useMutation(trpc.rescission.cancel.mutationOptions());
  const [typedName, setTypedName] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);
  const failure = cancel.error ? classifyApiError(cancel.error) : null;
  const nameError =
    tried && !typedName.trim()
      ? t.typedNameLabel
      : failure?.kind === "fields"
        ? failure.fieldErrors.find((f) => f.pointer === "/typedName")?.message
        : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!typedName.trim() || !confirmed) return;
    cancel.mutate({ typedName: typedName.trim(), confirm: true }, { onSuccess: onCancelled });
  };
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="cancel-heading" noValidate>
      <h2 id="cancel-heading">{t.cancelHeading}</h2>
      <p>{t.cancelIntro}</p>
      <Field
        label={t.typedNameLabel}
        required
        validationMessage={nameError}
        validationState={nameError ? "error" : "none"}
      >
        <Input value={typedName} autoComplete="name" onChange={(_, d) => setTypedName(d.value)} />
      </Field>
      <Field
        required
        validationMessage={tried && !confirmed ? t.confirmLabel : undefined}
        validationState={tried && !confirmed ? "error" : "none"}
      >
        <Checkbox
          checked={confirmed}
          label={t.confirmLabel}
          onChange={(_, d) => setConfirmed(d.checked === true)}
        />
      </Field>
      {failure && failure.kind !== "fields" ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className="actions">
        <Button type="submit" appearance="primary" disabled={cancel.isPending}>
          {t.cancelButton}
        </Button>
      </div>
    </form>
  );
}

export default function RightToCancelPage() {
  useDocumentTitle(t.title);
  const mine = useQuery({ ...trpc.rescission.mine.queryOptions(), retry: false });
  const r = mine.data;
  let body;
  if (mine.isPending) body = <PageLoading />;
  else if (mine.error)
    body =
      classifyApiError(mine.error).kind === "unauthorized" ? (
        <p>
          <Link to={ROUTES.applicantSignIn}>{t.signIn}</Link>
          {t.signInRest}
        </p>
      ) : (
        <p role="alert">{classifyApiError(mine.error).message}</p>
      );
  else if (r!.cancellation)
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>
          {fill(t.cancelled, { name: r!.cancellation.name, date: pageDate(r!.cancellation.sentOn) })}
        </MessageBarBody>
      </MessageBar>
    );
  else if (!r!.applies) body = <p>{t.notApplies}</p>;
  else if (!r!.period) body = <p>{t.notStarted}</p>;
  else if (!r!.holder) body = <p>{t.notHolder}</p>;
  else
    body = (
      <>
        <p>
          {fill(r!.open ? t.period : t.ended, {
            endDate: pageDate(r!.period.endDate),
            earliestDisbursementDate: pageDate(r!.period.earliestDisbursementDate),
          })}
        </p>
        {r!.pdfUrl ? (
          <p>
            <a href={r!.pdfUrl} download>
              {t.download}
            </a>
          </p>
        ) : null}
        {/* The notice is a legal text with no reviewed translation: English, said so in the reader's language. */}
        {r!.pdfUrl && chosenLocale() !== "en" ? (
          <p role="note" className="meta">
            {word("legal.englishOnly")}
          </p>
        ) : null}
        {r!.open ? <CancelForm onCancelled={() => void mine.refetch()} /> : null}
      </>
    );
  return (
    <article className="page page--narrow">
      <h1>{t.title}</h1>
      {body}
    </article>
  );
}
