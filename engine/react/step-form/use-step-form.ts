// Everything <StepFormBody> renders with, one hook per concern, called in the order their effects
// run (the server errors' before the focus they ask for, the field handlers' after the sections').
import { useRef, useState } from "react";
import type { FormBodyProps } from "../StepForm";
import { useDisplays } from "./displays";
import { useLatest } from "./latest";
import { stepText } from "./text";
import { useAutoAdvance } from "./use-auto-advance";
import { useBack, useNext } from "./use-buttons";
import { useErrorFocus } from "./use-error-focus";
import { useFieldEvents } from "./use-field-events";
import { useFormStore } from "./use-form-store";
import { useSections } from "./use-sections";

export function useStepForm(props: FormBodyProps) {
  const { prepared, application, today, submitting } = props;
  const [displayText, setDisplayText] = useState<string | null>(null);
  const context = useLatest({ application, today });
  const onSubmitRef = useLatest(props.onSubmit);
  const onSectionRef = useLatest(props.onSection);
  const submittingRef = useLatest(submitting);
  const rootRef = useRef<HTMLDivElement>(null);
  const { store, initialFormData, drafts, draftTimer } = useFormStore(props, prepared, context);
  const sections = useSections(props, prepared, store);
  const requestFocus = useErrorFocus(store, props.serverErrors, sections.showErrorSection, rootRef);
  const { draftKey } = props;
  const { handleChange, handleBlur } = useFieldEvents({
    store,
    prepared,
    drafts,
    draftKey,
    draftTimer,
    submittingRef,
  });
  const handleSubmit = useNext({
    store,
    sections,
    submittingRef,
    draftTimer,
    onSubmitRef,
    onSectionRef,
    requestFocus,
  });
  return {
    text: stepText(props, prepared, displayText),
    rootRef,
    store,
    initialFormData,
    sections,
    handlers: { onChange: handleChange, onBlur: handleBlur, onSubmit: handleSubmit },
    ...useBack(sections, props.onBack),
    capture: useAutoAdvance(prepared, Boolean(props.readOnly), rootRef),
    form: useDisplays(props, prepared, setDisplayText),
  };
}
