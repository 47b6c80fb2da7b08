// Where the applicant is in the journey: one bar across the whole journey, its phases in plain
// words ("Your home", "Your offer", "About you", "Sign", "Documents": rules/funnel.json, placed by
// the flow files), the current phase marked aria-current="step" and filled as far as its steps go,
// with a "Your home · step 3 of 10" caption. A flow that places no phases shows its own steps instead.
import { formWord } from "@engine/locale/form-words";
import { mergeClasses } from "@fluentui/react-components";
import { useMemo, type JSX, type ReactNode } from "react";
import type { Definitions } from "../definitions/definitions";
import type { Part } from "../funnel/members";
import { funnelPosition, journeyProgress, type JourneyProgress, type PhaseChange } from "../form/progress";
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
  /** The day their logic reads (yyyy-MM-dd): the caller's, the browser's. */
  today: string;
  /**
   * The steps the reader has saved on their path (step.get's `done`, engine/funnel/journey.ts): only these
   * read "done". Absent (the live preview), every step before this one does.
   */
  done?: readonly string[];
  /** Pages of this phase the last answer added or took away (engine/form/progress.ts phaseChange): said under the count. */
  change?: PhaseChange | null;
}

/** "Tell us about your business was added after your last answer." */
function changeInWords({ added, removed }: PhaseChange): string {
  const names = (steps: PhaseChange["added"]) => steps.map((s) => `“${s.label}”`).join(", ");
  const parts = [
    added.length
      ? formWord(added.length === 1 ? "progress.added.one" : "progress.added.many", { names: names(added) })
      : "",
    removed.length
      ? formWord(removed.length === 1 ? "progress.removed.one" : "progress.removed.many", {
          names: names(removed),
        })
      : "",
  ].filter(Boolean);
  return formWord("progress.afterLastAnswer", { changes: parts.join("; ") });
}

function PhaseProgress({
  progress,
  change,
}: {
  progress: JourneyProgress;
  change?: PhaseChange | null;
}): JSX.Element {
  const styles = useStyles();
  const { phases, current, stepInPhase, stepsInPhase } = progress;
  const here = phases[current]!;
  // A phase of one page (the offer, the signature) has no count to give.
  const stepText =
    stepsInPhase > 1 ? formWord("progress.stepOf", { n: stepInPhase + 1, count: stepsInPhase }) : "";
  // The current phase's bar shows the steps behind, with a sliver on its first step so it reads as begun.
  const fill = Math.max(0.06, stepInPhase / Math.max(1, stepsInPhase));
  return (
    <nav className={styles.progress} aria-label={formWord("progress.label")}>
      <p className={styles.progressCaption} aria-hidden="true">
        <span className={styles.progressCurrent}>{here.label}</span>
        {stepText ? ` · ${stepText}` : null}
      </p>
      {change ? (
        <p className={styles.progressCaption} role="status" data-progress-change>
          {changeInWords(change)}
        </p>
      ) : null}
      <ol className={styles.phaseList}>
        {phases.map((p) => (
          <li key={p.id} className={styles.phase} aria-current={p.state === "current" ? "step" : undefined}>
            <span className={styles.phaseBar} aria-hidden="true">
              {p.state === "upcoming" ? null : (
                <span
                  className={styles.phaseFill}
                  style={{ width: p.state === "done" ? "100%" : `${Math.round(fill * 100)}%` }}
                />
              )}
            </span>
            <span className={mergeClasses(styles.phaseLabel, p.state === "current" && styles.phaseLabelHere)}>
              {p.label}
              <span className={styles.visuallyHidden}>
                {p.state === "done"
                  ? formWord("progress.done")
                  : p.state === "current"
                    ? stepText
                      ? formWord("progress.currentStep", { step: stepText })
                      : formWord("progress.current")
                    : ""}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function FunnelProgress({
  defs,
  stepId,
  variant,
  flow,
  part,
  application,
  today,
  done,
  change,
}: FunnelProgressProps): JSX.Element {
  const styles = useStyles();
  const phased = useMemo(
    () => journeyProgress(defs, stepId, { variant, flow, part, application, today }),
    [defs, stepId, variant, flow, part, application, today],
  );
  const position = useMemo(
    () => funnelPosition(defs, stepId, { variant, flow, part, application, today }),
    [defs, stepId, variant, flow, part, application, today],
  );
  if (phased) return <PhaseProgress progress={phased} change={change} />;
  if (!position) return <></>;
  const { steps, index } = position;
  const current = steps[index]!;
  const isDone = (id: string, i: number) => (done ? done.includes(id) && id !== stepId : i < index);
  return (
    <nav className={styles.progress} aria-label={formWord("progress.label")}>
      <p className={styles.progressCaption} aria-hidden="true">
        Step {index + 1} of {steps.length} · <span className={styles.progressCurrent}>{current.label}</span>
      </p>
      <ol className={styles.progressList}>
        {steps.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === index ? "step" : undefined}
            className={mergeClasses(
              styles.progressSegment,
              isDone(s.id, i) && styles.progressDone,
              i === index && styles.progressHere,
            )}
          >
            <span className={styles.visuallyHidden}>
              {`${formWord("progress.listItem", { n: i + 1, count: steps.length, label: s.label })}${i === index ? formWord("progress.current") : isDone(s.id, i) ? formWord("progress.done") : ""}`}
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
