// One application's answers in the portal, labelled from the schemas and formatted as the steps
// show them: the applicant's own summary model (funnel/displays/summary-model.ts) with the sections
// of the step that shows it. Identifiers arrive masked from the server.
import { Fragment, useMemo } from "react";
import type { Definitions } from "../../../../engine/definitions";
import { buildSummary, type SummaryGroup, type SummaryOptions } from "../funnel/displays/summary-model";
import { useDisplayStyles } from "../funnel/displays/styles";

/** The ui:options of the step that shows the applicant's summary, so both show the same sections. */
function summaryOptions(defs: Definitions): SummaryOptions {
  for (const { def } of defs.steps.values()) {
    const ui = def.uiSchema as Record<string, unknown> | undefined;
    if (ui?.["ui:widget"] === "applicationSummary") return (ui["ui:options"] ?? {}) as SummaryOptions;
  }
  return {};
}

function Group({ group, level }: { group: SummaryGroup; level: 3 | 4 }) {
  const styles = useDisplayStyles();
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <section className={level === 3 ? styles.section : styles.nested} aria-label={group.title}>
      <Heading className={level === 3 ? styles.sectionTitle : styles.subTitle}>{group.title}</Heading>
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
        <Group key={`${child.title}-${i}`} group={child} level={4} />
      ))}
    </section>
  );
}

export function AnswersSummary({ defs, answers }: { defs: Definitions; answers: Record<string, unknown> }) {
  const styles = useDisplayStyles();
  const sections = useMemo(() => buildSummary(defs, answers, summaryOptions(defs)), [defs, answers]);
  if (!sections.length) return <p className="meta">The applicant has not answered any questions yet.</p>;
  return (
    <div className={styles.stack}>
      {sections.map((group) => (
        <Group key={group.title} group={group} level={3} />
      ))}
    </div>
  );
}
