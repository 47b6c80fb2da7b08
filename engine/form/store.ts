// The state of one step form that is not the answers' rendering: which fields are hidden or
// required now, which were touched, which errors are shown. Fields subscribe to their own pointer,
// so a keystroke re-renders only the fields whose state changed. Pure (no React, no DOM).
import type { FieldError } from "../validation/messages";
import { isWithin } from "../base/pointer";
import { setAt } from "../base/pointer";
import { shownIn } from "../logic/sections";

export { setAt };
import type { StepValidation } from "../validation/validate";
import type { FieldLogicState } from "../logic/field-logic";

export interface FieldView {
  hidden: boolean;
  /** Required by the step's `requiredWhen` logic now (schema `required` is known to the renderer). */
  required: boolean;
  /** The message shown at the field, if any. */
  error?: string;
  /** Information the step's notices show at the field now. */
  notice?: string;
  /** What the step's warning notices say at the field now: marked as a warning, never blocking. */
  warning?: string;
}

export interface StoreOptions {
  /** Visibility and conditional requirement of the answers (field-logic.ts). */
  logic: (answers: unknown) => FieldLogicState;
  /** The step validator (engine/validation/validate.ts), already bound to the application and today. */
  validate: (answers: unknown) => StepValidation;
  /** The values a new item of the list at a pointer starts with (engine/logic/new-items.ts). */
  newItem?: (listPointer: string, answers: unknown) => Record<string, unknown>;
}

const VISIBLE: FieldView = Object.freeze({ hidden: false, required: false });
const sameView = (a: FieldView, b: FieldView) =>
  a.hidden === b.hidden &&
  a.required === b.required &&
  a.error === b.error &&
  a.notice === b.notice &&
  a.warning === b.warning;

export class StepFormStore {
  private formData: unknown;
  private logicState: FieldLogicState = { hidden: [], required: [], answers: {}, notices: [] };
  private required = new Set<string>();
  private touched = new Set<string>();
  private submitted = false;
  /** Fields whose errors a submit revealed: they keep showing their state (a field added later waits for its blur). */
  private revealed = new Set<string>();
  private errors: FieldError[] = [];
  private serverErrors = new Map<string, string>();
  private shown = new Map<string, string>();
  private views = new Map<string, FieldView>();
  private listeners = new Set<() => void>();
  private idToPointer = new Map<string, string>();
  private mounted = new Map<string, number>();
  private version = 0;
  /** Values typed but not yet handed to RJSF (see liveChange), by pointer. */
  private pending = new Map<string, unknown>();
  private flushers = new Set<() => void>();
  private summaryCache: { count: number; unclaimed: { pointer: string; message: string }[] } = {
    count: 0,
    unclaimed: [],
  };
  /** The fields of the section on screen (a step in sections); null shows every field. */
  private section: readonly string[] | null = null;

  constructor(
    private options: StoreOptions,
    formData: unknown,
  ) {
    this.formData = formData;
    this.runLogic();
  }

  setOptions(options: StoreOptions) {
    this.options = options;
  }

  // ---- subscriptions (useSyncExternalStore) ----
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private notify() {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }

  /** The state of one field; the same object while nothing about the field changed. */
  view(pointer: string): FieldView {
    const hidden =
      this.logicState.hidden.some((h) => isWithin(pointer, h)) ||
      (this.section !== null && !shownIn(pointer, this.section));
    const required = this.required.has(pointer);
    const error = hidden ? undefined : this.shown.get(pointer);
    const said = (intent: "info" | "warning") =>
      hidden
        ? undefined
        : this.logicState.notices
            .filter((n) => n.pointer === pointer && n.intent === intent)
            .map((n) => n.message)
            .join(" ") || undefined;
    const notice = said("info");
    const warning = said("warning");
    const next: FieldView =
      hidden || required || error !== undefined || notice !== undefined || warning !== undefined
        ? {
            hidden,
            required,
            ...(error === undefined ? {} : { error }),
            ...(notice === undefined ? {} : { notice }),
            ...(warning === undefined ? {} : { warning }),
          }
        : VISIBLE;
    const previous = this.views.get(pointer);
    if (previous && sameView(previous, next)) return previous;
    this.views.set(pointer, next);
    return next;
  }

  /** The pointers the step's logic hides now. */
  hiddenPointers(): readonly string[] {
    return this.logicState.hidden;
  }

  /** Shows only the fields of one section (a step in sections), or every field (null). */
  showSection(fields: readonly string[] | null) {
    this.section = fields;
    this.updateShown();
    this.notify();
  }

  // ---- fields the form renders ----
  registerId(id: string, pointer: string) {
    this.idToPointer.set(id, pointer);
  }

  pointerOfId(id: string): string | undefined {
    return this.idToPointer.get(id);
  }

  mount(pointer: string): () => void {
    this.mounted.set(pointer, (this.mounted.get(pointer) ?? 0) + 1);
    if (this.shown.has(pointer)) this.refreshSummary();
    return () => {
      const n = (this.mounted.get(pointer) ?? 1) - 1;
      if (n <= 0) this.mounted.delete(pointer);
      else this.mounted.set(pointer, n);
      if (this.shown.has(pointer)) this.refreshSummary();
    };
  }

  private refreshSummary() {
    const before = this.summaryCache;
    this.updateShown();
    if (this.summaryCache !== before) this.notify();
  }

  /** Before a list grows by one item: proposes the step's starting values for it. */
  proposeNewItem(listPointer: string, index: number) {
    const values = this.options.newItem?.(listPointer, this.formData) ?? {};
    this.propose(
      Object.fromEntries(
        Object.entries(values).map(([field, value]) => [`${listPointer}/${index}/${field}`, value]),
      ),
    );
  }

