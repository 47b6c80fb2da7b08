// A rule set's own explanation of one of its outputs (its `explains`: rows of the output's fields,
// the words beside each and how its figure is written), worked out on an output's value: what the
// offer's "How we got this number" shows. Generic: the rows, their words and conditions are data in
// the rule file, so a new pricing figure appears there without code.
import type { Definitions } from "../definitions/definitions";
import { formatCurrency, formatFractionPercent } from "../base/format";
import { holds } from "../logic/logic";

export interface ExplainedRow {
  label: string;
  /** The figure as written (with − when taken away). */
  value: string;
  total: boolean;
}

export interface Explanation {
  title: string;
  rows: ExplainedRow[];
}

const FORMATS: Record<string, (value: number) => string> = {
  currency: (v) => formatCurrency(v),
  fraction: (v) => formatFractionPercent(v),
  percent: (v) => `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(v)}%`,
  years: (v) => `${v} ${v === 1 ? "year" : "years"}`,
  number: (v) => new Intl.NumberFormat("en-US").format(v),
};

/** The explanation of `output` (its value `value`) by rule set `ruleSetId`; null when it declares none. */
export function explanationOf(
  defs: Definitions,
  ruleSetId: string,
  output: string,
  value: Record<string, unknown>,
): Explanation | null {
  const explains = defs.ruleSets.get(ruleSetId)?.def.explains;
  if (!explains || explains.output !== output) return null;
  const rows: ExplainedRow[] = [];
  for (const row of explains.rows) {
    if (row.when !== undefined && !holds(row.when, value)) continue;
    const figure = value[row.field];
    if (typeof figure !== "number" || !Number.isFinite(figure)) continue;
    const written = (FORMATS[row.format] ?? FORMATS.number!)(figure);
    rows.push({
      label: row.label,
      value: row.sign === "minus" ? `− ${written}` : row.sign === "plus" ? `+ ${written}` : written,
      total: row.total === true,
    });
  }
  return rows.length ? { title: explains.title, rows } : null;
}
