// Never retype what was given before (a step's `sameAs`): a field such as the co-borrower's home
// address may be "the same as" an answer the reader gave, or may read, earlier (the borrower's
// address, the home the line is for, a property listed on another page). The page offers one
// choice per such answer and "another"; a choice copies the answer into the field, and the field
// stays editable and judged as any answer. Pure: the same in the browser and in tests.
import type { Step } from "../generated/schema-types";
import { expand, getAt, splitPointer } from "../base/pointer";
import { isObject } from "../base/objects";

export type SameAs = NonNullable<NonNullable<Step["sameAs"]>[string]>;

/** One answer the field may take: the words it is offered in, and the value it copies. */
export interface SameAsChoice {
  label: string;
  value: Record<string, unknown>;
}

const empty = (v: unknown) => v === undefined || v === null || v === "";

/** True when the concrete `pointer` is the field `pattern` names (`*` standing for any list position). */
export function matchesPattern(pattern: string, pointer: string): boolean {
  const a = splitPointer(pattern);
  const b = splitPointer(pointer);
  return a.length === b.length && a.every((key, i) => key === b[i] || (key === "*" && /^\d+$/.test(b[i]!)));
}

/** The step's `sameAs` entry for a concrete field pointer, if any. */
export function sameAsFor(step: Pick<Step, "sameAs">, pointer: string): SameAs | undefined {
  for (const [pattern, entry] of Object.entries(step.sameAs ?? {}))
    if (matchesPattern(pattern, pointer)) return entry;
  return undefined;
}

/** `{name}` in a label filled from the answer's own fields; null when one of them is empty. */
function fill(label: string, value: Record<string, unknown>): string | null {
  let missing = false;
  const text = label.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => {
    const v = value[name];
    if (empty(v) || typeof v === "object") missing = true;
    return String(v ?? "");
  });
  return missing ? null : text;
}

/** The part of `value` the field keeps: its own properties (`keys`), empty ones left out. */
export function copyFor(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (!empty(value[key])) out[key] = structuredClone(value[key]);
  return out;
}

/**
 * The choices a field is offered, from what the reader's `application` holds: one per answered
 * source (each item of a list for a `*` source), copied to the field's properties (`keys`), the
 * same answer offered once.
 */
export function sameAsChoices(entry: SameAs, application: unknown, keys: readonly string[]): SameAsChoice[] {
  const out: SameAsChoice[] = [];
  const seen = new Set<string>();
  for (const choice of entry.choices) {
    for (const { pointer } of expand(application, choice.from)) {
      const source = getAt(application, pointer);
      if (!isObject(source)) continue;
      const label = fill(choice.label, source);
      const value = copyFor(source, keys);
      const key = JSON.stringify(value);
      if (label === null || Object.keys(value).length === 0 || seen.has(key)) continue;
      seen.add(key);
      out.push({ label, value });
    }
  }
  return out;
}

/** The field's properties a choice fills: those the entry names, or all the field has. */
export const copiedKeys = (entry: SameAs, fieldKeys: readonly string[]): string[] =>
  entry.fields ? fieldKeys.filter((k) => entry.fields!.includes(k)) : [...fieldKeys];

/** The field's value with `keys` taken from `copy` (a choice's value, or {} to empty them), the rest kept. */
export function applyChoice(
  current: unknown,
  copy: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(current) ? { ...current } : {};
  for (const key of keys) {
    if (empty(copy[key])) delete out[key];
    else out[key] = structuredClone(copy[key]);
  }
  return out;
}

/** The index of the choice the field's value is now (empty answers equal missing ones), or -1. */
export function chosenIndex(
  choices: readonly SameAsChoice[],
  current: unknown,
  keys: readonly string[],
): number {
  if (!isObject(current)) return -1;
  return choices.findIndex((c) =>
    keys.every(
      (k) =>
        (empty(c.value[k]) && empty(current[k])) || JSON.stringify(c.value[k]) === JSON.stringify(current[k]),
    ),
  );
}
