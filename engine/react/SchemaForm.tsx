// <SchemaForm>: a form outside the funnel drawn by the step renderer from a JSON Schema and a UI
// schema (e.g. an information condition's form, rules/conditions.json params.answerForms): the
// same templates, widgets, error display and buttons as <StepForm>, its answers kept nowhere in the
// application. The server judges the answers (the one validator, with the field's name in each
// message); in the browser the form only says which required field is empty, in the server's words.
import { useEffect, useMemo, useState, type JSX } from "react";
import type { UiSchema } from "@rjsf/utils";
import type { JsonSchema } from "../definitions/bundle";
import type { Step } from "../definitions/definitions";
import type { ErrorObject } from "../definitions/ajv";
import { toRenderSchema, unknownWidgets, withoutWidgets } from "../form/render-schema";
import { describeAjvErrors, keyLabel } from "../validation/messages";
import type { StepValidator } from "../validation/validate";
import { WIDGET_NAMES } from "../definitions/widget-names";
import type { PreparedStep } from "./prepare";
import { loadStepChunks, stepChunksLoaded } from "./step-chunks";
import { StepFormBody } from "./step-form/StepFormBody";

export interface SchemaFormDefinition {
  /** The answers' schema with its `$ref`s inlined (engine/definitions/bundle.ts bundleSchema). */
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
}

export interface SchemaFormProps {
  /** Names the form on the page (an id of letters and digits). */
  id: string;
  form: SchemaFormDefinition;
  submitting?: boolean;
  /** Errors of a refused submit, by pointer into the answers. */
  serverErrors?: { pointer: string; message: string }[];
  submitLabel: string;
  onSubmit(answers: unknown): void;
  /** The day its logic reads (yyyy-MM-dd): the caller's, the browser's. */
  today: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A required field of the form's top level left empty, said as the server's validator says it. */
function requiredCheck(schema: JsonSchema, uiSchema: Record<string, unknown>): StepValidator {
  const required = (Array.isArray(schema.required) ? schema.required : []) as string[];
  const props = (schema.properties ?? {}) as Record<string, { title?: unknown }>;
  const labelFor = (pointer: string) => {
    const key = pointer.slice(1);
    const ui = uiSchema[key] as Record<string, unknown> | undefined;
    const title = ui?.["ui:title"] ?? props[key]?.title;
    return typeof title === "string" ? title : keyLabel(key);
  };
  return (answers) => {
    const given = (answers ?? {}) as Record<string, unknown>;
    const missing: ErrorObject[] = required
      .filter((key) => isEmpty(given[key]))
      .map((key) => ({
        keyword: "required",
        instancePath: "",
        schemaPath: "#/required",
        params: { missingProperty: key },
        parentSchema: schema,
      }));
    const errors = describeAjvErrors(missing, labelFor);
    return { valid: errors.length === 0, errors, answers: given, hidden: [] };
  };
}

/** The form as the step form's body takes it: a step of its own that no flow lists. */
export function prepareSchemaForm(id: string, form: SchemaFormDefinition, dev = false): PreparedStep {
  let uiSchema = form.uiSchema as UiSchema;
  const unknown = unknownWidgets(uiSchema, WIDGET_NAMES);
  if (unknown.length) {
    const message = `form "${id}" uses unknown ui:widget ${unknown.map((u) => `"${u.widget}"`).join(", ")}`;
    if (dev) throw new Error(message);
    console.error(message);
    uiSchema = withoutWidgets(uiSchema, unknown) as UiSchema;
  }
  const step: Step = { id, route: "/", label: id, rank: 0, schema: form.schema as Step["schema"], uiSchema };
  return {
    step,
    bundled: form.schema,
    schema: toRenderSchema(form.schema),
    uiSchema,
    validate: requiredCheck(form.schema, uiSchema as Record<string, unknown>),
    logic: (answers) => ({ hidden: [], required: [], answers, notices: [] }),
  };
}

const DEV = Boolean(import.meta.env?.DEV);

/** Draws the form once the Fluent parts its fields use are loaded (engine/react/step-chunks.ts). */
export function SchemaForm(props: SchemaFormProps): JSX.Element | null {
  const { id, form } = props;
  const prepared = useMemo(() => prepareSchemaForm(id, form, DEV), [id, form]);
  const [ready, setReady] = useState(() => stepChunksLoaded(prepared.step, prepared.bundled));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadStepChunks(prepared.step, prepared.bundled).then(() => live && setReady(true));
    return () => void (live = false);
  }, [prepared, ready]);
  if (!ready) return null;
  return (
    <StepFormBody
      key={id}
      defs={null}
      stepId={id}
      prepared={prepared}
      application={{}}
      today={props.today}
      submitting={props.submitting}
      serverErrors={props.serverErrors}
      submitLabel={props.submitLabel}
      onSubmit={props.onSubmit}
    />
  );
}
