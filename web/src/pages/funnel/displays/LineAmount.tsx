// The line the first draw may use: the offer's line amount and draw period (quote.current).
import { Spinner } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { formatCurrency } from "../../../../../engine/format";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import { trpc } from "../../../api/trpc";
import { useDisplayStyles } from "./styles";

export function LineAmount(_: DisplayProps) {
  const styles = useDisplayStyles();
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: false }));
  if (quote.isPending) return <Spinner label="Loading your line amount" />;
  const offer = quote.data;
  if (!offer?.eligible || offer.lineAmount === undefined)
    return <p className={styles.callout}>We cannot confirm your line amount right now. Your draw is checked against it when we review your application.</p>;
  return (
    <div className="offer">
      <dl className="offer__figures">
        <div>
          <dt>Your line amount</dt>
          <dd>{formatCurrency(offer.lineAmount)}</dd>
        </div>
        {offer.drawPeriodYears !== undefined ? (
          <div>
            <dt>You can draw for</dt>
            <dd>{offer.drawPeriodYears} years</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
