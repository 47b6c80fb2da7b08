// Each entry of a UI schema against the answer it dresses, as the form (RJSF) reads it: an entry
// that names no field is dropped without a word (a misspelt "zipp" leaves the ZIP code without its
// keypad and autocomplete settings); a widget that cannot hold its field's value strands the
// applicant (a currency widget stores 90210 where the ZIP code's schema wants text, so every answer
// is refused; a yes/no or a list on a field with no listed choices offers nothing to pick; a layout
// on a single answer shows a configuration error); an empty ui:title leaves the field unlabelled; a
// widget name the renderer lacks, a misspelt UI key or an option no reader takes is ignored. The
// one walk of a UI schema beside its schema: each entry's ui:order is ./ui-order.ts's to judge.
import { escapeSegment } from "../base/pointer";
import { isObject } from "../base/objects";
import { suggest } from "../base/text";
import type { DefinitionFiles, Problem } from "../definitions/definitions";
import { schemasAt, type SchemaAt } from "../definitions/schema-walk";
import {
  LIST_OPTIONS,
  OBJECT_OPTIONS,
  STEP_OPTIONS,
  SUBMIT_BUTTON_OPTIONS,
  UI_KEYS,
  WIDGET_NAMES,
  WIDGET_OPTIONS,
  WIDGET_STORES,
  type WidgetStores,
} from "../definitions/widget-names";
import { autofillMistake } from "./autofill";
import { shapeOf } from "./fit";
import { checkUiOrder } from "./ui-order";

type Shape = ReturnType<typeof shapeOf>;

const jsonType = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v;

/** The JSON types a field's value may take: its schema's, else those of the values it lists. */
const typesOf = (shape: Shape) =>
  shape.types.size ? shape.types : new Set((shape.values ?? []).map(jsonType));

const WHAT: Record<Exclude<WidgetStores, "any" | "choice" | "choices">, string[]> = {
  number: ["number", "integer"],
  string: ["string"],
  text: ["string", "number", "integer"],
  boolean: ["boolean"],
  object: ["object"],
};

const STORED: Record<WidgetStores, string> = {
  number: "stores a number",
  string: "stores text",
  text: "stores text or a number",
  boolean: "stores true or false",
  choice: "offers the field's listed choices",
  choices: "offers the choices listed for the list's items",
  object: "lays out an object's fields",
  any: "stores nothing",
};

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/** Why `widget` cannot hold the field `shape` describes (`items`: its list items'), or null. */
function misfit(widget: string, shape: Shape, items: Shape | null): string | null {
  const stores = (WIDGET_STORES as Record<string, WidgetStores>)[widget];
  if (!stores || stores === "any") return null; // an unknown name is step.ts's to report
  const types = typesOf(shape);
  const says = (what: string) => `the ${widget} widget ${STORED[stores]}, ${what}`;
  if (stores === "choice")
    return shape.values?.length || types.has("boolean")
      ? null
      : says("and this field lists none: the form would offer nothing to pick");
  if (stores === "choices")
    return types.has("array") && items?.values?.length
      ? null
      : says("and this field is no list of listed choices: the form would offer nothing to tick");
  const held = [...types].filter((t) => t !== "null" && !(t === "integer" && types.has("number")));
  if (!held.length || held.some((t) => WHAT[stores].includes(t))) return null;
  const holds = `this field holds ${held.map((t) => TYPE_WORDS[t] ?? t).join(" or ")}`;
  return says(
    stores === "object"
      ? `and ${holds}: the form would show a configuration error instead of the step`
      : `and ${holds}: every answer would be refused`,
  );
}

/**
 * Every entry of `ui` (a step's or a form's uiSchema) against the schema of `root` it dresses:
 * `segments` is where `ui` stands (a list's items as "*").
 */
export function checkUiFields(
  files: DefinitionFiles,
  root: SchemaAt,
  ui: unknown,
  file: string,
  at: string,
  problems: Problem[],
  segments: string[] = [],
): void {
  if (!isObject(ui)) return;
  const schemas = schemasAt(files, root, segments);
  if (!schemas.length) return;
  const shape = shapeOf(files, schemas);
  const isList = shape.types.has("array");
  const items = isList ? shapeOf(files, schemasAt(files, root, [...segments, "*"])) : null;
  checkUiKeys(ui, file, at, problems);
  const widget = ui["ui:widget"];
  checkOptions(ui["ui:options"], { widget, shape, root: !segments.length }, file, at, problems);
  checkSubmitButton(
    ui["ui:submitButtonOptions"],
    !segments.length,
    file,
    `${at}/ui:submitButtonOptions`,
    problems,
  );
  if (typeof widget === "string") {
    const wrong = misfit(widget, shape, items);
    if (wrong) problems.push({ file, pointer: `${at}/ui:widget`, message: wrong });
  }
  const title = ui["ui:title"];
  if (typeof title === "string" && !title.trim())
    problems.push({
      file,
      pointer: `${at}/ui:title`,
      message:
        "an empty title leaves the field with no label for the applicant or a screen reader: write one, or leave ui:title out for the schema's",
    });
  const autocomplete = ui["ui:autocomplete"];
  const autofill = typeof autocomplete === "string" ? autofillMistake(autocomplete) : null;
  if (autofill) problems.push({ file, pointer: `${at}/ui:autocomplete`, message: autofill });
  // A list's labels are its items' choices' (the checkboxes of a list).
  checkEnumNames(items ?? shape, ui["ui:enumNames"], file, `${at}/ui:enumNames`, problems);
  checkUiOrder(files, schemas, ui["ui:order"], file, at, problems);
  for (const [key, child] of Object.entries(ui)) {
    if (key.startsWith("ui:")) continue;
    const listItems = key === "items" && isList;
    if (!listItems && !shape.properties.has(key)) {
      problems.push({
        file,
        pointer: `${at}/${escapeSegment(key)}`,
        message: `"${key}" is not a field here, so the form ignores what it says of it${suggest(key, shape.properties.keys())}`,
      });
      continue;
    }
    checkUiFields(files, root, child, file, `${at}/${escapeSegment(key)}`, problems, [
      ...segments,
      listItems ? "*" : key,
    ]);
  }
}

