// The `drawAmount` widget of the offer step (engine/definitions/widget-names.ts): the draw slider on
// the offer the page shows (quote.current, the query OfferPreview reads: one fetch for both), bound
// to the answer it saves, so the draw chosen survives a reload and starts the first-draw page.
import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { GroupA11yContext } from "@engine/react/context";
import { trpc } from "@web/src/api/trpc";
import { DrawEstimate } from "./DrawEstimate";

export function DrawAmount(props: WidgetProps) {
  const { labelId } = useContext(GroupA11yContext);
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: true }));
  const offer = quote.data;
  if (!offer?.eligible || offer.lineAmount === undefined || offer.apr === undefined) return null;
  const value = typeof props.value === "number" ? props.value : undefined;
  return (
    <DrawEstimate
      // After the mortgages the line pays off when it opens, only what is left can be drawn.
      lineAmount={offer.availableToDraw ?? offer.lineAmount}
      minimumDraw={offer.minimumDraw ?? 0}
      apr={offer.apr}
      drawPeriodYears={offer.drawPeriodYears}
      value={value}
      onChange={(draw) => props.onChange(draw)}
      labelledBy={labelId}
    />
  );
}
