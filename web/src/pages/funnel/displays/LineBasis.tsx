// "How we got this number": the pricing rules' own explanation of the offer (rules/pricing.json
// `explains`: its rows, their words and conditions are data; quote.current works them out on the
// offer's own figures, engine/explain/output-explanation.ts). Nothing here knows a figure by name,
// so a new pricing input appears here when the rules emit it and the file describes it.
import type { JSX } from "react";

export interface LineBasisProps {
  basis: { title: string; rows: { label: string; value: string; total: boolean }[] } | null | undefined;
}

export function LineBasis({ basis }: LineBasisProps): JSX.Element | null {
  if (!basis?.rows.length) return null;
  return (
    <details className="basis">
      <summary>{basis.title}</summary>
      <ol className="basis__rows">
        {basis.rows.map((row, i) => (
          <li key={`${i} ${row.label}`} className={row.total ? "basis__total" : undefined}>
            <span>{row.label}</span> <strong>{row.value}</strong>
          </li>
        ))}
      </ol>
    </details>
  );
}
