// A portal form's refusal: the server's messages at the form's own fields, else its message as
// the form's outcome. Kept beside the portal's forms, not in the funnel's api-errors module, so
// the funnel's first page does not carry it.
import { classifyApiError, type ApiFailure } from "../funnel/api-errors";

/**
 * A form's refusal by field: the messages of the refused fields among `fields` (a pointer `/name`
 * is the field `name`), or null when it names none of them (the form shows the failure's message).
 */
export function fieldMessages<K extends string>(
  failure: ApiFailure,
  fields: readonly K[],
): Partial<Record<K, string>> | null {
  if (failure.kind !== "fields") return null;
  const found: Partial<Record<K, string>> = {};
  for (const e of failure.fieldErrors) {
    const field = e.pointer.replace(/^\//, "") as K;
    if (fields.includes(field)) found[field] = e.message;
  }
  return Object.keys(found).length ? found : null;
}

/**
 * A form's onError: the refusal at its fields when it names some of them, else its message as
 * the form's outcome.
 */
export const onFormRefusal =
  <K extends string>(
    fields: readonly K[],
    setErrors: (errors: Partial<Record<K, string>>) => void,
    setOutcome: (outcome: { intent: "error"; text: string }) => void,
  ) =>
  (error: unknown): void => {
    const failure = classifyApiError(error);
    const refused = fieldMessages(failure, fields);
    if (refused) setErrors(refused);
    else setOutcome({ intent: "error", text: failure.message });
  };
