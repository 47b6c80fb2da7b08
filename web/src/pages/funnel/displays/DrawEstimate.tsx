// The offer's draw slider: a draw within the line (from the offer's smallest draw to its line
// amount), kept in step with a number field, and the estimated monthly payment on it while the
// line is open for draws (interest only: engine/lending/payments.ts, the formula the disclosures use).
import { useId, useState, type JSX } from "react";
import { formatCurrency } from "@engine/base/format";
import { interestOnlyMonthlyPayment } from "@engine/lending/payments";

export interface DrawEstimateProps {
  lineAmount: number;
  minimumDraw: number;
  apr: number;
  drawPeriodYears?: number;
}

/** The slider's step: $100, the unit the line is rounded to. */
const STEP = 100;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function DrawEstimate({
  lineAmount,
  minimumDraw,
  apr,
  drawPeriodYears,
}: DrawEstimateProps): JSX.Element {
  const id = useId();
  const min = Math.min(minimumDraw, lineAmount);
  const [draw, setDraw] = useState(lineAmount);
  // What is typed in the number field, kept apart so typing "2" on the way to "25000" is not clamped away.
  const [typed, setTyped] = useState(String(lineAmount));
  const payment = interestOnlyMonthlyPayment(draw, apr);
  const choose = (value: number) => {
    const next = clamp(Math.round(value), min, lineAmount);
    setDraw(next);
    setTyped(String(next));
  };
  return (
    <section className="draw" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="draw__title">
        How much would you draw?
      </h2>
      <label htmlFor={`${id}-range`} className="draw__label">
        Draw amount: <strong data-draw-amount>{formatCurrency(draw)}</strong>
      </label>
      <input
        id={`${id}-range`}
        className="draw__range"
        type="range"
        min={min}
        max={lineAmount}
        step={STEP}
        value={draw}
        aria-valuetext={formatCurrency(draw)}
        onChange={(event) => choose(Number(event.target.value))}
      />
      <div className="draw__scale" aria-hidden="true">
        <span>{formatCurrency(min)}</span>
        <span>{formatCurrency(lineAmount)}</span>
      </div>
      <label htmlFor={`${id}-number`} className="draw__label">
        Or type an amount (dollars, {formatCurrency(min)} to {formatCurrency(lineAmount)})
      </label>
      <input
        id={`${id}-number`}
        className="draw__number"
        type="number"
        inputMode="numeric"
        min={min}
        max={lineAmount}
        step={STEP}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          const value = Number(event.target.value);
          if (event.target.value !== "" && Number.isFinite(value) && value >= min && value <= lineAmount)
            setDraw(Math.round(value));
        }}
        onBlur={() => choose(Number(typed) || min)}
      />
      <div className="draw__payment" aria-live="polite">
        <p className="draw__paymentLabel">Estimated monthly payment</p>
        <p className="draw__paymentValue" data-monthly-payment>
          {formatCurrency(payment, { cents: true })}
        </p>
        <p className="draw__note">
          Interest only on a {formatCurrency(draw)} draw at {apr.toFixed(2)}% APR ({formatCurrency(draw)} ×{" "}
          {apr.toFixed(2)}% ÷ 12)
          {drawPeriodYears !== undefined ? `, during the ${drawPeriodYears}-year draw period` : ""}. Your rate
          is variable, so this payment can change.
        </p>
      </div>
    </section>
  );
}
