// The one step validator, used by the browser (as the applicant types) and by the server (the
// authority, before anything is saved). It drops the answers the step's logic hides, checks the
// rest against the step's JSON Schema, then applies conditional requirements and cross-field checks.
import { BASE_URI } from "../base/uris";
import { answerBoundErrors } from "./answer-bounds";
import { createFieldLogic, matchesOf, quoteDetails } from "../logic/field-logic";
import { compileStepSchema, stepById, type Definitions } from "../definitions/definitions";
import { holds, type Data, type Logic } from "../logic/logic";
import { describeAjvErrors, fieldMessage, keyLabel, type FieldError } from "./messages";
import { formWordIn } from "../locale/form-words";
import { getAt, isWithinAny, mergeDocs, type Match } from "../base/pointer";
import { expand as expandSchema, schemasAt } from "../definitions/schema-walk";
import { isMasked } from "./sensitive";
import { stepLogicData } from "../logic/step-data";
import { overlay } from "../definitions/each-borrower";

/** The ui:title the UI schema gives the field at `pointer` (list items through `items`), if any. */
function uiTitleAt(ui: unknown, pointer: string): string | undefined {
  let at: unknown = ui;
  for (const key of pointer.split("/").slice(1)) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[
      /^\d+$/.test(key) ? "items" : key.replace(/~1/g, "/").replace(/~0/g, "~")
    ];
  }
  const title =
    at !== null && typeof at === "object" ? (at as Record<string, unknown>)["ui:title"] : undefined;
  return typeof title === "string" && title.trim() ? title : undefined;
}

export interface ValidationContext {
  /** The application document saved so far; logic may read answers of earlier steps. */
  application?: unknown;
  /** The day the logic reads (yyyy-MM-dd): the caller's (the server's clock, the browser's), never a default. */
  today: string;
  /**
   * The member role of the reader answering their own part (rules/members.json): messages name
   * their fields in the words they read (the step's textFor.<role>), "you" rather than "your co-borrower".
   */
  role?: string;
  /**
   * The fields whose errors the caller reads (a borrower's own part of a step, a section): errors
   * elsewhere are neither worded nor returned, and `valid` says whether these fields are. The
   * errors at the fields it keeps are the same as without it.
   */
  judged?: (pointer: string) => boolean;
  /**
   * The answers are the caller's own, made for this call (the server's, from the request and the
   * stored document, neither changed in place): kept as they are, not copied first, so the answers
   * given back share what they do not change.
   */
  ownAnswers?: boolean;
  /** Given the application with the valid answers merged in (`application` ⊕ `answers`): a save stores it, instead of merging again. */
  merged?: (doc: Data) => void;
}

