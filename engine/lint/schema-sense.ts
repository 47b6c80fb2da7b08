// What a schema says that no answer can satisfy, or that shows wrong: bounds that cross (a minimum
// above the maximum, counting those a $ref brings), a list of choices none of which the field's
// own rules let through (the choices of a $ref'd enumeration under a minimum of the step's), a
// default the field refuses, an enumeration that lists a value twice, and a labelled choice (a
// oneOf/anyOf branch with a const) without the label the form shows, and an errorMessage for a
// keyword not written beside it (never shown). Checked in every file of schemas/ and in every
// step's answer schema.
import { createAjv, type Ajv } from "../definitions/ajv";
import { uriOf } from "../base/uris";
import type { Definitions, Problem } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";
import { suggest } from "../base/text";
import { expand, type SchemaAt } from "../definitions/schema-walk";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Keywords whose value is data, never a schema: not walked into. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples", "required", "errorMessage"]);

/** Lower and upper bound keywords, and what they bound. */
const BOUNDS: { low: string[]; high: string[]; what: string }[] = [
  { low: ["minimum", "exclusiveMinimum"], high: ["maximum", "exclusiveMaximum"], what: "number" },
  { low: ["minLength"], high: ["maxLength"], what: "text" },
  { low: ["minItems"], high: ["maxItems"], what: "list" },
  { low: ["minProperties"], high: ["maxProperties"], what: "object" },
];

/** The schema and what it must also satisfy through $ref and allOf (never oneOf/anyOf: alternatives). */
export function conjuncts(files: Definitions["files"], at: SchemaAt, depth = 0): SchemaAt[] {
  if (depth > 20) return [at];
  const out = [at];
  if (typeof at.schema.$ref === "string") {
    const target = expand(files, { ...at, schema: { $ref: at.schema.$ref } })[1];
    if (target) out.push(...conjuncts(files, target, depth + 1));
  }
  if (Array.isArray(at.schema.allOf))
    for (const branch of at.schema.allOf)
      if (isObject(branch)) out.push(...conjuncts(files, { ...at, schema: branch }, depth + 1));
  return out;
}

const where = (at: SchemaAt, own: SchemaAt) =>
  at.schema === own.schema ? "" : ` (from ${at.base.replace(/^.*\/(schemas|steps)\//, "$1/")})`;

/** The values a list of choices offers: an enum, or a oneOf/anyOf whose every branch is a const. */
function choicesOf(schema: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum;
  for (const combinator of ["oneOf", "anyOf"] as const) {
    const branches = schema[combinator];
    if (
      Array.isArray(branches) &&
      branches.length &&
      branches.every((b) => isObject(b) && Object.hasOwn(b, "const"))
    )
      return branches.map((b) => (b as Record<string, unknown>).const);
  }
  return null;
}

const jsonType = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? "number"
        : typeof value;

/** The keywords a single value is held to, beside its choices (the rest: structure, words, combinators). */
const VALUE_KEYWORDS = [
  "type",
  "const",
  "enum",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
];

const BOUNDING_KEYWORDS = VALUE_KEYWORDS.filter((key) => key !== "type" && key !== "enum");

/**
 * The value rules of every conjunct as one ajv validator (`withChoices`: their lists of choices
 * too), or null where ajv cannot compile them (the meta-schema check's to report). Each rule gets
 * a type (ajv's strict mode refuses a bound without one): the field's own, else the types of the
 * values to judge, which leaves each of them its type.
 */
function valueRules(ajv: Ajv, all: SchemaAt[], values: unknown[], withChoices: boolean) {
  const type = all.map((part) => part.schema.type).find((t) => t !== undefined) ?? [
    ...new Set(values.map(jsonType)),
  ];
  const rules = all.map(({ schema }) => {
    const own: Record<string, unknown> = { type };
    for (const key of VALUE_KEYWORDS) if (Object.hasOwn(schema, key)) own[key] = schema[key];
    const choices = withChoices && !own.enum ? choicesOf(schema) : null;
    if (choices) own.enum = choices;
    return own;
  });
  try {
    return ajv.compile({ allOf: rules });
  } catch {
    return null;
  }
}

/** Why the value rules refused a value, each reason once. */
const reasonsOf = (validate: NonNullable<ReturnType<typeof valueRules>>) =>
  [...new Set((validate.errors ?? []).map((e) => e.message ?? "refused"))].join(", ");

