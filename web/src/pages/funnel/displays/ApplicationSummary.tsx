// The saved application, read-only, in the sections of `ui:options.sections` (summary-model.ts):
// labels are the schemas' titles, values shown as the steps show them. No per-field code here.
import { Fragment, useMemo } from "react";
import { BackLink } from "./BackLink";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import { buildSummary, type SummaryGroup, type SummaryOptions } from "./summary-model";
import { useDisplayStyles } from "./styles";

function Group({ group, level }: { group: SummaryGroup; level: 2 | 3 }) {
  const styles = useDisplayStyles();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={level === 2 ? styles.section : group.rows.length ? styles.nested : undefined} aria-label={group.title}>
      <Heading className={level === 2 ? styles.sectionTitle : styles.subTitle}>{group.title}</Heading>
      {group.rows.length ? (
        <dl className={styles.rows}>
          {group.rows.map((row, i) => (
            <Fragment key={`${row.label}-${i}`}>
              <dt className={styles.rowLabel}>{row.label}</dt>
              <dd className={styles.rowValue}>{row.value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      {group.groups.map((child, i) => (
        <Group key={`${child.title}-${i}`} group={child} level={3} />
      ))}
    </section>
  );
}

export function ApplicationSummary({ defs, application, options }: DisplayProps) {
  const styles = useDisplayStyles();
  const sections = useMemo(() => buildSummary(defs, application, options as SummaryOptions), [defs, application, options]);
  return (
    <div className={styles.stack}>
      {sections.length === 0 ? <p className={styles.note}>You have not answered any questions yet.</p> : null}
      {sections.map((group) => (
        <Group key={group.title} group={group} level={2} />
      ))}
      <BackLink options={options} />
    </div>
  );
}
