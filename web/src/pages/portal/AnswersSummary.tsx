// One application's answers in the portal, labelled from the schemas and formatted as the steps
// show them: the applicant's own summary model (funnel/displays/summary-model.ts) with the sections
// of the step that shows it. Identifiers arrive masked from the server.
import { useMemo } from "react";
import type { Definitions } from "@engine/definitions/definitions";
import { buildSummary, type SummaryOptions } from "../funnel/displays/summary-model";
import { SummarySection } from "../funnel/displays/SummarySection";
import { useDisplayStyles } from "../funnel/displays/styles";

/** The ui:options of the step that shows the applicant's summary, so both show the same sections. */
function summaryOptions(defs: Definitions): SummaryOptions {
  for (const { def } of defs.steps.values()) {
    const ui = def.uiSchema as Record<string, unknown> | undefined;
    if (ui?.["ui:widget"] === "applicationSummary") return (ui["ui:options"] ?? {}) as SummaryOptions;
  }
  return {};
}

export function AnswersSummary({ defs, answers }: { defs: Definitions; answers: Record<string, unknown> }) {
  const styles = useDisplayStyles();
  const sections = useMemo(() => buildSummary(defs, answers, summaryOptions(defs)), [defs, answers]);
  if (!sections.length) return <p className="meta">The applicant has not answered any questions yet.</p>;
  return (
    <div className={styles.stack}>
      {sections.map((group) => (
        <SummarySection key={group.title} group={group} level={3} />
      ))}
    </div>
  );
}