/** The ui: keys of one entry are keys the form reads, and its ui:widget one the renderer has. */
function checkUiKeys(ui: Record<string, unknown>, file: string, at: string, problems: Problem[]) {
  for (const [key, value] of Object.entries(ui)) {
    const pointer = `${at}/${escapeSegment(key)}`;
    if (key === "ui:widget" && (typeof value !== "string" || !WIDGET_NAMES.includes(value)))
      problems.push({
        file,
        pointer,
        message: `unknown widget "${String(value)}"${suggest(String(value), WIDGET_NAMES)}`,
      });
    else if (key.startsWith("ui:") && !UI_KEYS.includes(key))
      problems.push({
        file,
        pointer,
        message: `unknown UI key "${key}"${suggest(key, UI_KEYS)}: the form would ignore it`,
      });
  }
}

/** What any field's ui:options may say: what its `ui:` keys say (RJSF's getUiOptions reads both). */
const FIELD_OPTIONS = UI_KEYS.map((key) => key.slice(3)).filter(
  (key) => key !== "options" && key !== "order",
);

/** Each ui:options key is one the field's widget, its kind (an object, a list) or the step reads. */
function checkOptions(
  options: unknown,
  field: { widget: unknown; shape: Shape; root: boolean },
  file: string,
  at: string,
  problems: Problem[],
) {
  if (!isObject(options)) return;
  const { widget, shape, root } = field;
  const own = (WIDGET_OPTIONS as Record<string, readonly string[]>)[String(widget)] ?? [];
  const read = [
    ...FIELD_OPTIONS,
    ...own,
    ...(shape.types.has("object") ? OBJECT_OPTIONS : []),
    ...(shape.types.has("array") ? LIST_OPTIONS : []),
    ...(root ? STEP_OPTIONS : []),
  ];
  const reader = typeof widget === "string" ? `the ${widget} widget` : "this field";
  for (const key of Object.keys(options))
    if (!read.includes(key))
      problems.push({
        file,
        pointer: `${at}/ui:options/${escapeSegment(key)}`,
        message: `"${key}" is not an option ${reader} reads, so the form ignores it${suggest(key, read)}`,
      });
}

/** The step's button words: read at its root only, and only the keys the step's form reads. */
function checkSubmitButton(options: unknown, root: boolean, file: string, at: string, problems: Problem[]) {
  if (options === undefined) return;
  if (!root)
    return problems.push({
      file,
      pointer: at,
      message:
        "the button's words are read at the step's root only, so the form ignores them here: move them to the uiSchema's top level",
    });
  if (!isObject(options)) return;
  for (const key of Object.keys(options))
    if (!SUBMIT_BUTTON_OPTIONS.includes(key))
      problems.push({
        file,
        pointer: `${at}/${escapeSegment(key)}`,
        message: `"${key}" is not a button option the step reads, so the form ignores it${suggest(key, SUBMIT_BUTTON_OPTIONS)}`,
      });
}

/**
 * ui:enumNames relabels a list of choices (RJSF's optionsList): by value (an object) or by position
 * (a list). A value no choice has, or a label past the last choice, is never shown; on a field
 * that lists no choices all of it is ignored.
 */
function checkEnumNames(shape: Shape, names: unknown, file: string, at: string, problems: Problem[]) {
  if (names === undefined) return;
  const values = (shape.values ?? []).map(String);
  const say = (pointer: string, message: string) => problems.push({ file, pointer, message });
  if (!values.length) return say(at, "the field lists no choices, so these labels are never shown");
  if (Array.isArray(names)) {
    if (names.length !== values.length)
      say(
        at,
        `${names.length} labels for the field's ${values.length} choices, matched by position: ${names.length > values.length ? "the labels past the last choice are never shown" : "the choices past the last label show their raw value"}`,
      );
    return;
  }
  if (isObject(names))
    for (const key of Object.keys(names))
      if (!values.includes(key))
        say(
          `${at}/${escapeSegment(key)}`,
          `"${key}" is not one of the field's choices, so this label is never shown${suggest(key, values)}`,
        );
}
