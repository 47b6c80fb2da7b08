// <StepForm>: renders any step of steps/ with @rjsf/core and our Fluent UI v9 theme.
//
// Validation: RJSF gets a validator that judges nothing (render-validator.ts); it never judges
// answers (`noValidate`, no live validation). The errors the applicant sees come from the
// engine's step validator, the one the server runs, by JSON pointer: a field's error shows once it
// has lost focus, every error after a submit, and server errors as they come. Next submits only a
// valid step, with the validator's cleaned answers (hidden answers dropped).
import { Button, mergeClasses } from "@fluentui/react-components";
import Form, { type IChangeEvent } from "@rjsf/core";
import type { RegistryFieldsType, RegistryWidgetsType, UiSchema } from "@rjsf/utils";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FormEvent,
  type JSX,
  type ReactNode,
} from "react";
import type { Definitions } from "../definitions/definitions";
import { newItemValues } from "../logic/new-items";
import { mergeDocs } from "../base/pointer";
import { cleanAnswers, sliceAnswers } from "../form/answers";
import { StoreContext, useStore, type FormContext } from "./context";
import { ObjectFieldWithSameAs } from "./same-as";
import { prepareForPart, prepareStep, type PreparedStep } from "./prepare";
import { renderValidator } from "./render-validator";
import { isWhole, writes, type Part } from "../funnel/members";
import { openSections, sectionOf, type Section } from "../logic/sections";
import { browserDrafts, readDraft, saveDraft } from "../form/drafts";
import { StepFormStore } from "../form/store";
import { loadChunk, chunk, withChunks } from "./fluent-chunks";
import { useStyles } from "./styles";
import { templates } from "./templates";
import { WIDGET_NAMES } from "../definitions/widget-names";
import { widgets } from "./widgets";
import { isObject } from "../base/objects";

