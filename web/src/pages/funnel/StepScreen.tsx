// One funnel step: its saved answers from step.get, the generic <StepForm>, and step.submit.
// Nothing here knows what the step asks; the step file does.
import { formWord } from "@engine/locale/form-words";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { browserDrafts, draftKey } from "@engine/form/drafts";
import { applicantLabelOf } from "@engine/funnel/funnel";
import { withPrefill } from "@engine/logic/prefill";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { useSession } from "@web/src/session/session";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { readHint } from "@web/src/shell/hints";
import { PageLoading } from "@web/src/shell/PageLoading";
import { useStepAnalytics } from "./analytics";
import type { FieldError } from "./api-errors";
import { LoadFailed } from "./LoadFailed";
import { withHints } from "./hints";
import { useRevision, useSectionSave } from "./section-save";
import { backRouteOf } from "./step-place";
import { StepPage } from "./StepPage";
import { useStepSubmit } from "./step-submit";
import { useStepView } from "./step-view";
import { useStepPage } from "./use-step-page";

export function StepScreen({ defs, step }: { defs: Definitions; step: Step }) {
  useDocumentTitle(applicantLabelOf(defs, step.id) ?? step.label);
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<FieldError[] | undefined>(undefined);
  const { saved, validators, leave, loadFailure, redirectTo } = useStepPage(defs, step);
  const data = saved.data;
  const stepCompleted = useStepAnalytics(step.id, data ? data.variant : undefined, data?.role);
  // The server's prefill (answers given earlier, engine/logic/prefill.ts) first, then the home page's hints.
  const application = useMemo(
    () => withHints(withPrefill(data?.application ?? {}, data?.prefill), readHint),
    [data?.application, data?.prefill],
  );
  const draft = useDraft(step.id);
  const revisionRef = useRevision(data?.revision);
  const sections = useSectionSave({ stepId: step.id, revisionRef, setServerErrors, leave });
  const visitor = data !== undefined && data.revision === null;
  const { onSubmit, submitting } = useStepSubmit({
    defs,
    stepId: step.id,
    revisionRef,
    draft,
    visitor,
    stepCompleted,
    setServerErrors,
    leave,
    sectionsSaved: sections.saved,
    refetch: saved.refetch,
  });
  const backTo = backRouteOf(defs, step.id, data);
  const onBack = useMemo(() => (backTo ? () => navigate(backTo) : undefined), [backTo, navigate]);
  const view = useStepView(defs, step, data, application);

  if (loadFailure?.kind === "unauthorized" || redirectTo)
    return <PageLoading label={formWord("frame.loadingAnswers")} />;
  if (loadFailure) return <LoadFailed message={loadFailure.message} onRetry={() => void saved.refetch()} />;
  if (validators.error)
    return <LoadFailed message={formWord("page.couldNotLoad")} onRetry={validators.retry} />;
  if (saved.isPending || !validators.ready || !view.chunksReady)
    return <PageLoading label={formWord("frame.loadingAnswers")} />;
  return (
    <StepPage
      {...{ defs, step, data, view, application, serverErrors, onSubmit, submitting, onBack }}
      onSection={sections.onSection}
      draftKey={draft?.key}
    />
  );
}

/** Typed but unsaved answers survive a reload of this page (engine/form/drafts.ts), per reader and step. */
function useDraft(stepId: string) {
  const reader = useSession().data?.user.id;
  return useMemo(() => {
    const storage = browserDrafts();
    return storage && reader ? { storage, key: draftKey(reader, stepId) } : null;
  }, [reader, stepId]);
}
