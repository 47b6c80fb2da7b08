// The cross-checks of one step file: its answer schema compiles and closes every object, its UI
// schema dresses fields it has with widgets and lists that fit them (./ui-fields.ts), and every
// field its logic, sections, prefill, sameAs and new items name is an answer of the step or of the
// application.
import { uriOf } from "../base/uris";
import { escapeSegment } from "../base/pointer";
import type { DefinitionFiles, Definitions, Problem } from "../definitions/definitions";
import { propertyNamesAt, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import type { Step } from "../generated/schema-types";
import { prefillSource } from "../logic/prefill";
import { prefillMisfit } from "./fit";
import { enumerationOf, suggest } from "./logic";
import { checkParamsPath, checkRulesPath, nameAsText, scanLogic, type LogicRef } from "./logic-refs";
import { checkSameAs } from "./same-as";
import { checkSections } from "./sections";
import { checkUiFields } from "./ui-fields";

const esc = escapeSegment;

/** What the checks of one step share: the step, its file, and where its answers and the application's are described. */
interface StepLint {
  defs: Definitions;
  files: DefinitionFiles;
  file: string;
  step: Step;
  stepRoot: SchemaAt;
  appRoot: SchemaAt | null;
  problems: Problem[];
}

/** Every cross-check of one step file, in the order its problems are listed. */
export function checkStep(defs: Definitions, file: string, step: Step, problems: Problem[]) {
  const files = defs.files;
  const stepRoot: SchemaAt = {
    schema: step.schema as Record<string, unknown>,
    base: uriOf("steps", file.replace(/^steps\//, "")),
    doc: step,
  };
  const lint: StepLint = {
    defs,
    files,
    file,
    step,
    stepRoot,
    appRoot: schemaFile(files, "application.json"),
    problems,
  };
  if (!compiles(lint)) return;
  checkClosed(lint, step.schema, "/schema");
  checkUiFields(files, stepRoot, step.uiSchema, file, "/uiSchema", problems);
  checkAutoAdvance(file, step, problems);
  checkChoiceImages(defs, stepRoot, file, step, problems);
  const checkPointer = (field: string, pointer: string) => checkField(lint, field, pointer);
  checkSections(files, stepRoot, file, step, problems, checkPointer);
  checkSameAs(files, { step: stepRoot, application: lint.appRoot }, file, step, problems, checkPointer);
  checkFieldLogic(lint);
  checkPrefill(lint);
  checkNewItems(lint);
}

const fieldExists = ({ files, stepRoot }: StepLint, segments: string[]) =>
  schemasAt(files, stepRoot, segments).length > 0;

/** Whether the step's answer schema compiles; nothing else is checked of a step whose schema does not. */
function compiles({ defs, file, step, stepRoot, problems }: StepLint): boolean {
  try {
    // Compiled once here under the step's URI; the validator finds it there (compileStepSchema).
    defs.ajv.compile({ ...step.schema, $id: stepRoot.base });
    return true;
  } catch (error) {
    problems.push({
      file,
      pointer: "/schema",
      message: `the answer schema does not compile: ${(error as Error).message}`,
    });
    return false;
  }
}

/**
 * A step may only write the fields it asks: every object it describes inline must close itself,
 * or a client could slip other parts of the application into this step's answers.
 */
function checkClosed(lint: StepLint, node: unknown, at: string) {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((n, i) => checkClosed(lint, n, `${at}/${i}`));
  const schema = node as Record<string, unknown>;
  if (schema.properties && schema.additionalProperties !== false)
    lint.problems.push({
      file: lint.file,
      pointer: at,
      message: 'an object in a step\'s answer schema must set "additionalProperties": false',
    });
  for (const [key, value] of Object.entries(schema))
    if (key !== "const" && key !== "enum" && key !== "default") checkClosed(lint, value, `${at}/${esc(key)}`);
}

/** A field pointer the step names (`/user/ssn`) is one of its answers. */
function checkField(lint: StepLint, field: string, pointer: string) {
  const segments = field.split("/").slice(1);
  if (fieldExists(lint, segments)) return;
  const parent = segments.slice(0, -1);
  lint.problems.push({
    file: lint.file,
    pointer,
    message: `field "${field}" is not in this step's answers${suggest(segments.at(-1) ?? "", propertyNamesAt(lint.files, lint.stepRoot, parent))}`,
  });
}

/** A message's {name} must be one of its details (a check's or a notice's). */
function checkQuotes(
  { file, problems }: StepLint,
  entry: { message: string; details?: Record<string, unknown> },
  at: string,
) {
  for (const [, name] of entry.message.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g))
    if (!entry.details || !Object.hasOwn(entry.details, name!))
      problems.push({
        file,
        pointer: `${at}/message`,
        message: `the message quotes {${name}} but details has no "${name}"`,
      });
}

/** Each field a piece of the step's logic reads is an answer of the step or of the application. */
function checkLogicReads(lint: StepLint, logic: unknown, pointer: string, field?: string) {
  const texts: LogicRef[] = [];
  for (const ref of scanLogic(logic, pointer, lint.file, lint.problems, texts))
    if (!(ref.inIteration && ref.kind === "var")) checkRead(lint, ref, lint.problems, field); // else reads a list item
  // A text that reads as a field would (no problem found) names one: its value was meant.
  for (const text of texts) {
    if (text.inIteration) continue; // an item's own names are not the application's
    const found: Problem[] = [];
    checkRead(lint, text, found, field);
    if (!found.length) lint.problems.push(nameAsText(lint.file, text));
  }
}

/** One path the logic reads: a param, a rules output, a list item's, or an answer of the step or the application. */
function checkRead(lint: StepLint, ref: LogicRef, problems: Problem[], field?: string) {
  const { defs, files, file, stepRoot, appRoot } = lint;
  const segments = ref.path.split(".");
  const [head, ...rest] = segments;
  if (head === "today" && rest.length === 0) return;
  if (head === "params") return checkParamsPath(defs, rest, file, ref.pointer, problems);
  if (head === "rules") return checkRulesPath(defs, rest, file, ref.pointer, problems);
  if (head === "item" || head === "index")
    return checkItemRead({ ...lint, problems }, head, rest, ref.pointer, field);
  if (fieldExists(lint, segments) || (appRoot && schemasAt(files, appRoot, segments).length)) return;
  const parent = segments.slice(0, -1);
  const candidates = [
    ...propertyNamesAt(files, stepRoot, parent),
    ...(appRoot ? propertyNamesAt(files, appRoot, parent) : []),
  ];
  problems.push({
    file,
    pointer: ref.pointer,
    message: `unknown field "${ref.path}": not in this step's answers nor in the application${suggest(segments.at(-1)!, candidates)}`,
  });
}

/** `item` and `index` read the list item a field pointer with * is about. */
function checkItemRead(
  lint: StepLint,
  head: "item" | "index",
  rest: string[],
  pointer: string,
  field?: string,
) {
  const { files, file, appRoot, problems } = lint;
  if (!field?.includes("/*"))
    problems.push({
      file,
      pointer,
      message: `"${head}" is only defined for a field pointer with * (a list item)`,
    });
  else if (head === "item" && rest.length > 0) {
    const itemSegments = field
      .slice(1, field.lastIndexOf("/*"))
      .split("/")
      .concat("*", ...rest);
    if (!fieldExists(lint, itemSegments) && !(appRoot && schemasAt(files, appRoot, itemSegments).length))
      problems.push({
        file,
        pointer,
        message: `list item has no field "${rest.join(".")}"`,
      });
  }
}

/** The logic of visibleWhen, requiredWhen, checks, next, notices and skipWhen, and the fields they name. */
function checkFieldLogic(lint: StepLint) {
  const { step } = lint;
  for (const key of ["visibleWhen", "requiredWhen"] as const)
    for (const [field, logic] of Object.entries(step[key] ?? {})) {
      checkField(lint, field, `/${key}/${esc(field)}`);
      checkLogicReads(lint, logic, `/${key}/${esc(field)}`, field);
    }
  step.checks?.forEach((check, i) => {
    checkField(lint, check.field, `/checks/${i}/field`);
    checkLogicReads(lint, check.logic, `/checks/${i}/logic`, check.field);
    for (const [name, logic] of Object.entries(check.details ?? {}))
      checkLogicReads(lint, logic, `/checks/${i}/details/${esc(name)}`, check.field);
    checkQuotes(lint, check, `/checks/${i}`);
  });
  step.next?.forEach((branch, i) => {
    if (branch.when !== undefined) checkLogicReads(lint, branch.when, `/next/${i}/when`);
    if (typeof branch.goto !== "string") checkLogicReads(lint, branch.goto, `/next/${i}/goto`);
  });
  step.notices?.forEach((notice, i) => {
    checkField(lint, notice.field, `/notices/${i}/field`);
    checkLogicReads(lint, notice.when, `/notices/${i}/when`, notice.field);
    for (const [name, logic] of Object.entries(notice.details ?? {}))
      checkLogicReads(lint, logic, `/notices/${i}/details/${esc(name)}`, notice.field);
    checkQuotes(lint, notice, `/notices/${i}`);
  });
  if (step.skipWhen !== undefined) checkLogicReads(lint, step.skipWhen, "/skipWhen");
}

/** Each prefilled field is one answer of the step, from a source of the application that fits it. */
function checkPrefill(lint: StepLint) {
  const { files, file, step, stepRoot, appRoot, problems } = lint;
  for (const [field, source] of Object.entries(step.prefill ?? {})) {
    const at = `/prefill/${esc(field)}`;
    const { from, value, when } = prefillSource(source);
    const fromAt = typeof source === "string" ? at : `${at}/from`;
    if (field.includes("/*")) {
      problems.push({
        file,
        pointer: at,
        message: `a prefilled field is one answer, not every item of a list ("${field}")`,
      });
      continue;
    }
    checkField(lint, field, at);
    if (when !== undefined) checkLogicReads(lint, when, `${at}/when`, field);
    // Computed from the answers: its fields must exist; its value is judged like any answer on save.
    if (from === undefined) {
      checkLogicReads(lint, value, `${at}/value`, field);
      continue;
    }
    if (!appRoot) continue;
    const fromSegments = from.split("/").slice(1);
    const sources = schemasAt(files, appRoot, fromSegments);
    if (sources.length === 0) {
      problems.push({
        file,
        pointer: fromAt,
        message: `prefill source "${from}" is not in the application${suggest(fromSegments.at(-1) ?? "", propertyNamesAt(files, appRoot, fromSegments.slice(0, -1)))}`,
      });
      continue;
    }
    const targets = schemasAt(files, stepRoot, field.split("/").slice(1));
    const misfit = targets.length ? prefillMisfit(files, sources, targets) : null;
    if (misfit)
      problems.push({
        file,
        pointer: fromAt,
        message: `prefill source "${from}" does not fit "${field}": ${misfit}`,
      });
  }
}

/** A new list item's starting values name fields an item has, and read fields that exist. */
function checkNewItems(lint: StepLint) {
  const { file, step, problems } = lint;
  for (const [list, fields] of Object.entries(step.newItems ?? {})) {
    checkField(lint, list, `/newItems/${esc(list)}`);
    for (const [field, logic] of Object.entries(fields ?? {})) {
      if (!fieldExists(lint, [...list.split("/").slice(1), "*", field]))
        problems.push({
          file,
          pointer: `/newItems/${esc(list)}/${esc(field)}`,
          message: `an item of "${list}" has no field "${field}"`,
        });
      checkLogicReads(lint, logic, `/newItems/${esc(list)}/${esc(field)}`);
    }
  }
}

/** The single-choice widgets a step may advance on (`ui:options.autoAdvance`). */
const SINGLE_CHOICE_WIDGETS = new Set(["yesNo", "choiceCards", "imageChoice", "radio"]);

/**
 * A step that advances when a choice is made (root `ui:options.autoAdvance`) asks one question,
 * a single choice: with a second field the applicant would be moved on before answering it.
 */
function checkAutoAdvance(file: string, step: Step, problems: Problem[]) {
  const ui = (step.uiSchema ?? {}) as Record<string, unknown>;
  const options = ui["ui:options"] as Record<string, unknown> | undefined;
  if (options?.autoAdvance === undefined) return;
  const at = "/uiSchema/ui:options/autoAdvance";
  if (typeof options.autoAdvance !== "boolean")
    return void problems.push({ file, pointer: at, message: "autoAdvance is true or false" });
  if (!options.autoAdvance) return;
  const fields: string[] = [];
  const walk = (schema: unknown, path: string[]) => {
    const props = (schema as { properties?: Record<string, unknown> } | null)?.properties;
    if (!props || Object.keys(props).length === 0) return void (path.length && fields.push(path.join("/")));
    for (const [key, value] of Object.entries(props)) walk(value, [...path, key]);
  };
  walk(step.schema, []);
  const widgetOf = (path: string) =>
    path
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], ui) as
      Record<string, unknown> | undefined;
  const widget = fields.length === 1 ? widgetOf(fields[0]!)?.["ui:widget"] : undefined;
  if (fields.length !== 1 || typeof widget !== "string" || !SINGLE_CHOICE_WIDGETS.has(widget))
    problems.push({
      file,
      pointer: at,
      message: `a step advances on a choice only when it asks one single-choice question (${[...SINGLE_CHOICE_WIDGETS].join(", ")}); this one asks ${fields.length === 1 ? `/${fields[0]} with ${widget ? `the ${String(widget)} widget` : "no choice widget"}` : `${fields.length} fields`}`,
    });
}

