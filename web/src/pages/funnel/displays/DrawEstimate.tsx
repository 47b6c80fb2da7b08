// The offer's draw slider: a draw within the line (from the offer's smallest draw to its line
// amount), kept in step with a number field, and the estimated monthly payment on it while the
// line is open for draws (interest only: engine/lending/payments.ts, the formula the disclosures use).
// The draw chosen is an answer (the offer step's `drawAmount` widget, ./DrawAmount.tsx): saved with
// the offer, it is where the first-draw page starts.
import { displayWord } from "@engine/locale/display-words";
import { useEffect, useId, useState, type JSX } from "react";
import { formatCurrency } from "@engine/base/format";
import { interestOnlyMonthlyPayment } from "@engine/lending/payments";

export interface DrawEstimateProps {
  lineAmount: number;
  minimumDraw: number;
  apr: number;
  drawPeriodYears?: number;
  /** The draw chosen so far (absent: none yet, and the slider shows the whole line). */
  value?: number;
  onChange?: (draw: number) => void;
  /** The element that names the slider's section (the field's label); absent, it has its own heading. */
  labelledBy?: string;
}

/** The slider's step: $100, the unit the line is rounded to. */
const STEP = 100;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function DrawEstimate({
  lineAmount,
  minimumDraw,
  apr,
  drawPeriodYears,
  value,
  onChange,
  labelledBy,
}: DrawEstimateProps): JSX.Element {
  const id = useId();
  const min = Math.min(minimumDraw, lineAmount);
  const start = value === undefined ? lineAmount : clamp(value, min, lineAmount);
  const [draw, setDrawn] = useState(start);
  // What is typed in the number field, kept apart so typing "2" on the way to "25000" is not clamped away.
  const [typed, setTyped] = useState(String(start));
  // A saved draw read after the first render (a reload) moves the slider to it.
  useEffect(() => {
    if (value === undefined) return;
    const saved = clamp(value, min, lineAmount);
    setDrawn(saved);
    setTyped(String(saved));
  }, [value, min, lineAmount]);
  const setDraw = (next: number) => {
    setDrawn(next);
    onChange?.(next);
  };
  const payment = interestOnlyMonthlyPayment(draw, apr);
  const choose = (chosen: number) => {
    const next = clamp(Math.round(chosen), min, lineAmount);
    setDraw(next);
    setTyped(String(next));
  };
  return (
    <section className="draw" aria-labelledby={labelledBy ?? `${id}-title`}>
      {labelledBy ? null : (
        <h2 id={`${id}-title`} className="draw__title">
          {displayWord("draw.title")}
        </h2>
      )}
      <label htmlFor={`${id}-range`} className="draw__label">
        {displayWord("draw.amount")} <strong data-draw-amount>{formatCurrency(draw)}</strong>
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
        {displayWord("draw.typeAmount", { min: formatCurrency(min), max: formatCurrency(lineAmount) })}
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
          const amount = Number(event.target.value);
          if (event.target.value !== "" && Number.isFinite(amount) && amount >= min && amount <= lineAmount)
            setDraw(Math.round(amount));
        }}
        onBlur={() => choose(Number(typed) || min)}
      />
      <div className="draw__payment" aria-live="polite">
        <p className="draw__paymentLabel">{displayWord("draw.monthly")}</p>
        <p className="draw__paymentValue" data-monthly-payment>
          {formatCurrency(payment, { cents: true })}
        </p>
        <p className="draw__note">
          {displayWord(drawPeriodYears !== undefined ? "draw.notePeriod" : "draw.note", {
            draw: formatCurrency(draw),
            apr: apr.toFixed(2),
            years: drawPeriodYears ?? "",
          })}
        </p>
      </div>
    </section>
  );
}
