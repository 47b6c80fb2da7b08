// The forms information conditions are answered in (rules/conditions.json params.answerForms, by
// informationType): every informationType the catalogue asks has one, its schema resolves,
// compiles and closes its answer object, and its UI schema names widgets the renderer knows, each
// fitting its field, and fields the schema has, in ui:order lists the form can draw
// (./ui-fields.ts). A form that would not draw, or take no answer, is caught here.
import { escapeSegment } from "../base/pointer";
import { uriOf } from "../base/uris";
import { bundleSchema, type JsonSchema } from "../definitions/bundle";
import type { Definitions, Problem } from "../definitions/definitions";
import { suggest } from "./logic";
import { checkUiFields } from "./ui-fields";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

export function checkConditionForms(defs: Definitions, problems: Problem[]): void {
  const home = defs.ruleSets.get("conditions");
  if (!home) return;
  const { file } = home;
  const params = isObject(home.def.params) ? home.def.params : {};
  const forms = isObject(params.answerForms) ? params.answerForms : {};
  const conditions = isObject(params.conditions) ? params.conditions : {};
  for (const [code, c] of Object.entries(conditions)) {
    const type = isObject(c) && c.type === "information" ? c.informationType : undefined;
    if (typeof type === "string" && !Object.hasOwn(forms, type))
      problems.push({
        file,
        pointer: `/params/conditions/${escapeSegment(code)}/informationType`,
        message: `"${type}" has no form to answer it in (params.answerForms)${suggest(type, Object.keys(forms))}`,
      });
  }
  for (const [type, form] of Object.entries(forms)) {
    const at = `/params/answerForms/${escapeSegment(type)}`;
    if (!isObject(form) || !isObject(form.schema)) {
      problems.push({ file, pointer: at, message: "a form needs a schema (a JSON Schema object)" });
      continue;
    }
    // The server compiles it under a name of its own beside this file (engine/lending/condition-forms.ts).
    const uri = uriOf("rules", `conditions.answer-${type}.json`);
    let bundled: JsonSchema;
    try {
      bundled = bundleSchema(defs.files, form.schema, uri);
      defs.ajv.getSchema(uri) ?? defs.ajv.compile({ ...form.schema, $id: uri });
    } catch (error) {
      problems.push({
        file,
        pointer: `${at}/schema`,
        message: `the answer schema does not compile: ${(error as Error).message}`,
      });
      continue;
    }
    const fields = isObject(bundled.properties) ? Object.keys(bundled.properties) : [];
    if (bundled.type !== "object" || bundled.additionalProperties !== false || !fields.length)
      problems.push({
        file,
        pointer: `${at}/schema`,
        message:
          "the answer must be an object with its fields listed and no others (additionalProperties: false)",
      });
    const ui = isObject(form.uiSchema) ? form.uiSchema : {};
    const root = { schema: bundled, base: uri, doc: bundled };
    checkUiFields(defs.files, root, ui, file, `${at}/uiSchema`, problems);
  }
}