/**
 * An image per choice (`ui:options.images` of an imageChoice field) is keyed by the field's values:
 * a key no value has is never shown, and a value renamed in schemas/ loses its picture.
 */
function checkChoiceImages(
  defs: Definitions,
  stepRoot: SchemaAt,
  file: string,
  step: Step,
  problems: Problem[],
) {
  const walk = (ui: unknown, path: string[]) => {
    if (!ui || typeof ui !== "object") return;
    const node = ui as Record<string, unknown>;
    const images = (node["ui:options"] as Record<string, unknown> | undefined)?.images;
    if (node["ui:widget"] === "imageChoice" && images && typeof images === "object") {
      const at = `/uiSchema/${[...path, "ui:options", "images"].map(esc).join("/")}`;
      const fields = schemasAt(defs.files, stepRoot, path);
      const values = fields.length ? enumerationOf(defs.files, fields[0]!) : null;
      if (values) {
        const offered = values.filter((v): v is string => typeof v === "string");
        for (const key of Object.keys(images))
          if (!offered.includes(key))
            problems.push({
              file,
              pointer: `${at}/${esc(key)}`,
              message: `an image for "${key}", which is not a value of /${path.join("/")} (${offered.join(", ")}): it is never shown${suggest(key, offered)}`,
            });
        for (const value of offered)
          if (!Object.hasOwn(images, value))
            problems.push({
              file,
              pointer: at,
              message: `the choice "${value}" of /${path.join("/")} has no image: its card would show none`,
            });
      }
    }
    for (const [key, value] of Object.entries(node)) if (!key.startsWith("ui:")) walk(value, [...path, key]);
  };
  walk(step.uiSchema, []);
}
