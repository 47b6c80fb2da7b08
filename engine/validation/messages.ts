// Turns Ajv's errors into one clear message per field, named by the field's title.
import { humanize } from "../base/text.ts";
import type { ErrorObject } from "../definitions/ajv";
import { pointerOf } from "../definitions/definitions.ts";
import type { Said } from "../locale/server-words.ts";
import { formWordIn, type FormWordId } from "../locale/form-words.ts";
import type { Words } from "../locale/words.ts";

export interface FieldError {
  /** JSON pointer of the field in the submitted document, e.g. /user/employments/0/startDate. */
  pointer: string;
  message: string;
  /** The check that failed, when a step check (rather than the schema) refused the value. */
  ruleId?: string;
  /** A refusal's engine word and values, which the transport writes in the reader's language (never sent as such). */
  said?: Said;
}

/** "percentageOwned" → "Percentage owned": the label of a field whose schema has no title. */
export const keyLabel = (key: string) => humanize(key) || "This field";

function labelOf(error: ErrorObject, pointer: string, table?: MessageWords): string {
  if (error.keyword === "required") {
    const property = (error.params as { missingProperty: string }).missingProperty;
    const sub = (error.parentSchema as { properties?: Record<string, { title?: string }> } | undefined)
      ?.properties?.[property];
    return sub?.title ?? keyLabel(property);
  }
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  if (typeof title === "string") return title;
  const last = pointer.split("/").filter(Boolean).pop() ?? "";
  return /^\d+$/.test(last) ? w(table, "validation.thisItem") : keyLabel(last);
}

/** The words of a set's language (Definitions.words: engine/locale/words.ts); absent, English. */
export type MessageWords = Partial<Record<string, string>> | undefined;
const w = (table: MessageWords, id: FormWordId, values?: Record<string, string | number>) =>
  formWordIn(table as Partial<Words> | undefined, id, values);

const FORMATS = new Set(["email", "date", "date-time", "phone", "ssn", "zip"]);
const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);

function phrase(error: ErrorObject, table: MessageWords): string | null {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case "errorMessage":
      return null; // the schema's own message, used as is
    case "required":
      return w(table, "validation.required");
    case "additionalProperties":
      return w(table, "validation.notAQuestion");
    case "format":
      return FORMATS.has(p.format)
        ? w(table, `validation.format.${p.format}` as FormWordId)
        : w(table, "validation.format");
    case "type": {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(",")).filter(
        (t: string) => t !== "null",
      );
      const named = types.map((t: string) =>
        TYPES.has(t) ? w(table, `validation.type.${t}` as FormWordId) : t,
      );
      return w(table, "validation.type", { types: named.join(w(table, "validation.type.or")) });
    }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum":
    case "maxLength":
    case "maxItems":
      return w(table, `validation.${error.keyword}` as FormWordId, { limit: p.limit });
    case "minLength":
      return p.limit === 1
        ? w(table, "validation.required")
        : w(table, "validation.minLength", { limit: p.limit });
    case "pattern":
      return w(table, "validation.format");
    case "minItems":
      return p.limit === 1
        ? w(table, "validation.minItems.one")
        : w(table, "validation.minItems", { limit: p.limit });
    case "multipleOf":
      return w(table, "validation.multipleOf", { limit: p.multipleOf });
    case "const":
    case "enum":
    case "oneOf":
    case "anyOf":
      return w(table, "validation.oneOf");
    default:
      // A keyword we give no words of our own: Ajv's message in English, our generic words elsewhere.
      return table?.["validation.invalid"]
        ? w(table, "validation.invalid")
        : (error.message ?? w(table, "validation.invalid"));
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
 * its own title (a shared shape's title, such as "Amount", is no name for a field). With `keep`,
 * only the fields it keeps are worded and returned: the same as filtering the whole answer after,
 * without wording errors a caller drops (the other borrower's part of a step).
 */
export function describeAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  labelFor?: (pointer: string) => string,
  table?: MessageWords,
  keep?: (pointer: string) => boolean,
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
  const kept = keep ? [...best].filter(([pointer]) => keep(pointer)) : [...best];
  return kept.map(([pointer, error]) => {
    const words = phrase(error, table);
    const label =
      error.keyword === "additionalProperties" || !labelFor
        ? labelOf(error, pointer, table)
        : labelFor(pointer);
    return { pointer, message: words === null ? String(error.message) : fieldMessage(label, words, table) };
  });
}

/**
 * A field's label and what is wrong, as one sentence. A label that is a question ("Are you
 * self-employed?") is quoted: "Please answer “Are you self-employed?”", not "…? is required".
 */
export function fieldMessage(label: string, words: string, table?: MessageWords): string {
  if (!/[?]$/.test(label.trim())) return w(table, "validation.field", { label, words });
  return words === w(table, "validation.required")
    ? w(table, "validation.pleaseAnswer", { label })
    : w(table, "validation.answerTo", { label, words });
}