export interface StepFormProps {
  /** engine/definitions/definitions.ts, built once in the browser from the server's definition files. */
  defs: Definitions;
  stepId: string;
  /** The saved application document; the form edits this step's part of it. */
  application: unknown;
  /** yyyy-MM-dd; defaults to today (UTC). */
  today?: string;
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

/** RJSF's `ui:submitButtonOptions` on a step's root: `submitText` names Next; `norender` shows no Back/Next. */
interface SubmitOptions {
  submitText?: unknown;
  norender?: unknown;
}

interface DisplaySlot {
  Component: ComponentType<DisplayProps>;
  options: Record<string, unknown>;
  pointer: string;
}

/**
 * Gives every place that names a display component its own name (`name@pointer`), so the object
 * template finds that place's element; display nodes keep their name.
 */
function placeDisplays(uiSchema: UiSchema, displays: Record<string, Display> | undefined) {
  const slots = new Map<string, DisplaySlot>();
  const walk = (node: unknown, segments: string[]): unknown => {
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      out[key] = key.startsWith("ui:") ? value : walk(value, [...segments, key === "items" ? "*" : key]);
    const name = node["ui:widget"];
    const display = typeof name === "string" ? displays?.[name] : undefined;
    if (typeof display === "function") {
      const pointer = segments.map((k) => `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
      const slotName = `${name as string}@${pointer}`;
      slots.set(slotName, {
        Component: display as ComponentType<DisplayProps>,
        options: isObject(node["ui:options"]) ? node["ui:options"] : {},
        pointer,
      });
      out["ui:widget"] = slotName;
    }
    return out;
  };
  return { uiSchema: walk(uiSchema, []) as UiSchema, slots };
}

/** A display component with the answers as they are now (it re-renders when they change). */
function LiveDisplay({
  slot,
  ...props
}: Omit<DisplayProps, "answers" | "options" | "pointer"> & { slot: DisplaySlot }) {
  const store = useStore();
  const answers = useSyncExternalStore(
    store.subscribe,
    () => store.getFormData(),
    () => store.getFormData(),
  );
  const { Component } = slot;
  return <Component {...props} options={slot.options} pointer={slot.pointer} answers={answers} />;
}

const DEV = Boolean(import.meta.env?.DEV);

const fields: RegistryFieldsType = { ObjectField: ObjectFieldWithSameAs };

/**
 * RJSF fills in nothing the applicant did not answer: no `false` for a required yes/no, no first
 * option of an enumeration, no empty objects; a list with `minItems` starts with that many items.
 */
const defaultFormState = {
  emptyObjectFields: "skipEmptyDefaults",
  arrayMinItems: { populate: "all" },
  constAsDefaults: "never",
  requiredBooleanDefault: "skip",
} as const;

/** Moves focus to the first invalid field on screen (a list's own error only when no field has one). */
function focusFirstError(root: HTMLElement | null) {
  if (!root) return;
  const invalid =
    root.querySelector<HTMLElement>('[data-invalid="true"]:not([data-container])') ??
    root.querySelector<HTMLElement>('[data-invalid="true"]');
  if (invalid) {
    const target =
      invalid.dataset.container === "true"
        ? invalid.querySelector<HTMLElement>("[data-error-message]")
        : (invalid.querySelector<HTMLElement>("input:checked") ??
          invalid.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button"));
    (target ?? invalid).focus();
    target?.scrollIntoView?.({ block: "center" });
    return;
  }
  root.querySelector<HTMLElement>("[data-error-summary]")?.focus();
}

/** The Next button's sign of a save under way (its part is fetched at the first touch of the form, engine/react/fluent-chunks.tsx). */
const SavingSpinner = withChunks(["spinner"], function SavingSpinner() {
  const { Spinner } = chunk("spinner");
  return <Spinner size="tiny" aria-label="Saving" />;
});
const loadSpinner = () => void loadChunk("spinner").catch(() => undefined);

/** Shown errors that no field on screen displays, and after a failed submit a short notice. */
function ErrorSummary({ store }: { store: StepFormStore }) {
  const styles = useStyles();
  const { count: total, unclaimed } = useSyncExternalStore(store.subscribe, store.summary, store.summary);
  if ((!store.hasSubmitted() || total === 0) && unclaimed.length === 0) return null;
  return (
    <div className={styles.summary} role="alert" tabIndex={-1} data-error-summary="true">
      <p className={styles.summaryTitle}>
        {total === 1 ? "One answer needs your attention." : `${total} answers need your attention.`}
      </p>
      {unclaimed.length > 0 ? (
        <ul className={styles.summaryList}>
          {unclaimed.map((e) => (
            <li key={e.pointer}>{e.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function StepFormBody(props: StepFormProps & { prepared: PreparedStep }) {
  const { prepared, application, today, submitting, serverErrors, onBack, displays, readOnly } = props;
  const { step } = prepared;
  // A member reads the step in their own voice (textFor), e.g. "Tell us about yourself".
  const text = props.part ? step.textFor?.[props.part.role] : undefined;
  const title = text?.title ?? step.title;
  const description = text?.description ?? step.description;
  const submitOptions: SubmitOptions = isObject(prepared.uiSchema["ui:submitButtonOptions"])
    ? prepared.uiSchema["ui:submitButtonOptions"]
    : {};
  const [displaySubmitText, setDisplaySubmitText] = useState<string | null>(null);
  const submitLabel =
    props.submitLabel ??
    displaySubmitText ??
    (typeof submitOptions.submitText === "string" ? submitOptions.submitText : "Next");
  const showActions = submitOptions.norender !== true;
  const styles = useStyles();
  const context = useRef({ application, today });
  context.current = { application, today };
  const onSubmitRef = useRef(props.onSubmit);
  onSubmitRef.current = props.onSubmit;
  const onSectionRef = useRef(props.onSection);
  onSectionRef.current = props.onSection;
  const submittingRef = useRef(submitting);
  submittingRef.current = submitting;
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const sectionHeading = useRef<HTMLHeadingElement>(null);

  // The step's slice of the saved application, taken once per step: a refetch must not wipe typing.
  // A draft typed before a reload is laid over the saved answers (secrets are never in one).
  const drafts = props.draftKey && !readOnly ? browserDrafts() : null;
  const [initialFormData] = useState(() => {
    const saved = sliceAnswers(prepared.bundled, application) ?? {};
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
          newItem: (listPointer, answers) =>
            newItemValues(props.defs, step.id, listPointer, answers, context.current),
        },
        initialFormData,
      ),
  );

  // One topic per screen (the step's sections): the reader goes through the sections that ask them
  // something now; Continue judges the section on screen, the last one's button saves the step.
  const part = props.part;
  const allSections = useMemo(() => (readOnly ? [] : (step.sections ?? [])), [readOnly, step.sections]);
  const asks = useCallback((pointer: string) => !part || isWhole(part) || writes(part, pointer), [part]);
  // Only a change of which sections are open re-renders the form here, not every keystroke.
  const openIds = useCallback(
    () =>
      allSections.length
        ? openSections(allSections, asks, store.hiddenPointers())
            .map((s) => s.id)
            .join("\n")
        : "",
    [allSections, asks, store],
  );
  const openKey = useSyncExternalStore(store.subscribe, openIds, openIds);
  const sections: Section[] = useMemo(() => {
    const open = new Set(openKey.split("\n"));
    return allSections.filter((s) => open.has(s.id));
  }, [allSections, openKey]);
  // Where the applicant left off: the section after the last one saved (the saved answers are in the form).
  const [sectionId, setSectionId] = useState<string | null>(() => {
    const saved = sections.findIndex((s) => s.id === props.resumeAfter);
    return (saved >= 0 ? (sections[saved + 1] ?? sections[saved]) : sections[0])?.id ?? null;
  });
  const sectionAt = Math.max(
    0,
    sections.findIndex((s) => s.id === sectionId),
  );
  const section = sections[sectionAt] ?? null;
  const isLastSection = sectionAt >= sections.length - 1;
  const sectionFields = section?.fields ?? null;
  useLayoutEffect(() => store.showSection(sectionFields), [store, sectionFields]);
  const moved = useRef(false);
  const goToSection = useCallback((id: string) => {
    moved.current = true;
    setSectionId(id);
  }, []);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    sectionHeading.current?.focus();
    sectionHeading.current?.scrollIntoView?.({ block: "start" });
  }, [sectionId]);
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  /** Shows the section holding the first of `errors` (one not on screen), if the step is in sections. */
  const showErrorSection = useCallback(
    (errors: readonly { pointer: string }[]) => {
      const open = sectionsRef.current;
      const at = errors.map((e) => sectionOf(open, e.pointer)).find((i) => i >= 0);
      if (at !== undefined && open[at]) goToSection(open[at].id);
    },
    [goToSection],
  );

  // A new list (by content) replaces the server errors shown; the same list passed again on a
  // re-render does not bring back an error the applicant has since edited away.
  const serverKey = JSON.stringify(serverErrors ?? []);
  useEffect(() => {
    const list = JSON.parse(serverKey) as { pointer: string; message: string }[];
    store.setServerErrors(list);
    if (list.length > 0) {
      showErrorSection(list);
      setFocusRequest((n) => n + 1);
    }
  }, [store, serverKey, showErrorSection]);

  useEffect(() => {
    if (focusRequest > 0) focusFirstError(rootRef.current);
  }, [focusRequest]);

  // Blur validation runs after the change that came with the blur is committed.
  const pendingTouch = useRef(new Set<string>());
  const touchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (touchTimer.current && clearTimeout(touchTimer.current)), []);

  const handleChange = useCallback(
    (event: IChangeEvent, id?: string) => {
      store.setFormData(event.formData, id === undefined ? undefined : store.pointerOfId(id));
      if (!drafts || !props.draftKey || submittingRef.current) return;
      const key = props.draftKey;
      if (draftTimer.current) clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => saveDraft(drafts, key, prepared.bundled, event.formData), 300);
    },
    [store, drafts, props.draftKey, prepared.bundled],
  );
  const handleBlur = useCallback(
    (id: string) => {
      const pointer = store.pointerOfId(id);
      if (pointer === undefined) return;
      pendingTouch.current.add(pointer);
      if (touchTimer.current) return;
      touchTimer.current = setTimeout(() => {
        touchTimer.current = null;
        const touched = [...pendingTouch.current];
        pendingTouch.current.clear();
        for (const p of touched) store.touch(p);
      }, 0);
    },
    [store],
  );
  const handleSubmit = useCallback(
    (event: IChangeEvent) => {
      if (submittingRef.current) return;
      if (section && !isLastSection) {
        if (store.submitSection(event.formData, section.fields)) {
          onSectionRef.current?.(section.id, store.answersOfSection());
          goToSection(sections[sectionAt + 1]!.id);
        } else setFocusRequest((n) => n + 1);
        return;
      }
      const result = store.submit(event.formData);
      if (!result.valid) showErrorSection(result.errors);
      if (result.valid) {
        // A second click in the same moment (before the parent re-renders as submitting) sends nothing.
        submittingRef.current = true;
        if (draftTimer.current) clearTimeout(draftTimer.current);
        onSubmitRef.current(result.answers);
      } else setFocusRequest((n) => n + 1);
    },
    [store, section, isLastSection, sections, sectionAt, goToSection, showErrorSection],
  );
  const handleBack = sectionAt > 0 ? () => goToSection(sections[sectionAt - 1]!.id) : onBack;
  // RJSF's Form skips a re-render when its props differ only in functions (its deepEquals ignores
  // them), so the button's handler must not close over this render's section: it reads it here.
  const backRef = useRef(handleBack);
  backRef.current = handleBack;

  // A step that opts in (root ui:options.autoAdvance: one single-choice question) moves on when a
  // choice is made with a pointer (a click or a tap). Keyboard users keep Next: arrow keys move
  // the choice in a radio group, and advancing on each press would carry them past the question.
  const rootOptions = isObject(prepared.uiSchema["ui:options"]) ? prepared.uiSchema["ui:options"] : {};
  const autoAdvance = rootOptions.autoAdvance === true && !readOnly;
  const pointerAt = useRef(0);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (advanceTimer.current && clearTimeout(advanceTimer.current)), []);
  const handleChoice = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const target = event.target as HTMLInputElement;
      if (!autoAdvance || target.type !== "radio" || Date.now() - pointerAt.current > 1500) return;
      if (advanceTimer.current) clearTimeout(advanceTimer.current);
      // Once RJSF holds the choice, and long enough for the chosen card to show as chosen.
      advanceTimer.current = setTimeout(() => rootRef.current?.querySelector("form")?.requestSubmit(), 250);
    },
    [autoAdvance],
  );

  const placed = useMemo(() => placeDisplays(prepared.uiSchema, displays), [prepared.uiSchema, displays]);
  const extraWidgets = props.widgets;
  const shellWidgets = useMemo(
    () => (extraWidgets ? { ...widgets, ...extraWidgets } : widgets),
    [extraWidgets],
  );
  const formContext: FormContext = useMemo(() => {
    const nodes: Record<string, unknown> = {};
    for (const [name, display] of Object.entries(displays ?? {}))
      if (typeof display !== "function") nodes[name] = display;
    for (const [name, slot] of placed.slots)
      nodes[name] = (
        <LiveDisplay
          slot={slot}
          defs={props.defs}
          stepId={props.stepId}
          application={application}
          today={today}
          reader={props.part?.role ?? null}
          setSubmitText={setDisplaySubmitText}
        />
      );
    return { displays: nodes, ...(step.sameAs ? { sameAs: { step, application } } : {}) };
  }, [displays, placed, props.defs, props.stepId, application, today, step, props.part?.role]);

  return (
    <div ref={rootRef} className={styles.root}>
      {title ? <h1 className={styles.title}>{title}</h1> : null}
      {description && sectionAt === 0 ? <p className={styles.lead}>{description}</p> : null}
      {section ? (
        <h2
          ref={sectionHeading}
          tabIndex={-1}
          className={styles.sectionTitle}
          data-section={section.id}
          data-fields={JSON.stringify(section.fields)}
        >
          <span className={styles.sectionCount}>{`Part ${sectionAt + 1} of ${sections.length}`}</span>{" "}
          {section.title}
        </h2>
      ) : null}
      <StoreContext.Provider value={store}>
        {/* Typed values not yet handed to RJSF are handed over before RJSF reads them for the submit. */}
        <div
          onSubmitCapture={() => store.flushAll()}
          onPointerDownCapture={() => {
            pointerAt.current = Date.now();
            loadSpinner();
          }}
          onKeyDownCapture={() => {
            pointerAt.current = 0;
            loadSpinner();
          }}
          onChangeCapture={handleChoice}
        >
          <Form
            className={styles.form}
            schema={prepared.schema}
            uiSchema={placed.uiSchema}
            validator={renderValidator}
            widgets={shellWidgets}
            templates={templates}
            fields={fields}
            formContext={formContext}
            initialFormData={initialFormData}
            onChange={handleChange}
            onBlur={handleBlur}
            onSubmit={handleSubmit}
            disabled={Boolean(readOnly)}
            noValidate
            noHtml5Validate
            liveValidate={false}
            showErrorList={false}
            experimental_defaultFormStateBehavior={defaultFormState}
          >
            <ErrorSummary store={store} />
            {showActions ? (
              <div className={mergeClasses(styles.actions, !handleBack && styles.actionsEnd)}>
                {handleBack ? (
                  <Button
                    type="button"
                    appearance="secondary"
                    className={mergeClasses(styles.button, styles.secondaryButton)}
                    onClick={() => backRef.current?.()}
                  >
                    Back
                  </Button>
                ) : null}
                {readOnly ? null : (
                  <Button
                    type="submit"
                    appearance="primary"
                    className={styles.button}
                    disabledFocusable={Boolean(submitting)}
                    icon={submitting ? <SavingSpinner /> : undefined}
                    iconPosition="after"
                    data-section-next={section && !isLastSection ? "true" : undefined}
                    // A press must not blur the field being edited first: the blur's validation would
                    // move the layout (an error appearing or leaving) and the click would miss the button.
                    onMouseDown={(event) => event.preventDefault()}
                  >
                    {section && !isLastSection ? "Continue" : submitLabel}
                  </Button>
                )}
              </div>
            ) : null}
          </Form>
        </div>
      </StoreContext.Provider>
    </div>
  );
}

/** Renders any step of the definitions: its title, description, fields, errors and Back/Next buttons. */
export function StepForm(props: StepFormProps): JSX.Element {
  const { defs, stepId, displays, part } = props;
  const known = useMemo(() => [...WIDGET_NAMES, ...Object.keys(displays ?? {})], [displays]);
  const whole = useMemo(() => prepareStep(defs, stepId, known, DEV), [defs, stepId, known]);
  const prepared = prepareForPart(whole, part);
  return <StepFormBody key={`${stepId}`} {...props} prepared={prepared} />;
}
