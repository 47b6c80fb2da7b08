// /app/loan's valuations: each appraisal or AVM of the home and when this borrower's copy was sent
// (12 CFR 1002.14(a)(1)), and the waiver of the three-business-day timing, which the applicant gives
// in their own session (loan.waiveValuationTiming). Texts: content/loan-status.json.
import { pageDate } from "@web/src/app/page-dates";
import { formatCurrency } from "@engine/base/format";
import { Button, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import english from "@content/loan-status.json";
import { localContent } from "@web/src/app/content-text";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@server/transport/trpc/router";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";

// The page loads after the chosen language's words (web/src/app/locale-load.ts).
const t = localContent("content/loan-status.json", english);

type Loan = NonNullable<inferRouterOutputs<AppRouter>["loan"]["mine"]>;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

export function LoanValuations({ loan, onChanged }: { loan: Loan; onChanged(): void }) {
  const waive = useMutation(trpc.loan.waiveValuationTiming.mutationOptions());
  const copies = loan.notices.filter((n) => n.kind === "valuation");
  if (!loan.valuations.length && (loan.accountOpenedAt || loan.final)) return null;
  return (
    <section aria-labelledby="valuations-heading">
      <h2 id="valuations-heading">{t.valuationsHeading}</h2>
      <p>{t.valuationsIntro}</p>
      {loan.valuations.length ? (
        <ul>
          {loan.valuations.map((v) => {
            const copy = copies.find((c) => c.valuationId === v.id);
            return (
              <li key={v.id}>
                {fill(t.valuationItem, {
                  kind: v.kind === "avm" ? t.valuationAvm : t.valuationAppraisal,
                  value: formatCurrency(v.value),
                  date: pageDate(v.effectiveOn),
                })}
                {": "}
                {copy?.via === "electronic"
                  ? fill(t.valuationCopySent, { date: pageDate(v.copySentOn ?? copy.givenAt.slice(0, 10)) })
                  : copy?.mailedOn
                    ? fill(t.valuationCopyMailed, { date: pageDate(copy.mailedOn) })
                    : t.valuationCopyMailing}
              </li>
            );
          })}
        </ul>
      ) : null}
      {loan.valuationWaiver ? (
        <p>{fill(t.waived, { date: pageDate(loan.valuationWaiver.at.slice(0, 10)) })}</p>
      ) : !loan.accountOpenedAt && !loan.final ? (
        <>
          <p>{t.waiveIntro}</p>
          {waive.error ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{classifyApiError(waive.error).message}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Button
            disabled={waive.isPending}
            onClick={() => waive.mutate(undefined, { onSuccess: onChanged })}
          >
            {t.waiveButton}
          </Button>
        </>
      ) : null}
    </section>
  );
}