/**
 * A list of choices none of which passes the rules the field adds to it (a minimum of the step's
 * over an enumeration of schemas/): the form offers each and the server refuses each. Judged by
 * ajv, the rules of every conjunct (the node, its $ref, its allOf) each holding.
 */
function checkChoices(
  ajv: Ajv,
  all: SchemaAt[],
  at: SchemaAt,
  pointer: string,
  file: string,
  problems: Problem[],
) {
  const listed = all.map((part) => ({ part, values: choicesOf(part.schema) })).find((c) => c.values);
  if (!listed?.values?.length) return;
  // Most lists have no rule beside their values and type: nothing to judge.
  if (!all.some(({ schema }) => BOUNDING_KEYWORDS.some((key) => Object.hasOwn(schema, key)))) return;
  const validate = valueRules(ajv, all, listed.values, false);
  if (!validate) return;
  let refusal = "";
  for (const value of listed.values) {
    if (validate(value)) return;
    refusal ||= `${JSON.stringify(value)}: ${reasonsOf(validate)}`;
  }
  problems.push({
    file,
    pointer,
    message: `none of its ${listed.values.length} choices${where(listed.part, at)} passes the rules the field adds to them (${refusal}): the form offers each and every answer is refused`,
  });
}

/**
 * A default the field's own rules refuse (a usage that is not one of its choices): the form fills
 * it in, showing no choice picked, and the save refuses it at a field that looks unanswered. Judged
 * like the choices, against the value rules and the choices of every conjunct.
 */
function checkDefault(
  ajv: Ajv,
  all: SchemaAt[],
  at: SchemaAt,
  pointer: string,
  file: string,
  problems: Problem[],
) {
  const value = at.schema.default;
  if (value === undefined || (value !== null && typeof value === "object")) return;
  const validate = valueRules(ajv, all, [value], true);
  if (!validate || validate(value)) return;
  problems.push({
    file,
    pointer: `${pointer}/default`,
    message: `the default ${JSON.stringify(value)} is not an answer the field takes (${reasonsOf(validate)}): the form fills it in and the save refuses it`,
  });
}

/**
 * An errorMessage object replaces the errors of the keywords it names, and only of those written in
 * the same schema object (ajv-errors): a misspelt keyword ("patern"), or one the schema has only
 * through its $ref, leaves the message unshown and the applicant reads the generic words instead.
 */
function checkErrorMessage(
  all: SchemaAt[],
  at: SchemaAt,
  pointer: string,
  file: string,
  problems: Problem[],
) {
  const messages = at.schema.errorMessage;
  if (!isObject(messages)) return;
  const own = Object.keys(at.schema).filter((key) => key !== "errorMessage");
  for (const key of Object.keys(messages)) {
    if (key === "_" || own.includes(key)) continue; // "_": the errors no other key takes
    const from = all.find((part) => part !== all[0] && Object.hasOwn(part.schema, key));
    problems.push({
      file,
      pointer: `${pointer}/errorMessage/${escapeSegment(key)}`,
      message: from
        ? `the message for "${key}" is never shown: "${key}" is written not here but in ${from.base.replace(/^.*\/(schemas|steps)\//, "$1/")} (through $ref), and a message replaces only the errors of keywords beside it: write "${key}" here too`
        : `"${key}" is not a keyword of this schema, so its message is never shown (the applicant reads the generic words instead)${suggest(key, own)}`,
    });
  }
}

