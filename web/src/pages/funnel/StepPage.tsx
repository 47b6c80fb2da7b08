// A step's page once everything is in: the progress, the notices and the generic <StepForm>.
import type { Definitions, Step } from "@engine/definitions/definitions";
import { FunnelProgress, StepForm } from "@engine/react";
import type { FieldError } from "./api-errors";
import { displays, widgets as shellWidgets } from "./displays";
import type { StepPage as StepData } from "./next-step-data";
import { loadedNotices } from "./page-chunks";
import type { StepView } from "./step-view";
import { browserToday } from "@web/src/browser-today";

interface StepPageProps {
  defs: Definitions;
  step: Step;
  data: StepData | undefined;
  view: StepView;
  application: unknown;
  serverErrors: FieldError[] | undefined;
  submitting: boolean;
  onSubmit(answers: unknown): Promise<void>;
  onSection(section: string, answers: unknown): void;
  onBack: (() => void) | undefined;
  draftKey: string | undefined;
}

export function StepPage({ defs, step, data, view, application, ...form }: StepPageProps) {
  const Notices = loadedNotices();
  const today = browserToday();
  return (
    <div className="page funnel">
      <div className="funnel__progress">
        <FunnelProgress
          defs={defs}
          stepId={step.id}
          variant={view.variant}
          flow={view.flow}
          part={view.part}
          application={application}
          today={today}
          done={data?.done ?? []}
          change={view.progressChange}
        />
      </div>
      {Notices && view.showNotices ? <Notices {...view.notices} /> : null}
      <StepForm
        defs={defs}
        stepId={step.id}
        application={application}
        today={today}
        submitting={form.submitting}
        readOnly={data?.locked ?? false}
        serverErrors={form.serverErrors}
        onSubmit={(answers) => void form.onSubmit(answers)}
        onSection={form.onSection}
        resumeAfter={data?.lastSection ?? null}
        onBack={form.onBack}
        part={view.part}
        displays={displays}
        widgets={shellWidgets}
        draftKey={form.draftKey}
      />
    </div>
  );
}
