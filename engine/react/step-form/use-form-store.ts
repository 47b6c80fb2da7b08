// The form's store (engine/form/store.ts), started from the step's slice of the saved application
// with a draft typed before a reload laid over it.
import { useEffect, useRef, useState, type RefObject } from "react";
import { mergeDocs } from "@engine/base/pointer";
import { cleanAnswers, sliceAnswers } from "@engine/form/answers";
import { browserDrafts, readDraft } from "@engine/form/drafts";
import { StepFormStore } from "@engine/form/store";
import { newItemValues } from "@engine/logic/new-items";
import type { PreparedStep } from "../prepare";
import type { FormBodyProps } from "../StepForm";

/** What the step's logic and validator read besides the answers. */
export interface LogicContext {
  application: unknown;
  today: string;
}

export function useFormStore(props: FormBodyProps, prepared: PreparedStep, context: RefObject<LogicContext>) {
  // The step's slice of the saved application, taken once per step: a refetch must not wipe typing.
  // A draft typed before a reload is laid over the saved answers (secrets are never in one).
  const drafts = props.draftKey && !props.readOnly ? browserDrafts() : null;
  const [initialFormData] = useState(() => {
    const saved = sliceAnswers(prepared.bundled, props.application) ?? {};
    const draft = drafts && props.draftKey ? readDraft(drafts, props.draftKey) : undefined;
    return draft ? (sliceAnswers(prepared.bundled, mergeDocs(saved, draft)) ?? saved) : saved;
  });
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (draftTimer.current && clearTimeout(draftTimer.current)), []);
  const [store] = useState(
    () =>
      new StepFormStore(
        {
          logic: (answers) => prepared.logic(answers, context.current),
          validate: (answers) =>
            prepared.validate(cleanAnswers(prepared.bundled, answers) ?? {}, context.current),
          // A form outside the funnel (no definitions) has no lists whose new items the step fills.
          ...(props.defs
            ? {
                newItem: (listPointer: string, answers: unknown) =>
                  newItemValues(props.defs!, prepared.step.id, listPointer, answers, context.current),
              }
            : {}),
        },
        initialFormData,
      ),
  );
  return { store, initialFormData, drafts, draftTimer };
}
