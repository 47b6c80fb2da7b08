// Wording experiments (rules/experiments.json, schemas/experiments.json): which experiments run at
// a moment, which arm a point in [0, 1) falls in by the arms' weights, and a set's files with the
// arms' strings in place of the step's own. Pure: the server draws the point (from the account,
// server/features/experiments) and keeps the assignment; the browser is sent the step already worded.
// Flow variants are not touched: an experiment words a step, it never changes who walks which steps.
import { getAt, setAt } from "../base/pointer";
import type { DefinitionFiles, Definitions } from "../definitions/definitions";

export interface ExperimentArm {
  id: string;
  description?: string;
  weight: number;
  strings?: Record<string, string>;
}

export type ConversionEvent = "nextStep" | "offer" | "submission";

export interface Experiment {
  id: string;
  description: string;
  step: string;
  start: string;
  end: string;
  demoOnly?: boolean;
  locales?: string[];
  conversion: ConversionEvent;
  arms: ExperimentArm[];
}

export const EXPERIMENTS_RULE_SET = "experiments";
export const EXPERIMENTS_FILE = "experiments.json";

/** The experiments of a set (none when it has no rules/experiments.json). */
export function experimentsOf(defs: Pick<Definitions, "params">): Experiment[] {
  const list = defs.params[EXPERIMENTS_RULE_SET]?.experiments;
  return Array.isArray(list) ? (list as Experiment[]) : [];
}

/** The languages whose readers take part: English when the experiment names none. */
export const localesOf = (experiment: Experiment): string[] => experiment.locales ?? ["en"];

export interface RunContext {
  now: Date;
  /** A demo server (demo data, not production): demoOnly experiments run there only. */
  demo: boolean;
}

/** Whether `experiment` assigns and words at `now`: inside [start, end), and, when demoOnly, on a demo server. */
export function isRunning(experiment: Experiment, { now, demo }: RunContext): boolean {
  if (experiment.demoOnly && !demo) return false;
  const t = now.getTime();
  return t >= Date.parse(experiment.start) && t < Date.parse(experiment.end);
}

/** The experiments running for a reader of `locale` at that moment. */
export const runningFor = (defs: Pick<Definitions, "params">, locale: string, at: RunContext) =>
  experimentsOf(defs).filter((e) => isRunning(e, at) && localesOf(e).includes(locale));

/** The arm a point in [0, 1) falls in, the arms laid end to end by weight (percent). */
export function armAt(experiment: Experiment, point: number): ExperimentArm {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0);
  let left = Math.min(Math.max(point, 0), 0.999999999) * total;
  for (const arm of experiment.arms) {
    left -= arm.weight;
    if (left < 0) return arm;
  }
  return experiment.arms.at(-1)!;
}

/** An experiment and the arm a reader has in it. */
export interface Assigned {
  experiment: string;
  arm: string;
}

/** A stable name of a reader's arms, for keeping the set worded for them (empty: none words anything). */
export const armsKey = (assigned: readonly Assigned[]) =>
  assigned
    .map((a) => `${a.experiment}=${a.arm}`)
    .sort()
    .join("&");

/** The file of the step an experiment words (`initial-setup/property-value.json` under steps/). */
export function stepFileOf(defs: Pick<Definitions, "steps">, stepId: string): string | null {
  const file = defs.steps.get(stepId)?.file;
  return file?.startsWith("steps/") ? file.slice("steps/".length) : null;
}

/**
 * `files` with each assigned arm's strings in its step's file: a new object for each file changed,
 * the others shared. `defs` is the set the files are of (in the reader's language: its
 * rules/experiments.json holds the arms' strings translated where a translation is current, and the
 * English otherwise, as every other string of the set).
 */
export function wordedFiles(
  defs: Pick<Definitions, "params" | "steps">,
  files: DefinitionFiles,
  assigned: readonly Assigned[],
): DefinitionFiles {
  const byId = new Map(experimentsOf(defs).map((e) => [e.id, e]));
  let steps = files.steps;
  for (const { experiment: id, arm: armId } of assigned) {
    const experiment = byId.get(id);
    const arm = experiment?.arms.find((a) => a.id === armId);
    const file = experiment && stepFileOf(defs, experiment.step);
    if (!arm?.strings || !file || !(file in steps)) continue;
    let doc = steps[file];
    for (const [pointer, text] of Object.entries(arm.strings))
      if (typeof getAt(doc, pointer) === "string") doc = setAt(doc, pointer, text);
    if (steps === files.steps) steps = { ...files.steps };
    steps[file] = doc;
  }
  return steps === files.steps ? files : { ...files, steps };
}

/** Whether `stepId` is on the walk of the experiment's step: a step of a flow (for the owner's or anyone's) that lists it. */
export function inFlowOf(defs: Pick<Definitions, "flows">, experiment: Experiment, stepId: string): boolean {
  for (const { def } of defs.flows.values())
    if (
      def.variants.some((v) => v.steps.includes(experiment.step)) &&
      def.variants.some((v) => v.steps.includes(stepId))
    )
      return true;
  return false;
}

/** The step a conversion event is reached on (null for nextStep: the experiment's own step, completed). */
export function conversionStepOf(defs: Pick<Definitions, "params">, event: ConversionEvent): string | null {
  const analytics = defs.params.analytics ?? {};
  if (event === "offer") return String(analytics.conversionStep ?? "");
  if (event === "submission") return String(analytics.submissionStep ?? "");
  return null;
}
