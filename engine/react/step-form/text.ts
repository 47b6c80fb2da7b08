// The words around a step's fields: its title and description (in the reader's own voice), and
// its button's.
import { isObject } from "@engine/base/objects";
import { formWord } from "@engine/locale/form-words";
import type { PreparedStep } from "../prepare";
import type { FormBodyProps } from "../StepForm";

/** RJSF's `ui:submitButtonOptions` on a step's root: `submitText` names Next; `norender` shows no Back/Next. */
interface SubmitOptions {
  submitText?: unknown;
  norender?: unknown;
}

/** `displayText`: what a display on the step names the button now (null: the step's own words). */
export function stepText(props: FormBodyProps, prepared: PreparedStep, displayText: string | null) {
  const { step } = prepared;
  // A member reads the step in their own voice (textFor), e.g. "Tell us about yourself".
  const text = props.part ? step.textFor?.[props.part.role] : undefined;
  const submitOptions: SubmitOptions = isObject(prepared.uiSchema["ui:submitButtonOptions"])
    ? prepared.uiSchema["ui:submitButtonOptions"]
    : {};
  return {
    title: text?.title ?? step.title,
    description: text?.description ?? step.description,
    submitLabel:
      props.submitLabel ??
      displayText ??
      (typeof submitOptions.submitText === "string" ? submitOptions.submitText : formWord("form.next")),
    showActions: submitOptions.norender !== true,
  };
}
