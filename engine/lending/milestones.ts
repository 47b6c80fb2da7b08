// The loan after submission as rules/milestones.json describes it: its states, its transitions
// (who may take each, what must hold, what each triggers) and the 30-day decision clock of
// Regulation B 1002.9. The server enforces the machine (server/features/loan/); this module only
// reads it, so the portal, the applicant's page and the tests read the same words.
import { addDays, toIsoDate } from "../base/dates";
import type { Definitions } from "../definitions/definitions";
import type { LoanFile } from "../generated/schema-types";

export const MILESTONES = "milestones";

export type Mover = "staff" | "applicant" | "system";

export interface MilestoneState {
  label: string;
  applicantLabel: string;
  /** What the applicant reads of the state, in their words. */
  applicantDescription: string;
  description: string;
  final?: boolean;
  clock?: boolean;
  waitingOn?: "staff" | "applicant";
}

export interface Trigger {
  notice?: string;
  notify?: string;
  timer?: string;
  package?: string;
  release?: string;
}

export interface Transition {
  label: string;
  done: string;
  description: string;
  from: string[];
  to: string;
  by: Mover[];
  permission?: string;
  requires: string[];
  triggers: Trigger[];
}

export interface Machine {
  initial: string;
  decisionDays: number;
  incompleteMinimumDays?: number;
  states: Record<string, MilestoneState>;
  transitions: Record<string, Transition>;
  timeZones: Record<string, string>;
  defaultTimeZone: string;
}

export const machineOf = (defs: Definitions): Machine => {
  const machine = defs.params[MILESTONES] as unknown as Machine | undefined;
  if (!machine) throw new Error("rules/milestones.json is missing: the loan after submission has no machine");
  return machine;
};

/** The transitions out of `milestone` that `mover` may take (staff: any, the permission is checked apart). */
export const movesFrom = (machine: Machine, milestone: string, mover: Mover) =>
  Object.entries(machine.transitions)
    .filter(([, t]) => t.from.includes(milestone) && t.by.includes(mover))
    .map(([id, t]) => ({ id, ...t }));

export interface DecisionClock {
  /** The event the 30 days run from: the completed application (1002.9(a)(1)(i)), or, while it is not complete, its receipt (1002.9(c)(1): decide or give a notice of incompleteness). */
  event: "completed" | "received";
  startedAt: string;
  dueOn: string;
}

/**
 * The 30-day clock of a file in a state where it runs (rules/milestones.json states' clock), else
 * null: once decided, or while a notice of incompleteness waits on the applicant, nothing is due.
 * Days are counted on calendar days from the UTC day of the event.
 */
export function decisionClock(
  machine: Machine,
  milestone: string,
  file: Pick<LoanFile, "receivedAt" | "completedAt">,
): DecisionClock | null {
  if (!machine.states[milestone]?.clock) return null;
  const event = file.completedAt ? "completed" : "received";
  const startedAt = file.completedAt ?? file.receivedAt;
  return { event, startedAt, dueOn: addDays(toIsoDate(new Date(startedAt)), machine.decisionDays) };
}

/** Whose move it is in `milestone`: "staff" or "applicant" (nobody's in a final state). */
export const waitingOn = (machine: Machine, milestone: string): "staff" | "applicant" | null =>
  machine.states[milestone]?.final ? null : (machine.states[milestone]?.waitingOn ?? "staff");

/** Whether a file in this milestone is still an application in flight (not declined, withdrawn, rescinded or funded). */
export const isActive = (machine: Machine, milestone: string) => !machine.states[milestone]?.final;

/** The IANA time zone of a home in `state` (params.milestones.timeZones), else the machine's default. */
export const timeZoneOf = (machine: Machine, state: unknown): string =>
  (typeof state === "string" ? machine.timeZones[state.toUpperCase()] : undefined) ?? machine.defaultTimeZone;
