// The pages of the current phase as the previous page counted them (sessionStorage, step ids and
// labels only), so a page whose count changed says why: the last answer added or removed a page
// ("step 5 of 13" then "step 6 of 12" with a reason, never unexplained).
import { useEffect, useState } from "react";
import { phaseChange, type JourneyProgress, type PhaseChange } from "@engine/form/progress";

const KEY = "heloc.progress";

interface Counted {
  stepId: string;
  phase: string;
  steps: JourneyProgress["phaseSteps"];
}

function read(): Counted | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Counted | null;
  } catch {
    return null;
  }
}

/** What the last answer changed in this phase's pages (null on the first page, a reload, or no change); remembers this page's count. */
export function useProgressChange(
  stepId: string,
  progress: JourneyProgress | null,
  ready: boolean,
): PhaseChange | null {
  // Worked out once the page's answers are in (their count), then kept for the page.
  const [change, setChange] = useState<PhaseChange | null | undefined>(undefined);
  useEffect(() => {
    if (!ready || change !== undefined) return;
    const before = read();
    setChange(progress && before && before.stepId !== stepId ? phaseChange(before, progress) : null);
  }, [ready, change, progress, stepId]);
  const phase = progress?.phases[progress.current]?.id;
  const steps = progress?.phaseSteps;
  useEffect(() => {
    if (!phase || !steps || change === undefined) return;
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ stepId, phase, steps } satisfies Counted));
    } catch {
      // No storage: the count is shown without its reason.
    }
  }, [stepId, phase, steps, change]);
  return change ?? null;
}
