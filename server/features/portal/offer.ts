// The offer figures the portal shows beside an application: the same rules/pricing.json outcome the
// applicant's offer page reads (quote.current), never a second spelling of its formula. CLTV is the
// combined loan-to-value with the whole line drawn: (what is owed + the line) ÷ the home value.
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import type { Definitions } from "@engine/definitions/definitions";

export interface OfferFigures {
  lineAmount: number;
  apr: number | null;
  /** The margin over the index the APR was priced with (percentage points). */
  margin: number | null;
  originationFee: number | null;
  /** A fraction (0.85 is 85%), rounded to 4 places. */
  cltv: number | null;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The priced line of an application on `today` (the server's day), or null while it is ineligible or too incomplete to price. */
export function offerFigures(defs: Definitions, doc: unknown, today: string): OfferFigures | null {
  let quote: Record<string, unknown>;
  try {
    quote = (presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", doc, { today })).quote ??
      {}) as Record<string, unknown>;
  } catch {
    return null; // answers too incomplete for the pricing rules
  }
  const lineAmount = num(quote.lineAmount);
  if (quote.eligible !== true || lineAmount === null) return null;
  const homeValue = num(quote.homeValue);
  const owed = num(quote.owed) ?? 0;
  const cltv =
    homeValue && homeValue > 0 ? Math.round(((owed + lineAmount) / homeValue) * 10000) / 10000 : null;
  return {
    lineAmount,
    apr: num(quote.apr),
    margin: num(quote.margin),
    originationFee: num(quote.originationFee),
    cltv,
  };
}
