// Never ask twice (a step's `prefill`): a field the reader has not answered yet starts from an
// answer given earlier (the home value of the early funnel on the property page). The server works
// it out on step.get, so the browser shows what the server would; the applicant may change it, and
// a save judges it like any other answer. Pure: the same in browser, server and tests.
import { todayIso } from "./dates";
import type { Definitions, Step } from "./definitions";
import { evaluate } from "./logic";
import { getAt, setAt } from "./pointer";
import { stepLogicData } from "./step-data";

export type PrefillSource = NonNullable<Step["prefill"]>[string];

/** The source's pointer and its condition, whichever way the file writes it. */
export const prefillSource = (source: PrefillSource): { from: string; when?: unknown } => (typeof source === "string" ? { from: source } : (source ?? { from: "" }));

const empty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * Field pointer → value for each field of the step that `application` (the reader's view) leaves
 * unanswered and whose source is answered (and whose `when` holds).
 */
export function prefillValues(defs: Definitions, step: Step, application: unknown, today: string = todayIso()): Record<string, unknown> {
  const entries = Object.entries(step.prefill ?? {});
  if (entries.length === 0) return {};
  let data: ReturnType<typeof stepLogicData> | null = null;
  const out: Record<string, unknown> = {};
  for (const [field, source] of entries) {
    const { from, when } = prefillSource(source);
    if (!empty(getAt(application, field))) continue;
    const value = getAt(application, from);
    if (empty(value)) continue;
    if (when !== undefined) {
      data ??= stepLogicData(defs, application, today);
      try {
        if (!evaluate(when, data)) continue;
      } catch {
        continue; // a condition that cannot be judged on these answers fills nothing
      }
    }
    out[field] = structuredClone(value);
  }
  return out;
}

/** `application` with the prefilled values laid in (the form starts from it). */
export function withPrefill(application: unknown, prefill: Record<string, unknown> | null | undefined): unknown {
  let out: unknown = application ?? {};
  for (const [field, value] of Object.entries(prefill ?? {})) if (empty(getAt(out, field))) out = setAt(out, field, value);
  return out;
}