export interface StepValidation {
  valid: boolean;
  errors: FieldError[];
  /** The answers with hidden fields removed: what may be saved. */
  answers: Data;
  /** Pointers of the fields the step's logic hides. */
  hidden: string[];
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

type Check = NonNullable<ReturnType<typeof stepById>["checks"]>[number];

export type StepValidator = (answers: unknown, context: ValidationContext) => StepValidation;

export function createStepValidator(defs: Definitions, stepId: string): StepValidator {
  const step = stepById(defs, stepId);
  const validateSchema = compileStepSchema(defs, stepId);
  const fieldLogic = createFieldLogic(defs, stepId);
  const file = defs.steps.get(stepId)!.file;
  const root = { schema: step.schema as Record<string, unknown>, base: `${BASE_URI}${file}`, doc: step };

  // The UI schema in a role's words, laid once per role (it is only read: the questions' names).
  const uiByRole = new Map<string | undefined, unknown>();
  const uiFor = (role: string | undefined) => {
    if (!uiByRole.has(role))
      uiByRole.set(role, overlay(step.uiSchema ?? {}, (role && step.textFor?.[role]?.uiSchema) || {}));
    return uiByRole.get(role);
  };
  /** A field's name in a message: the question as the reader reads it (the UI schema's ui:title), else the schema's title. */
  const labelOf = (pointer: string, ui: unknown = step.uiSchema): string => {
    const asked = uiTitleAt(ui, pointer);
    if (asked) return asked;
    const segments = pointer
      .split("/")
      .slice(1)
      .map((k) => (/^\d+$/.test(k) ? "*" : k));
    for (const at of schemasAt(defs.files, root, segments))
      for (const s of expandSchema(defs.files, at))
        if (typeof s.schema.title === "string") return s.schema.title;
    return keyLabel(segments.at(-1) ?? "");
  };

  return (answers, context) => {
    if (answers === null || typeof answers !== "object" || Array.isArray(answers))
      return {
        valid: false,
        errors: [{ pointer: "", message: "The answers must be a JSON object" }],
        answers: {},
        hidden: [],
      };
    // 0. Size and shape (answer-bounds.ts), before any logic reads the answers.
    const outOfBounds = answerBoundErrors(defs, stepId, answers);
    if (outOfBounds.length) return { valid: false, errors: outOfBounds, answers: {}, hidden: [] };
    const { today } = context;
    const ui = uiFor(context.role);
    const ownWords = (context.role && step.textFor?.[context.role]?.messages) || {};
    const labelFor = (pointer: string) => labelOf(pointer, ui);
    // 1. Visibility and conditional requirement (field-logic.ts): a hidden answer is dropped,
    // so it is never saved or judged.
    // The merged document and its logic data as the field logic last read them (its answers are the cleaned ones).
    let read: { doc: Data; data: Data } | undefined;
    const logic = fieldLogic(context.ownAnswers ? answers : structuredClone(answers), {
      application: context.application,
      today,
      read: (doc, data) => void (read = { doc, data }),
    });
    const cleaned = logic.answers as Data;
    const { hidden } = logic;
    const doc = read?.doc ?? (mergeDocs(context.application ?? {}, cleaned) as Data);
    const base = read?.data ?? stepLogicData(defs, doc, today);
    const dataFor = (m: Match): Data =>
      m.index === undefined ? base : { ...base, item: m.item, index: m.index };
    const test = (logicOf: Logic, m: Match) => {
      try {
        return holds(logicOf, dataFor(m));
      } catch {
        return false; // logic that cannot be evaluated on these answers does not hold
      }
    };
    // A failed check's message may quote values computed from the answers ({name} ← details.name).
    const messageOf = (check: Check, m: Match) => quoteDetails(check.message, check.details, dataFor(m));
    const hiddenSet = new Set(hidden);
    const isHidden = (pointer: string) => isWithinAny(pointer, hiddenSet);

    // 2. The step's JSON Schema. A masked identifier sent back as the server showed it is the
    // stored value, unchanged (the server puts it back before it validates): not an error here.
    const unchangedMask = (pointer: string) => {
      const value = getAt(cleaned, pointer);
      return isMasked(value) && value === getAt(context.application, pointer);
    };
    const { judged } = context;
    const errors = validateSchema(cleaned)
      ? []
      : describeAjvErrors(validateSchema.errors, labelFor, defs.words, judged).filter(
          (e) => !isHidden(e.pointer) && !unchangedMask(e.pointer),
        );
    // A set beside the list: one look-up per field, however many items a list holds.
    const failed = new Set(errors.map((e) => e.pointer));
    const hasError = (pointer: string) => failed.has(pointer);
    const judges = (pointer: string) => !judged || judged(pointer);
    const push = (error: FieldError) => {
      errors.push(error);
      failed.add(error.pointer);
    };

    // 3. Conditional requirements.
    for (const pointer of logic.required)
      if (judges(pointer) && !hasError(pointer) && isEmpty(getAt(cleaned, pointer)))
        push({
          pointer,
          message: fieldMessage(labelFor(pointer), formWordIn(defs.words, "validation.required"), defs.words),
        });

    // 4. Cross-field checks, with the message the step gives.
    for (const check of step.checks ?? [])
      for (const m of matchesOf(cleaned, check.field))
        if (judges(m.pointer) && !isHidden(m.pointer) && !hasError(m.pointer) && !test(check.logic, m))
          push({
            pointer: m.pointer,
            message: messageOf(ownWords[check.id] ? { ...check, message: ownWords[check.id]! } : check, m),
            ruleId: check.id,
          });

    context.merged?.(doc);
    return { valid: errors.length === 0, errors, answers: cleaned, hidden };
  };
}
