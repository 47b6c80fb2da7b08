// Input parsers for the procedures, from schemas/api.json: one ajv validator per input shape,
// compiled once. A bad input throws BAD_REQUEST with each field's pointer and message.
import { readDefinitionFiles } from "@engine/definitions/load";
import { createAjv, uriOf } from "@engine/definitions/ajv";
import { describeAjvErrors, keyLabel } from "@engine/validation/messages";
import type { APIInputs, LoanAPIInputs } from "@engine/generated/schema-types";
import { badRequest } from "./init";

const ajv = createAjv(readDefinitionFiles().files.schemas);

/** The validator of a schema of schemas/ by path and fragment, e.g. "api.json#/properties/stepRef". */
export function validatorOf(ref: string) {
  const validate = ajv.getSchema(uriOf("schemas", ref));
  if (!validate) throw new Error(`schemas/${ref} does not exist`);
  return validate;
}

/**
 * A malformed call's refusal, naming each field as the API's schema does (its title, or its key);
 * a reader of another language gets the sentence around it in their words (the pointers as they are).
 */
function refusalOf(schema: unknown, errors: typeof ajv.errors) {
  const kept = errors ? [...errors] : errors;
  const labelFor = (pointer: string) => fieldTitle(schema, pointer);
  return badRequest(describeAjvErrors(kept, labelFor), (words) => describeAjvErrors(kept, labelFor, words));
}

/** A field's own title in an input's schema ("Step" beside its $ref), else its key as words: a shared shape's title ("Identifier") names no field. */
function fieldTitle(schema: unknown, pointer: string): string {
  let at = schema as { properties?: Record<string, unknown>; items?: unknown; title?: unknown } | undefined;
  const keys = pointer.split("/").slice(1);
  for (const key of keys)
    at = (at?.properties?.[key] ?? (/^\d+$/.test(key) ? at?.items : undefined)) as typeof at;
  const last = keys.at(-1) ?? "";
  return typeof at?.title === "string" ? at.title : keyLabel(last);
}

function parserOf<K extends keyof APIInputs & string>(name: K) {
  const validate = validatorOf(`api.json#/properties/${name}`);
  return (raw: unknown) => {
    if (validate(raw)) return raw as NonNullable<APIInputs[K]>;
    throw refusalOf(validate.schema, validate.errors);
  };
}

export const inputOf = <K extends keyof APIInputs & string>(
  name: K,
): ((raw: unknown) => NonNullable<APIInputs[K]>) => parserOf(name);

/** For inputs a caller may leave out (their schema allows null): the procedure sees undefined. */
export function optionalInputOf<K extends keyof APIInputs & string>(
  name: K,
): (raw: unknown) => NonNullable<APIInputs[K]> | undefined {
  const parse = parserOf(name);
  return (raw) => (raw === undefined || raw === null ? undefined : parse(raw));
}

/** Input parsers of the loan after submission, from schemas/api-loan.json. */
export function loanInputOf<K extends keyof LoanAPIInputs & string>(
  name: K,
): (raw: unknown) => NonNullable<LoanAPIInputs[K]> {
  const validate = validatorOf(`api-loan.json#/properties/${name}`);
  return (raw) => {
    if (validate(raw)) return raw as NonNullable<LoanAPIInputs[K]>;
    throw refusalOf(validate.schema, validate.errors);
  };
}
