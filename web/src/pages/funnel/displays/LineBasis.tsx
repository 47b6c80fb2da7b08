// "How we got this number": the offer's line as the pricing rules worked it out from the
// applicant's answers (rules/pricing.json's offer gives the home value, the maximum CLTV, what is
// owed, the equity room and the maximum line); nothing here works the figures out again.
import type { JSX } from "react";
import { formatCurrency, formatFractionPercent } from "@engine/base/format";

export interface LineBasisProps {
  lineAmount: number;
  homeValue?: number;
  maxCltv?: number;
  owed?: number;
  equityRoom?: number;
  maximumLine?: number;
}

export function LineBasis({
  lineAmount,
  homeValue,
  maxCltv,
  owed,
  equityRoom,
  maximumLine,
}: LineBasisProps): JSX.Element | null {
  if (homeValue === undefined || maxCltv === undefined || owed === undefined || equityRoom === undefined)
    return null;
  const capped = maximumLine !== undefined && equityRoom > maximumLine;
  return (
    <details className="basis">
      <summary>How we got this number</summary>
      <ol className="basis__rows">
        <li>
          <span>Your home's value, as you told us</span> <strong>{formatCurrency(homeValue)}</strong>
        </li>
        <li>
          <span>The share of it we can lend against, for how you use the home</span>{" "}
          <strong>{formatFractionPercent(maxCltv)}</strong>
        </li>
        <li>
          <span>Less what you owe on the home</span> <strong>− {formatCurrency(owed)}</strong>
        </li>
        <li>
          <span>Your equity we can lend against, rounded down to $100</span>{" "}
          <strong>{formatCurrency(equityRoom)}</strong>
        </li>
        {capped ? (
          <li>
            <span>Our largest line</span> <strong>{formatCurrency(maximumLine)}</strong>
          </li>
        ) : null}
        <li className="basis__total">
          <span>Your line amount{capped ? ", at our largest line" : ""}</span>{" "}
          <strong>{formatCurrency(lineAmount)}</strong>
        </li>
      </ol>
    </details>
  );
}
