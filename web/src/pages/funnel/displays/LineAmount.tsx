// The line the first draw may use: the offer's line amount and draw period (quote.current), and,
// when the home is the applicant's primary residence, the earliest day the draw can go out after
// the three business days of the right to cancel (esign.rescission, from rules/disbursement.json).
import { pageDate } from "@web/src/app/page-dates";
import { Spinner } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { formatCurrency } from "@engine/base/format";
import type { DisplayProps } from "@engine/react/StepForm";
import { trpc } from "@web/src/api/trpc";
import { useDisplayStyles } from "./styles";

function EarliestDraw() {
  const styles = useDisplayStyles();
  const rescission = useQuery(trpc.esign.rescission.queryOptions());
  const r = rescission.data;
  if (!r?.applies) return null;
  return (
    <p className={styles.note} data-rescission-end={r.endDate}>
      Because this is your primary residence, your first draw waits until your {r.businessDays} business days
      to cancel have passed. If your line opened today, the earliest we could send it is{" "}
      <strong>{pageDate(r.earliestDisbursementDate)}</strong>.
    </p>
  );
}

export function LineAmount(_: DisplayProps) {
  const styles = useDisplayStyles();
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: false }));
  if (quote.isPending) return <Spinner label="Loading your line amount" />;
  const offer = quote.data;
  if (!offer?.eligible || offer.lineAmount === undefined)
    return (
      <>
        <p className={styles.callout}>
          We cannot confirm your line amount right now. Your draw is checked against it when we review your
          application.
        </p>
        <EarliestDraw />
      </>
    );
  return (
    <>
      <div className="offer">
        <dl className="offer__figures">
          <div>
            <dt>Your line amount</dt>
            <dd>{formatCurrency(offer.lineAmount)}</dd>
          </div>
          {offer.payoffAtClosing ? (
            <>
              <div>
                <dt>Paid off when it opens (your mortgages)</dt>
                <dd>{formatCurrency(offer.payoffAtClosing)}</dd>
              </div>
              <div>
                <dt>Left for you to draw</dt>
                <dd>{formatCurrency(offer.availableToDraw ?? offer.lineAmount - offer.payoffAtClosing)}</dd>
              </div>
            </>
          ) : null}
          {offer.drawPeriodYears !== undefined ? (
            <div>
              <dt>You can draw for</dt>
              <dd>{offer.drawPeriodYears} years</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <EarliestDraw />
    </>
  );
}
