// The offer of quote.current (rules/pricing.json) for the preview-offer step: the line amount,
// APR, fee and periods and how the line was worked out (the draw slider under it is the step's
// answer, ./DrawAmount.tsx); or, when the rules find no offer, the page that explains why.
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
        Email me this offer
      </Button>
      <p role="status" className="offer__email-status">
        {send.isSuccess
          ? `We emailed this estimate to ${send.data.sentTo}.`
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
  if (quote.isPending) return <Spinner label="Working out your offer" />;
  if (quote.error) return <p role="alert">{classifyApiError(quote.error).message}</p>;
  const offer = quote.data;
  if (!offer.eligible) {
    return (
      <div className="offer">
        <p>From your answers we cannot show an offer yet.</p>
        {offer.route ? (
          <Button appearance="secondary" onClick={() => navigate(offer.route!)}>
            See why and what you can do
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="offer">
      <SuccessChip>Prequalified estimate</SuccessChip>
      <dl className="offer__figures">
        <div>
          <dt>Line amount up to</dt>
          <dd>{formatCurrency(offer.lineAmount)}</dd>
        </div>
        <div>
          <dt>Estimated APR (variable)</dt>
          <dd>{offer.apr !== undefined ? `${offer.apr.toFixed(2)}%` : "—"}</dd>
        </div>
        {offer.originationFee !== undefined ? (
          <div>
            <dt>Origination fee</dt>
            <dd>{formatCurrency(offer.originationFee)}</dd>
          </div>
        ) : null}
        {offer.drawPeriodYears !== undefined && offer.repaymentPeriodYears !== undefined ? (
          <div>
            <dt>Draw / repayment period</dt>
            <dd>
              {offer.drawPeriodYears} / {offer.repaymentPeriodYears} years
            </dd>
          </div>
        ) : null}
      </dl>
      <LineBasis basis={offer.basis} />
      <EmailOffer />
    </div>
  );
}
