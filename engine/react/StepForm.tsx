// <StepForm>: renders any step of steps/ with @rjsf/core and our Fluent UI v9 theme.
//
// Validation: RJSF gets a validator that judges nothing (render-validator.ts); it never judges
// answers (`noValidate`, no live validation). The errors the applicant sees come from the
// engine's step validator, the one the server runs, by JSON pointer: a field's error shows once it
// has lost focus, every error after a submit, and server errors as they come. Next submits only a
// valid step, with the validator's cleaned answers (hidden answers dropped).
import type { RegistryWidgetsType } from "@rjsf/utils";
import { useMemo, type ComponentType, type JSX, type ReactNode } from "react";
import type { Definitions } from "../definitions/definitions";
import type { Part } from "../funnel/members";
import { prepareForPart, prepareStep, type PreparedStep } from "./prepare";
import { WIDGET_NAMES } from "../definitions/widget-names";
import { StepFormBody } from "./step-form/StepFormBody";

export interface StepFormProps {
  /** engine/definitions/definitions.ts, built once in the browser from the server's definition files. */
  defs: Definitions;
  stepId: string;
  /** The saved application document; the form edits this step's part of it. */
  application: unknown;
  /** The day the step's logic reads (yyyy-MM-dd): the caller's (the browser's, web/src/browser-today.ts), never a default. */
  today: string;
  submitting?: boolean;
  /** Shown, not edited (a submitted application): the fields are disabled and there is no Next. */
  readOnly?: boolean;
  /** Errors of a rejected submit, shown next to their fields. */
  serverErrors?: { pointer: string; message: string }[];
  /** Called only when the step validator says the step is valid, with its cleaned answers. */
  onSubmit(answers: unknown): void;
  /**
   * A step in sections: called when the applicant finishes a section that is not the last (its
   * fields valid), with the section's id and the step's cleaned answers, so the page saves it.
   */
  onSection?(sectionId: string, answers: unknown): void;
  /** A step in sections: the last section already saved (step.get's lastSection): the form opens at the one after it. */
  resumeAfter?: string | null;
  onBack?(): void;
  /** Default "Next". */
  submitLabel?: string;
  /** The reader's part of the step (rules/members.json): only it is shown and judged. Default: all of it. */
  part?: Part | null;
  /**
   * Content for display-only layouts a step names in `ui:widget` (e.g. `offerPreview`), by name:
   * a node shown as it is, or a component that gets the place's `ui:options` and the answers
   * (DisplayProps), so one display serves several places with different options.
   */
  displays?: Record<string, Display>;
  /**
   * Widgets the shell fills in, by the names of engine/definitions/widget-names.ts that leave it to
   * the shell (`drawAmount`: the offer's slider): laid over the renderer's own.
   */
  widgets?: RegistryWidgetsType;
  /**
   * Where typed but unsaved answers are kept (engine/form/drafts.ts, the tab's sessionStorage):
   * a reload shows them again. The caller clears the draft once the answers are saved.
   */
  draftKey?: string;
}

/** What a display component is given where a step names it. */
export interface DisplayProps {
  defs: Definitions;
  stepId: string;
  /** The `ui:options` of the place the step names the display. */
  options: Record<string, unknown>;
  /** JSON pointer of the object the display sits on ("" for the step itself; list items as *). */
  pointer: string;
  /** The saved application. */
  application: unknown;
  /** The step's answers as the applicant has them now, not yet saved. */
  answers: unknown;
  /** The role of the one reading (rules/members.json), so a display speaks to them as "you"; absent: the owner. */
  reader?: string | null;
  today?: string;
  /**
   * Renames the step's button while the display says so (null: the step's own words), e.g. the
   * document checklist's "Continue" once every document is in; the words come from its `ui:options`.
   */
  setSubmitText?: (text: string | null) => void;
}

export type Display = ReactNode | ComponentType<DisplayProps>;

/**
 * What the form's body renders with: a prepared step, and the definitions it came from, or null
 * for a form drawn outside the funnel (engine/react/SchemaForm.tsx: no displays, no lists).
 */
export type FormBodyProps = Omit<StepFormProps, "defs"> & {
  defs: Definitions | null;
  prepared: PreparedStep;
};

const DEV = Boolean(import.meta.env?.DEV);

/** Renders any step of the definitions: its title, description, fields, errors and Back/Next buttons. */
export function StepForm(props: StepFormProps): JSX.Element {
  const { defs, stepId, displays, part } = props;
  const known = useMemo(() => [...WIDGET_NAMES, ...Object.keys(displays ?? {})], [displays]);
  const whole = useMemo(() => prepareStep(defs, stepId, known, DEV), [defs, stepId, known]);
  const prepared = prepareForPart(whole, part);
  return <StepFormBody key={`${stepId}`} {...props} prepared={prepared} />;
}
