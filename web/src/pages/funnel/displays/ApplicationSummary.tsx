// The saved application, read-only, in the sections of `ui:options.sections` (summary-model.ts):
// labels are the schemas' titles, values shown as the steps show them. No per-field code here.
import { useMemo } from "react";
import { BackLink } from "./BackLink";
import type { DisplayProps } from "@engine/react/StepForm";
import { buildSummary, type SummaryOptions } from "./summary-model";
import { SummarySection } from "./SummarySection";
import { useDisplayStyles } from "./styles";

export function ApplicationSummary({ defs, application, options }: DisplayProps) {
  const styles = useDisplayStyles();
  const sections = useMemo(
    () => buildSummary(defs, application, options as SummaryOptions),
    [defs, application, options],
  );
  return (
    <div className={styles.stack}>
      {sections.length === 0 ? <p className={styles.note}>You have not answered any questions yet.</p> : null}
      {sections.map((group) => (
        <SummarySection key={group.title} group={group} level={2} />
      ))}
      <BackLink options={options} />
    </div>
  );
}