  isMounted(pointer: string): boolean {
    return this.mounted.has(pointer);
  }

  // ---- proposals ----
  /** Values proposed for fields about to appear (a new list item's `newItems`), by pointer. */
  private proposals = new Map<string, unknown>();

  propose(values: Record<string, unknown>) {
    for (const [pointer, value] of Object.entries(values)) this.proposals.set(pointer, value);
  }

  /** The value proposed for an empty field that has just appeared, once. */
  takeProposal(pointer: string): unknown {
    const value = this.proposals.get(pointer);
    this.proposals.delete(pointer);
    return value;
  }

  // ---- answers ----
  getFormData(): unknown {
    return this.formData;
  }

  /** A change of the answers from RJSF: re-evaluates visibility and requirement; `changed` (a pointer) loses its server error. */
  setFormData(formData: unknown, changed?: string) {
    let data = formData;
    for (const [pointer, value] of this.pending) data = setAt(data, pointer, value);
    this.formData = data;
    this.runLogic();
    if (changed !== undefined) this.dropServerErrors(changed);
    this.updateShown();
    this.notify();
  }

  /**
   * A value typed into a field, before the field hands it to RJSF (text fields do so when the
   * applicant pauses or leaves the field: RJSF recomputes the whole form on every change). The
   * step's visibility and requirement logic sees it at once.
   */
  liveChange(pointer: string, value: unknown) {
    this.pending.set(pointer, value);
    this.formData = setAt(this.formData, pointer, value);
    this.runLogic();
    this.dropServerErrors(pointer);
    this.updateShown();
    this.notify();
  }

  /** The field handed its typed value to RJSF. */
  settle(pointer: string) {
    this.pending.delete(pointer);
  }

  /** Fields with typed values not yet handed to RJSF register how to hand them over. */
  registerFlusher(flush: () => void): () => void {
    this.flushers.add(flush);
    return () => void this.flushers.delete(flush);
  }

  /** Hands every typed value to RJSF now (before a submit). */
  flushAll() {
    for (const flush of [...this.flushers]) flush();
  }

  private dropServerErrors(changed: string) {
    for (const pointer of [...this.serverErrors.keys()])
      if (isWithin(pointer, changed)) this.serverErrors.delete(pointer);
  }

  private runLogic() {
    const next = this.options.logic(this.formData);
    this.logicState = next;
    this.required = new Set(next.required);
  }

  // ---- validation ----
  /** A field lost focus: it is touched from now on, and the step is validated so its error (or none) shows. */
  touch(pointer: string) {
    this.touched.add(pointer);
    this.revalidate();
  }

  /** Validates again and shows the result for the touched fields and those a submit revealed. */
  revalidate(): StepValidation {
    const result = this.options.validate(this.formData);
    this.errors = result.errors;
    this.updateShown();
    this.notify();
    return result;
  }

  /** A submit: every error shows from now on. */
  submit(formData: unknown): StepValidation {
    this.formData = formData;
    this.runLogic();
    this.submitted = true;
    const result = this.options.validate(this.formData);
    for (const error of result.errors) this.revealed.add(error.pointer);
    this.errors = result.errors;
    this.updateShown();
    this.notify();
    return result;
  }

  /**
   * "Continue" in a step shown in sections: the section's errors show from now on (the others wait
   * for their section); true when the section has none and the next may follow.
   */
  submitSection(formData: unknown, fields: readonly string[]): boolean {
    this.formData = formData;
    this.runLogic();
    this.submitted = true;
    const result = this.options.validate(this.formData);
    this.sectionAnswers = result.answers;
    this.errors = result.errors;
    const within = (pointer: string) => fields.some((f) => isWithin(pointer, f));
    const mine = result.errors.filter((e) => within(e.pointer));
    for (const error of mine) this.revealed.add(error.pointer);
    this.updateShown();
    this.notify();
    return mine.length === 0 && ![...this.serverErrors.keys()].some(within);
  }

  private sectionAnswers: unknown = undefined;
  /** The step's answers as the last submitSection judged them (hidden answers dropped): what a part's save sends. */
  answersOfSection(): unknown {
    return this.sectionAnswers;
  }

  setServerErrors(errors: readonly { pointer: string; message: string }[] | undefined) {
    this.serverErrors = new Map((errors ?? []).map((e) => [e.pointer, e.message]));
    this.updateShown();
    this.notify();
  }

  private updateShown() {
    const shown = new Map<string, string>();
    for (const error of this.errors)
      if (!shown.has(error.pointer) && (this.touched.has(error.pointer) || this.revealed.has(error.pointer)))
        shown.set(error.pointer, error.message);
    for (const [pointer, message] of this.serverErrors) if (!shown.has(pointer)) shown.set(pointer, message);
    this.shown = shown;
    const unclaimed = this.shownErrors().filter(
      (e) => !this.isMounted(e.pointer) && !this.logicState.hidden.some((h) => isWithin(e.pointer, h)),
    );
    const same =
      this.summaryCache.count === shown.size &&
      this.summaryCache.unclaimed.length === unclaimed.length &&
      this.summaryCache.unclaimed.every(
        (e, i) => e.pointer === unclaimed[i]!.pointer && e.message === unclaimed[i]!.message,
      );
    if (!same) this.summaryCache = { count: shown.size, unclaimed };
  }

  /** What the error summary shows: the number of shown errors, and those no field on screen displays. Same object while unchanged. */
  summary = () => this.summaryCache;

  /** Every error shown now, in the order found. */
  shownErrors(): { pointer: string; message: string }[] {
    return [...this.shown].map(([pointer, message]) => ({ pointer, message }));
  }

  hasSubmitted(): boolean {
    return this.submitted;
  }
}
