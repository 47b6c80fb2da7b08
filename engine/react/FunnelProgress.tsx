// Where the applicant is in the funnel: an ordered list of the flow's steps, the current one
// marked aria-current="step", drawn as a segmented bar with a "Step 3 of 12 · Property Value" caption.
import { mergeClasses } from "@fluentui/react-components";
import { useMemo, type JSX, type ReactNode } from "react";
import type { Definitions } from "../definitions";
import type { Part } from "../members";
import { funnelPosition } from "../form/progress";
import { useStyles } from "./styles";

export interface FunnelProgressProps {
  defs: Definitions;
  stepId: string;
  /** The applicant's variant of the flow (default: the first variant that lists the step). */
  variant?: string;
  /** A member's flow (the co-borrower's), instead of the applicant's. */
  flow?: string | null;
  /** The reader's part (rules/members.json): steps wholly another borrower's are left out. */
  part?: Part | null;
  /** The answers so far: steps whose skipWhen holds on them are not listed. */
  application?: unknown;
  /**
   * The steps the reader has saved on their path (step.get's `done`, engine/journey.ts): only these
   * read "done". Absent (the live preview), every step before this one does.
   */
  done?: readonly string[];
}

export function FunnelProgress({ defs, stepId, variant, flow, part, application, done }: FunnelProgressProps): JSX.Element {
  const styles = useStyles();
  const position = useMemo(() => funnelPosition(defs, stepId, { variant, flow, part, application }), [defs, stepId, variant, flow, part, application]);
  if (!position) return <></>;
  const { steps, index } = position;
  const current = steps[index]!;
  const isDone = (id: string, i: number) => (done ? done.includes(id) && id !== stepId : i < index);
  return (
    <nav className={styles.progress} aria-label="Progress">
      <p className={styles.progressCaption} aria-hidden="true">
        Step {index + 1} of {steps.length} · <span className={styles.progressCurrent}>{current.label}</span>
      </p>
      <ol className={styles.progressList}>
        {steps.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === index ? "step" : undefined}
            className={mergeClasses(styles.progressSegment, isDone(s.id, i) && styles.progressDone, i === index && styles.progressHere)}
          >
            <span className={styles.visuallyHidden}>
              {`Step ${i + 1} of ${steps.length}: ${s.label}${i === index ? " (current)" : isDone(s.id, i) ? " (done)" : ""}`}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The theme's success chip (gold, spec §2), e.g. "Saved" or "Completed". */
export function SuccessChip({ children }: { children: ReactNode }): JSX.Element {
  const styles = useStyles();
  return <span className={styles.successChip}>{children}</span>;
}
