// Draft answers: what an applicant typed on a page but has not saved yet survives a reload of that
// page, in the browser tab's sessionStorage (kept per reader and step, gone with the tab). Never a
// secret: a field the schema marks writeOnly (an SSN, sealed at rest) is left out of every draft.
// A save, or signing out, clears drafts. Pure apart from the Storage given to it.
import type { JsonSchema } from "../definitions/bundle";
import { isObject } from "../base/objects";

/** The part of the Web Storage API drafts use (sessionStorage in the browser, a Map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

const PREFIX = "heloc.draft.";

/** The key of one reader's draft of one step. */
export const draftKey = (reader: string, stepId: string) => `${PREFIX}${reader}.${stepId}`;

/** The answers without any value the schema marks writeOnly (followed through properties and items). */
export function withoutSecrets(schema: JsonSchema, answers: unknown): unknown {
  if (schema.writeOnly === true) return undefined;
  for (const branch of ["allOf", "anyOf", "oneOf"] as const)
    for (const s of Array.isArray(schema[branch]) ? (schema[branch] as unknown[]) : [])
      if (isObject(s) && s.writeOnly === true) return undefined;
  if (Array.isArray(answers))
    return isObject(schema.items)
      ? answers.map((a) => withoutSecrets(schema.items as JsonSchema, a) ?? null)
      : answers;
  if (!isObject(answers)) return answers;
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    const kept = isObject(properties[key]) ? withoutSecrets(properties[key], value) : value;
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

export function saveDraft(storage: DraftStorage, key: string, schema: JsonSchema, answers: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(withoutSecrets(schema, answers) ?? {}));
  } catch {
    // A full or disabled storage only loses the draft.
  }
}

export function readDraft(storage: DraftStorage, key: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "null");
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(storage: DraftStorage, key: string): void {
  storage.removeItem(key);
}

/** Every draft of this tab (on sign-out). */
export function clearAllDrafts(storage: DraftStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** The browser tab's sessionStorage, or null where there is none (node, a sandboxed frame). */
export function browserDrafts(): DraftStorage | null {
  try {
    // engine/ compiles without the DOM library: the browser's storage is looked up, not named.
    return (globalThis as { sessionStorage?: DraftStorage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}
