// The HMDA codes of one applicant's demographic answers, read from the table in
// content/hmda-codes.json (which answer is which code is data, reviewed by compliance; this module
// only knows that a flag counts when true and a list when it holds exactly the listed values).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../base/paths";

export interface HmdaCode {
  code: string;
  label: string;
  /** The demographics field the code is read from; absent when notCollected. */
  field?: string;
  /** For a list field: the exact values that make this code. */
  values?: string[];
  /** Why no answer maps to this code. */
  notCollected?: string;
}

export interface HmdaGroup {
  codes: HmdaCode[];
  whenNothingGiven: string;
  texts?: { field: string; label: string }[];
}

export interface HmdaTable {
  groups: Record<string, HmdaGroup>;
  observation: { code: string; label: string; why: string };
}

export const HMDA_TABLE_FILE = join(REPO_ROOT, "content/hmda-codes.json");

export const readHmdaTable = (file = HMDA_TABLE_FILE): HmdaTable =>
  JSON.parse(readFileSync(file, "utf8")) as HmdaTable;

const sameSet = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && b.every((v) => a.includes(v));

/** Whether the stored answers give this code. */
export function givesCode(entry: HmdaCode, answers: Record<string, unknown>): boolean {
  if (!entry.field) return false;
  const value = answers[entry.field];
  return entry.values ? sameSet(value, entry.values) : value === true;
}

/** Each group's codes for one applicant's demographics (a blank group gets its whenNothingGiven code). */
export function hmdaCodes(
  demographics: Record<string, unknown> | undefined,
  table: HmdaTable,
): Record<string, string[]> {
  const answers = demographics ?? {};
  const out: Record<string, string[]> = {};
  for (const [name, group] of Object.entries(table.groups)) {
    const codes = group.codes.filter((entry) => givesCode(entry, answers)).map((entry) => entry.code);
    out[name] = codes.length ? codes : [group.whenNothingGiven];
  }
  return out;
}
