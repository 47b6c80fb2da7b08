// The line the first draw may use: the offer's line amount and draw period (quote.current), and,
// when the home is the applicant's primary residence, the earliest day the draw can go out after
// the three business days of the right to cancel (esign.rescission, from rules/disbursement.json).
import { displayWord } from "@engine/locale/display-words";
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
  // The day in bold, inside the sentence as the language orders it.
  const [before, after] = displayWord("line.earliestDraw", { days: r.businessDays, date: "\u0000" }).split(
    "\u0000",
  );
  return (
    <p className={styles.note} data-rescission-end={r.endDate}>
      {before}
      <strong>{pageDate(r.earliestDisbursementDate)}</strong>
      {after}
    </p>
  );
}

export function LineAmount(_: DisplayProps) {
  const styles = useDisplayStyles();
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: false }));
  if (quote.isPending) return <Spinner label={displayWord("line.loading")} />;
  const offer = quote.data;
  if (!offer?.eligible || offer.lineAmount === undefined)
    return (
      <>
        <p className={styles.callout}>{displayWord("line.unconfirmed")}</p>
        <EarliestDraw />
      </>
    );
  return (
    <>
      <div className="offer">
        <dl className="offer__figures">
          <div>
            <dt>{displayWord("line.amount")}</dt>
            <dd>{formatCurrency(offer.lineAmount)}</dd>
          </div>
          {offer.payoffAtClosing ? (
            <>
              <div>
                <dt>{displayWord("line.paidOff")}</dt>
                <dd>{formatCurrency(offer.payoffAtClosing)}</dd>
              </div>
              <div>
                <dt>{displayWord("line.leftToDraw")}</dt>
                <dd>{formatCurrency(offer.availableToDraw ?? offer.lineAmount - offer.payoffAtClosing)}</dd>
              </div>
            </>
          ) : null}
          {offer.drawPeriodYears !== undefined ? (
            <div>
              <dt>{displayWord("line.drawFor")}</dt>
              <dd>{displayWord("line.years", { years: offer.drawPeriodYears })}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <EarliestDraw />
    </>
  );
}
