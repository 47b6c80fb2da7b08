// Never ask twice (a step's `prefill`): a field the reader has not answered yet starts from an
// answer given earlier (the home value of the early funnel on the property page), or from logic on
// the answers where the earlier question had another shape (declaration A from the property's
// use). The server works it out on step.get, so the browser shows what the server would; the
// applicant may change it, and a save judges it like any other answer. Pure: the same in browser,
// server and tests.
import type { Definitions, Step } from "../definitions/definitions";
import { evaluate } from "./logic";
import { getAt, setAt } from "../base/pointer";
import { stepLogicData } from "./step-data";

export type PrefillSource = NonNullable<Step["prefill"]>[string];

/**
 * Where a prefill comes from, whichever way the file writes it: an earlier answer (`from`), or a
 * logic computed on the application (`value`: the same question asked earlier in another shape,
 * "will you live there?" from how the home is used); either with its condition.
 */
export type PrefillFrom =
  { from: string; value?: undefined; when?: unknown } | { from?: undefined; value: unknown; when?: unknown };

export const prefillSource = (source: PrefillSource): PrefillFrom =>
  (typeof source === "string" ? { from: source } : (source ?? { from: "" })) as PrefillFrom;

const empty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * Field pointer → value for each field of the step that `application` (the reader's view) leaves
 * unanswered and whose source is answered or whose `value` logic gives one (and whose `when` holds).
 */
export function prefillValues(
  defs: Definitions,
  step: Step,
  application: unknown,
  today: string,
): Record<string, unknown> {
  const entries = Object.entries(step.prefill ?? {});
  if (entries.length === 0) return {};
  let data: ReturnType<typeof stepLogicData> | null = null;
  const out: Record<string, unknown> = {};
  const judge = (logic: unknown): { value: unknown } | null => {
    data ??= stepLogicData(defs, application, today);
    try {
      return { value: evaluate(logic, data) };
    } catch {
      return null; // logic that cannot be judged on these answers fills nothing
    }
  };
  for (const [field, source] of entries) {
    const { from, value: logic, when } = prefillSource(source);
    if (!empty(getAt(application, field))) continue;
    const value = from !== undefined ? getAt(application, from) : judge(logic)?.value;
    if (empty(value)) continue;
    if (when !== undefined && !judge(when)?.value) continue;
    out[field] = structuredClone(value);
  }
  return out;
}

/** `application` with the prefilled values laid in (the form starts from it). */
export function withPrefill(
  application: unknown,
  prefill: Record<string, unknown> | null | undefined,
): unknown {
  let out: unknown = application ?? {};
  for (const [field, value] of Object.entries(prefill ?? {}))
    if (empty(getAt(out, field))) out = setAt(out, field, value);
  return out;
}
