// The saved application, read-only, in the sections of `ui:options.sections` (summary-model.ts):
// labels are the schemas' titles, values shown as the steps show them. No per-field code here.
import { displayWord } from "@engine/locale/display-words";
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import { BackLink } from "./BackLink";
import type { DisplayProps } from "@engine/react/StepForm";
import { buildSummary, originatorGroup, type OriginatorWords, type SummaryOptions } from "./summary-model";
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
      {sections.length === 0 ? <p className={styles.note}>{displayWord("summary.nothingYet")}</p> : null}
      {sections.map((group) => (
        <SummarySection key={group.title} group={group} level={2} />
      ))}
      {(options as SummaryOptions).originator ? (
        <Originator words={(options as SummaryOptions).originator!} />
      ) : null}
      <BackLink options={options} />
    </div>
  );
}

/** Who originates the loan (URLA section 9): the company and the loan officer assigned to the file. */
function Originator({ words }: { words: OriginatorWords }) {
  const originator = useQuery(trpc.application.originator.queryOptions(undefined));
  if (!originator.data) return null;
  return <SummarySection group={originatorGroup(words, originator.data)} level={2} />;
}
