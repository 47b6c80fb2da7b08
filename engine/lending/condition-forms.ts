// The form an information condition is answered in (issue 35 item 2): one per catalogue
// informationType, in data beside the catalogue (rules/conditions.json params.answerForms: a
// step-like JSON Schema, with schemas/condition-answers.json, and a UI schema). The browser draws
// it with the step renderer (engine/react/SchemaForm.tsx) from `formToShow`; the server judges an
// answer with `checkConditionAnswer` before anything is saved, naming each field it refuses.
import { BASE_URI } from "../base/uris";
import { bundleSchema, type JsonSchema } from "../definitions/bundle";
import type { Definitions } from "../definitions/definitions";
import { describeAjvErrors, keyLabel, type FieldError } from "../validation/messages";

export interface AnswerForm {
  description?: string;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
}

/** The answer forms of the set, by informationType. */
export const answerForms = (defs: Pick<Definitions, "params">): Record<string, AnswerForm> =>
  ((defs.params.conditions as { answerForms?: Record<string, AnswerForm> } | undefined)?.answerForms ??
    {}) as Record<string, AnswerForm>;

/**
 * The URI a form's schema is compiled under: a name of its own beside the catalogue, so
 * `../schemas/…` resolves as it does from rules/conditions.json.
 */
export const answerFormUri = (informationType: string) =>
  `${BASE_URI}rules/conditions.answer-${informationType}.json`;

export interface FormToShow {
  /** The answer schema with every `$ref` inlined (engine/definitions/bundle.ts). */
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
}

const shown = new WeakMap<Definitions, Map<string, FormToShow | null>>();

/** The form of an informationType as the browser draws it, once per definitions set; null: none. */
export function formToShow(defs: Definitions, informationType: string): FormToShow | null {
  let perType = shown.get(defs);
  if (!perType) shown.set(defs, (perType = new Map()));
  if (!perType.has(informationType)) {
    const form = answerForms(defs)[informationType];
    perType.set(
      informationType,
      form
        ? {
            schema: bundleSchema(defs.files, form.schema, answerFormUri(informationType)),
            uiSchema: form.uiSchema ?? {},
          }
        : null,
    );
  }
  return perType.get(informationType)!;
}

/** A field's name in a message: its ui:title, else its schema's title, else its key. */
function labelIn(form: FormToShow, pointer: string): string {
  const key = pointer.split("/")[1] ?? "";
  const ui = form.uiSchema[key] as Record<string, unknown> | undefined;
  if (typeof ui?.["ui:title"] === "string") return ui["ui:title"];
  const props = (form.schema.properties ?? {}) as Record<string, { title?: unknown }>;
  const title = props[key]?.title;
  return typeof title === "string" ? title : keyLabel(key);
}

export type AnswerCheck = { ok: true; answer: Record<string, unknown> } | { ok: false; errors: FieldError[] };

/**
 * Judges a borrower's answer against the form of the condition's informationType. Errors point
 * into the answer (`/line1`); a type without a form refuses every answer, naming none of its fields.
 */
export function checkConditionAnswer(
  defs: Definitions,
  informationType: string,
  answer: unknown,
): AnswerCheck {
  const form = answerForms(defs)[informationType];
  const toShow = formToShow(defs, informationType);
  if (!form || !toShow)
    return { ok: false, errors: [{ pointer: "", message: "This condition has no form to answer it in." }] };
  const uri = answerFormUri(informationType);
  const validate = defs.ajv.getSchema(uri) ?? defs.ajv.compile({ ...form.schema, $id: uri });
  if (validate(answer)) return { ok: true, answer: answer as Record<string, unknown> };
  return {
    ok: false,
    errors: describeAjvErrors(validate.errors, (pointer) => labelIn(toShow, pointer), defs.words),
  };
}
