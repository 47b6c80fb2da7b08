// A wide table's frame: it scrolls sideways on a narrow screen, so it takes keyboard focus and a
// name (a scrollable region must be reachable without a mouse). A `stack` table instead shows each
// row as a block on a phone, every cell under the name its data-label gives.
import type { ReactNode } from "react";

export function TableRegion({
  label,
  stack = false,
  children,
}: {
  label: string;
  stack?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="portal-table-wrap" role="region" aria-label={`${label} table`} tabIndex={0}>
      <table className={stack ? "portal-table portal-table--stack" : "portal-table"}>{children}</table>
    </div>
  );
}
