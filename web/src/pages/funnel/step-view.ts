// What a step's page shows around the form once its answers are in: the variant, the notices and
// the progress through the journey (with what the last answer changed in it), and whether every
// chunk the page shows is in.
import { useMemo } from "react";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { journeyProgress } from "@engine/form/progress";
import type { StepPage } from "./next-step-data";
import { usePageChunks } from "./page-chunks";
import { useProgressChange } from "./progress-change";
import { anyNotice, stepNotices } from "./step-place";
import { visitorVariant } from "./variant-draw";
import { browserToday } from "@web/src/browser-today";

export function useStepView(defs: Definitions, step: Step, data: StepPage | undefined, application: unknown) {
  const flow = data?.flow ?? null;
  const part = data?.part ?? null;
  // A visitor has no application yet: the variant their first answer will get is counted already.
  const variant = data?.variant ?? (data ? visitorVariant(defs, step.id, data.pinnedVariant) : undefined);
  const notices = stepNotices(step, data);
  const showNotices = anyNotice(notices);
  const today = browserToday();
  const progress = useMemo(
    () => (data ? journeyProgress(defs, step.id, { variant, flow, part, application, today }) : null),
    [data, defs, step.id, variant, flow, part, application, today],
  );
  const progressChange = useProgressChange(step.id, progress, data !== undefined);
  const chunksReady = usePageChunks(defs, step, showNotices);
  return { flow, part, variant, notices, showNotices, progressChange, chunksReady };
}

export type StepView = ReturnType<typeof useStepView>;
