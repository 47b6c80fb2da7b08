// Worked journeys (journeys/*.json): sample applicants walked through the funnel of a candidate
// set as the server walks them, before anyone else does. At each page the journey's answers are
// judged by the step's own validator (the one step.submit runs) and merged into the application
// as a save merges them (hidden answers and one-time codes dropped, the whole application checked
// against its schema); the first `next` branch that holds, or the flow, leads on. The walk must
// reach the journey's end (an offer of a given line, a decline for given reasons, the submitted
// page) with no refusal the journey did not expect, and use every page of answers it brings.
// Effects (texts, mail, signatures) are not run: what they record is the journey's `recorded`.
import type { Definitions, Problem } from "../definitions/definitions";
import type { Journey } from "../generated/schema-types";
import { compileSchemaFile } from "../definitions/definitions";
import { escapeSegment, mergeDocs, setAt, withoutAt } from "../base/pointer";
import { describeAjvErrors } from "../validation/messages";
import { evaluateRuleSet, presentResult } from "../logic/rules";
import { cachedStepValidator } from "./recheck";
import { entrySteps } from "./journey";
import { nextStep } from "./funnel";

export interface JourneyFile {
  file: string;
  journey: Journey;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where a journey starts: its own start, else the first step of its variant's flow. */
function startOf(defs: Definitions, journey: Journey): string | null {
  if (journey.start) return journey.start;
  const entries = new Set(entrySteps(defs));
  for (const { def } of defs.flows.values())
    for (const v of def.variants)
      if (
        (journey.variant === undefined || v.id === journey.variant) &&
        v.steps[0] &&
        entries.has(v.steps[0])
      )
        return v.steps[0];
  return null;
}

/** The value of a rule output path ("pricing.quote.lineAmount") on the application. */
function outputAt(defs: Definitions, path: string, doc: unknown, today: string): unknown {
  const [setId = "", ...rest] = path.split(".");
  if (!defs.ruleSets.has(setId)) return undefined;
  let value: unknown = presentResult(
    defs,
    setId,
    evaluateRuleSet(defs, setId, doc as Record<string, unknown>, { today }),
  );
  for (const key of rest)
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** Walks one journey; its problems point into its file. */
export function walkJourney(defs: Definitions, { file, journey }: JourneyFile): Problem[] {
  const problems: Problem[] = [];
  const fail = (pointer: string, message: string) =>
    problems.push({ file, pointer, message: `journey "${journey.id}": ${message}` });
  const today = journey.today;
  let doc: Record<string, unknown> = {};
  for (const [pointer, value] of Object.entries(journey.recorded ?? {}))
    doc = setAt(doc, pointer, value) as Record<string, unknown>;
  const start = startOf(defs, journey);
  if (!start || !defs.steps.has(start)) {
    fail(
      journey.start ? "/start" : "/variant",
      `no step to start from (${journey.start ?? journey.variant ?? "no variant"})`,
    );
    return problems;
  }
  const used = new Set<string>();
  const walked: string[] = [];
  const expected = journey.expect.refusals ?? [];
  let at: string | null = start;
  let end: string | null = null;
  while (at !== null) {
    if (walked.includes(at)) {
      fail("/expect/reaches", `the walk comes back to ${at} (${[...walked, at].join(" → ")}): a loop`);
      return problems;
    }
    walked.push(at);
    if (at === journey.expect.reaches && !expected.length) {
      end = at;
      break;
    }
    const step = defs.steps.get(at)!.def;
    const asks = Object.keys((step.schema as { properties?: object }).properties ?? {}).length > 0;
    const answers = journey.answers[at];
    if (answers !== undefined) used.add(at);
    if (asks) {
      if (answers === undefined) {
        fail(
          "/answers",
          `the walk reaches ${at} (${step.route}) after ${walked.slice(0, -1).join(" → ") || "the start"}, and the journey has no answers for it`,
        );
        return problems;
      }
      const result = cachedStepValidator(defs, at)(answers, { application: doc, today });
      if (result.errors.length) {
        const refused = result.errors.map((e) => e.pointer);
        if (expected.length) {
          const missing = expected.filter((r) => r.step !== at || !refused.includes(r.pointer));
          if (!missing.length && journey.expect.reaches === at) return problems;
        }
        fail(
          `/answers/${escapeSegment(at)}`,
          `${at} refuses the answers: ${result.errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`,
        );
        return problems;
      }
      let merged = [...result.hidden, ...(step.effects ?? []).flatMap((e) => e.forget ?? [])].reduce(
        (d, pointer) => withoutAt(d, pointer),
        mergeDocs(doc, result.answers),
      ) as Record<string, unknown>;
      const whole = compileSchemaFile(defs, "application.json");
      if (!whole(merged)) {
        fail(
          `/answers/${escapeSegment(at)}`,
          `after ${at} the application is refused: ${describeAjvErrors(whole.errors)
            .map((e) => `${e.pointer || "/"} ${e.message}`)
            .join("; ")}`,
        );
        return problems;
      }
      doc = merged;
    }
    const next = nextStep(defs, at, doc, { variant: journey.variant ?? null, today });
    if (next.stepId === null) {
      end = next.route ?? at;
      if (next.route === null && at !== journey.expect.reaches)
        fail(
          "/expect/reaches",
          `the walk ends after ${at} (${next.reason}), not at ${journey.expect.reaches}`,
        );
      break;
    }
    at = next.stepId;
  }
  if (expected.length) {
    fail("/expect/refusals", `the walk is not refused as expected; it ends at ${end}`);
    return problems;
  }
  if (end !== journey.expect.reaches) {
    if (!problems.length)
      fail(
        "/expect/reaches",
        `the walk ends at ${end} (${walked.join(" → ")}), not at ${journey.expect.reaches}`,
      );
    return problems;
  }
  for (const [path, want] of Object.entries(journey.expect.outputs ?? {})) {
    const got = outputAt(defs, path, doc, today);
    if (!same(got, want))
      fail(
        `/expect/outputs/${escapeSegment(path)}`,
        `at ${end}, ${path} is ${JSON.stringify(got) ?? "nothing"}, not ${JSON.stringify(want)}`,
      );
  }
  for (const stepId of Object.keys(journey.answers))
    if (!used.has(stepId) && stepId !== end)
      fail(
        `/answers/${escapeSegment(stepId)}`,
        `the walk never reaches ${stepId}, so these answers are never given (it goes ${walked.join(" → ")})`,
      );
  return problems;
}

/** Every journey of the set, walked; with none, nothing is said. */
export function checkJourneys(defs: Definitions, journeys: JourneyFile[]): Problem[] {
  return journeys.flatMap((j) => {
    try {
      return walkJourney(defs, j);
    } catch (error) {
      // A set broken elsewhere (an unknown step, logic that throws): said once, here, with the error.
      return [
        {
          file: j.file,
          pointer: "",
          message: `journey "${j.journey.id}" cannot be walked: ${(error as Error).message}`,
        },
      ];
    }
  });
}