function checkNode(
  ajv: Ajv,
  files: Definitions["files"],
  at: SchemaAt,
  file: string,
  pointer: string,
  problems: Problem[],
) {
  const all = conjuncts(files, at);
  checkChoices(ajv, all, at, pointer, file, problems);
  checkDefault(ajv, all, at, pointer, file, problems);
  checkErrorMessage(all, at, pointer, file, problems);
  for (const { low, high, what } of BOUNDS) {
    let lowest: { value: number; key: string; from: SchemaAt } | null = null;
    let highest: { value: number; key: string; from: SchemaAt } | null = null;
    for (const part of all) {
      for (const key of low) {
        const value = part.schema[key];
        if (typeof value === "number" && (!lowest || value > lowest.value))
          lowest = { value, key, from: part };
      }
      for (const key of high) {
        const value = part.schema[key];
        if (typeof value === "number" && (!highest || value < highest.value))
          highest = { value, key, from: part };
      }
    }
    if (!lowest || !highest) continue;
    const exclusive = lowest.key.startsWith("exclusive") || highest.key.startsWith("exclusive");
    if (lowest.value > highest.value || (exclusive && lowest.value === highest.value)) {
      // Said where the mistake is: the node that sets the bound written here.
      const own = lowest.from.schema === at.schema ? lowest.key : highest.key;
      problems.push({
        file,
        pointer: `${pointer}/${own}`,
        message: `${lowest.key} ${lowest.value}${where(lowest.from, at)} is above ${highest.key} ${highest.value}${where(highest.from, at)}: no ${what} can be given, so every answer is refused`,
      });
    }
  }

  if (Array.isArray(at.schema.enum)) {
    const seen = new Set<string>();
    at.schema.enum.forEach((value, i) => {
      const key = JSON.stringify(value);
      if (seen.has(key))
        problems.push({
          file,
          pointer: `${pointer}/enum/${i}`,
          message: `the value ${key} is listed twice: choosing it would be refused`,
        });
      seen.add(key);
    });
  }
  for (const combinator of ["oneOf", "anyOf"] as const) {
    const branches = at.schema[combinator];
    if (!Array.isArray(branches)) continue;
    const seen = new Map<string, number>();
    // A list of choices: every branch a value (or nothing); a mixed oneOf (a number or "none") is not one.
    const choices = branches.every(
      (b) => isObject(b) && (Object.hasOwn(b, "const") || (b.type === "null" && Object.keys(b).length <= 2)),
    );
    branches.forEach((branch, i) => {
      if (!isObject(branch) || !Object.hasOwn(branch, "const")) return;
      const key = JSON.stringify(branch.const);
      const first = seen.get(key);
      if (first !== undefined)
        problems.push({
          file,
          pointer: `${pointer}/${combinator}/${i}/const`,
          message: `the value ${key} is listed twice (also at ${combinator}/${first}): ${combinator === "oneOf" ? "choosing it matches two choices and is refused" : "the list shows it twice"}`,
        });
      else seen.set(key, i);
      if (choices && (typeof branch.title !== "string" || branch.title.trim() === ""))
        problems.push({
          file,
          pointer: `${pointer}/${combinator}/${i}`,
          message: `the value ${key} has no label (title): the form would show ${key} itself to the applicant`,
        });
    });
  }
}

function walkSchema(
  ajv: Ajv,
  files: Definitions["files"],
  at: SchemaAt,
  file: string,
  pointer: string,
  problems: Problem[],
) {
  checkNode(ajv, files, at, file, pointer, problems);
  for (const [key, value] of Object.entries(at.schema)) {
    if (DATA_KEYWORDS.has(key) || key === "$ref") continue;
    const childAt = `${pointer}/${escapeSegment(key)}`;
    if (Array.isArray(value))
      value.forEach((item, i) => {
        if (isObject(item))
          walkSchema(ajv, files, { ...at, schema: item }, file, `${childAt}/${i}`, problems);
      });
    else if (isObject(value)) {
      // properties, $defs, patternProperties: a map of schemas; anything else with an object is a schema.
      if (key === "properties" || key === "$defs" || key === "definitions" || key === "patternProperties")
        for (const [name, child] of Object.entries(value)) {
          if (isObject(child))
            walkSchema(
              ajv,
              files,
              { ...at, schema: child },
              file,
              `${childAt}/${escapeSegment(name)}`,
              problems,
            );
        }
      else walkSchema(ajv, files, { ...at, schema: value }, file, childAt, problems);
    }
  }
}

/** Every schema of schemas/ (not the meta-schemas) and every step's answer schema. */
export function checkSchemaSense(defs: Definitions, problems: Problem[]): void {
  // An ajv of its own for the fields' value rules: the set's knows the schemas the browser is sent.
  const ajv = createAjv({}, { trusted: true });
  for (const [path, doc] of Object.entries(defs.files.schemas)) {
    if (!isObject(doc) || path.endsWith(".schema.json")) continue;
    walkSchema(
      ajv,
      defs.files,
      { schema: doc, base: uriOf("schemas", path), doc },
      `schemas/${path}`,
      "",
      problems,
    );
  }
  for (const { file, def } of defs.steps.values())
    walkSchema(
      ajv,
      defs.files,
      {
        schema: def.schema as Record<string, unknown>,
        base: uriOf("steps", file.replace(/^steps\//, "")),
        doc: def,
      },
      file,
      "/schema",
      problems,
    );
}
