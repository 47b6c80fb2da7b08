// Turns Ajv's errors into one clear message per field, named by the field's title.
import { humanize } from "../base/text";
import type { ErrorObject } from "../definitions/ajv";
import { pointerOf } from "../definitions/definitions";

export interface FieldError {
  /** JSON pointer of the field in the submitted document, e.g. /user/employments/0/startDate. */
  pointer: string;
  message: string;
  /** The check that failed, when a step check (rather than the schema) refused the value. */
  ruleId?: string;
}

/** "percentageOwned" → "Percentage owned": the label of a field whose schema has no title. */
export const keyLabel = (key: string) => humanize(key) || "This field";

function labelOf(error: ErrorObject, pointer: string): string {
  if (error.keyword === "required") {
    const property = (error.params as { missingProperty: string }).missingProperty;
    const sub = (error.parentSchema as { properties?: Record<string, { title?: string }> } | undefined)
      ?.properties?.[property];
    return sub?.title ?? keyLabel(property);
  }
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  if (typeof title === "string") return title;
  const last = pointer.split("/").filter(Boolean).pop() ?? "";
  return /^\d+$/.test(last) ? "This item" : keyLabel(last);
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: "must be a valid email address",
  date: "must be a valid date",
  "date-time": "must be a valid date and time",
  phone: "must be a valid U.S. phone number: 10 digits, area code first",
  ssn: "must be a valid 9-digit Social Security number",
  zip: "must be a valid ZIP code",
};

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a group of answers",
  null: "empty",
};

function phrase(error: ErrorObject): string | null {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case "errorMessage":
      return null; // the schema's own message, used as is
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not a question of this step";
    case "format":
      return FORMAT_MESSAGES[p.format] ?? "is not in the expected format";
    case "type": {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(",")).filter(
        (t: string) => t !== "null",
      );
      return `must be ${types.map((t: string) => TYPE_WORDS[t] ?? t).join(" or ")}`;
    }
    case "minimum":
      return `must be at least ${p.limit}`;
    case "exclusiveMinimum":
      return `must be more than ${p.limit}`;
    case "maximum":
      return `must be at most ${p.limit}`;
    case "exclusiveMaximum":
      return `must be less than ${p.limit}`;
    case "minLength":
      return p.limit === 1 ? "is required" : `must be at least ${p.limit} characters`;
    case "maxLength":
      return `must be at most ${p.limit} characters`;
    case "pattern":
      return "is not in the expected format";
    case "minItems":
      return `needs at least ${p.limit} ${p.limit === 1 ? "entry" : "entries"}`;
    case "maxItems":
      return `allows at most ${p.limit} entries`;
    case "multipleOf":
      return `must be a multiple of ${p.multipleOf}`;
    case "const":
    case "enum":
    case "oneOf":
    case "anyOf":
      return "must be one of the options offered";
    default:
      return error.message ?? "is not valid";
  }
}

// When a value breaks several keywords, the one most useful to a person is shown.
// An enumeration's oneOf names the enumeration ("State"); its const branches name single options.
const PRIORITY = [
  "errorMessage",
  "required",
  "additionalProperties",
  "type",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "pattern",
  "minItems",
  "maxItems",
  "multipleOf",
  "oneOf",
  "anyOf",
];
const rank = (e: ErrorObject) => {
  if (e.keyword === "type" && (e.params as { type: unknown }).type === "null") return 1000; // the "or empty" branch of a nullable field
  const i = PRIORITY.indexOf(e.keyword);
  return i === -1 ? PRIORITY.length : i;
};

/**
 * One error per field pointer, in the order the fields first failed. `labelFor` names a field by
 * its own title (a shared shape's title, such as "Amount", is no name for a field).
 */
export function describeAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  labelFor?: (pointer: string) => string,
): FieldError[] {
  const best = new Map<string, ErrorObject>();
  for (const error of errors ?? []) {
    const pointer = pointerOf(error);
    const seen = best.get(pointer);
    if (!seen || rank(error) < rank(seen)) best.set(pointer, error);
  }
  // "must match one of the branches" above a field that has its own error says nothing more.
  // (Every ancestor of every failing field, collected once: linear in the number of errors.)
  const above = new Set<string>();
  for (const pointer of best.keys())
    for (let at = pointer.lastIndexOf("/"); at >= 0; at = at === 0 ? -1 : pointer.lastIndexOf("/", at - 1))
      above.add(pointer.slice(0, at));
  for (const [pointer, error] of best)
    if ((error.keyword === "anyOf" || error.keyword === "oneOf") && above.has(pointer)) best.delete(pointer);
  return [...best].map(([pointer, error]) => {
    const words = phrase(error);
    const label =
      error.keyword === "additionalProperties" || !labelFor ? labelOf(error, pointer) : labelFor(pointer);
    return { pointer, message: words === null ? String(error.message) : fieldMessage(label, words) };
  });
}

/**
 * A field's label and what is wrong, as one sentence. A label that is a question ("Are you
 * self-employed?") is quoted: "Please answer “Are you self-employed?”", not "…? is required".
 */
export function fieldMessage(label: string, words: string): string {
  if (!label.trim().endsWith("?")) return `${label} ${words}`;
  return words === "is required" ? `Please answer “${label}”` : `The answer to “${label}” ${words}`;
}
