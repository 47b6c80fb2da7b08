// One section of the application summary (summary-model.ts) and its nested groups: the
// applicant's summary page and the portal's answers view both show the answers this way.
import { Fragment } from "react";
import type { SummaryGroup } from "./summary-model";
import { useDisplayStyles } from "./styles";

type Level = 2 | 3 | 4;

/** A top-level section at heading `level` (2 on the applicant's page, 3 inside the portal's); its groups one level below. */
export function SummarySection({
  group,
  level,
  top = true,
}: {
  group: SummaryGroup;
  level: Level;
  top?: boolean;
}) {
  const styles = useDisplayStyles();
  const Heading = `h${level}` as const;
  return (
    <section
      className={top ? styles.section : group.rows.length ? styles.nested : undefined}
      aria-label={group.title}
    >
      <Heading className={top ? styles.sectionTitle : styles.subTitle}>{group.title}</Heading>
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
        <SummarySection
          key={`${child.title}-${i}`}
          group={child}
          level={Math.min(level + 1, 4) as Level}
          top={false}
        />
      ))}
    </section>
  );
}
