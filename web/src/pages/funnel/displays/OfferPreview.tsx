// The offer of quote.current (rules/pricing.json) for the preview-offer step: the line amount,
// APR, fee and periods and how the line was worked out (the draw slider under it is the step's
// answer, ./DrawAmount.tsx); or, when the rules find no offer, the page that explains why.
import { displayWord } from "@engine/locale/display-words";
import { Button, Spinner } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { formatCurrency } from "@engine/base/format";
import { SuccessChip } from "@engine/react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../api-errors";
import { LineBasis } from "./LineBasis";

/** "Email me this offer": the estimate goes to the account's own address; the result is announced. */
function EmailOffer() {
  const send = useMutation(trpc.quote.email.mutationOptions());
  return (
    <div className="offer__email">
      <Button appearance="secondary" disabledFocusable={send.isPending} onClick={() => send.mutate({})}>
        {displayWord("offer.emailMe")}
      </Button>
      <p role="status" className="offer__email-status">
        {send.isSuccess
          ? displayWord("offer.emailed", { email: send.data.sentTo })
          : send.error
            ? classifyApiError(send.error).message
            : ""}
      </p>
    </div>
  );
}

export function OfferPreview() {
  const navigate = useNavigate();
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: true }));
  if (quote.isPending) return <Spinner label={displayWord("offer.loading")} />;
  if (quote.error) return <p role="alert">{classifyApiError(quote.error).message}</p>;
  const offer = quote.data;
  if (!offer.eligible) {
    return (
      <div className="offer">
        <p>{displayWord("offer.none")}</p>
        {offer.route ? (
          <Button appearance="secondary" onClick={() => navigate(offer.route!)}>
            {displayWord("offer.seeWhy")}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="offer">
      <SuccessChip>{displayWord("offer.prequalified")}</SuccessChip>
      <dl className="offer__figures">
        <div>
          <dt>{displayWord("offer.lineUpTo")}</dt>
          <dd>{formatCurrency(offer.lineAmount)}</dd>
        </div>
        <div>
          <dt>{displayWord("offer.apr")}</dt>
          <dd>{offer.apr !== undefined ? `${offer.apr.toFixed(2)}%` : "—"}</dd>
        </div>
        {offer.originationFee !== undefined ? (
          <div>
            <dt>{displayWord("offer.originationFee")}</dt>
            <dd>{formatCurrency(offer.originationFee)}</dd>
          </div>
        ) : null}
        {offer.drawPeriodYears !== undefined && offer.repaymentPeriodYears !== undefined ? (
          <div>
            <dt>{displayWord("offer.periods")}</dt>
            <dd>
              {displayWord("offer.periodYears", {
                draw: offer.drawPeriodYears,
                repay: offer.repaymentPeriodYears,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      <LineBasis basis={offer.basis} />
      <EmailOffer />
    </div>
  );
}
