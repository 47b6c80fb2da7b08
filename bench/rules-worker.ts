// One evaluator's side of the rules bench, run in a process of its own by bench/rules.ts: with
// `--import ./bench/swap-logic.mjs` the engine runs on json-logic-js (engine/logic/logic-js.ts, the
// browser's evaluator), without it on the server's (engine/logic/logic.ts, json-logic-engine). It checks before it
// times: every worked case of rules/, the shared json-logic
// suite, every custom operator's example; then it prints one JSON report on stdout.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import * as logic from "@engine/logic/logic";
import { customOperators } from "@engine/logic/operator-docs";
import { compileRuleInput } from "@engine/definitions/definitions";
import { loadDefinitions } from "@engine/definitions/load";
import { nextStep } from "@engine/funnel/funnel";
import { todayIso } from "@engine/base/dates";
import { dayOf, evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { createStepValidator } from "@engine/validation/validate";
import { throughput, type Throughput } from "./measure";
import { APPLICATION_CHECK, benchApplication, logicAlone, rulesWorkload, TODAY } from "./rules-workload";

export interface WorkerReport {
  evaluator: string;
  cases: { total: number; failed: string[] };
  suite: { total: number; failed: string[] };
  examples: { total: number; failed: string[] };
  /** Everything decided, for the other evaluator's report to be compared with. */
  outputs: Record<string, unknown>;
  timings: Record<string, Throughput>;
  /** The first run of the whole workload, logic not yet compiled or JIT-warmed. */
  coldMs: number;
  compilations?: number;
}

/** vitest's toMatchObject, as tests/unit/rule-cases.test.ts applies it: objects partially, arrays item by item. */
function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(actual[i], e))
    );
  if (expected !== null && typeof expected === "object")
    return (
      actual !== null &&
      typeof actual === "object" &&
      Object.entries(expected).every(([k, e]) => matches((actual as Record<string, unknown>)[k], e))
    );
  return Object.is(actual, expected);
}

const attempt = (run: () => unknown): unknown => {
  try {
    return run();
  } catch (error) {
    return { threw: error instanceof Error ? error.message : String(error) };
  }
};

const { defs, problems } = loadDefinitions();
if (problems.length) throw new Error(`${problems.length} problem(s) in the definitions`);
const isReference = process.execArgv.some((arg) => arg.endsWith("swap-logic.mjs"));
const outputs: Record<string, unknown> = {};

const workload = rulesWorkload(defs);
const coldStarted = performance.now();
outputs.workload = workload.all();
const coldMs = performance.now() - coldStarted;

const cases: WorkerReport["cases"] = { total: 0, failed: [] };
for (const { file, def } of defs.cases)
  for (const c of def.cases) {
    cases.total++;
    const result = attempt(() =>
      presentResult(
        defs,
        def.ruleSet,
        evaluateRuleSet(defs, def.ruleSet, c.input, { today: dayOf(c.input, todayIso()) }),
      ),
    );
    outputs[`${file}: ${c.description}`] = result;
    if (!matches(result, c.expect)) cases.failed.push(`${file}: ${c.description}`);
  }

const suiteFile = new URL("./fixtures/jsonlogic-tests.json", import.meta.url);
const suite: WorkerReport["suite"] = { total: 0, failed: [] };
for (const entry of JSON.parse(readFileSync(suiteFile, "utf8")) as unknown[]) {
  if (typeof entry === "string") continue; // a comment
  const [rule, data, expected] = entry as [unknown, logic.Data, unknown];
  suite.total++;
  const result = attempt(() => logic.evaluate(rule, data));
  if (!isDeepStrictEqual(result, expected))
    suite.failed.push(
      `${JSON.stringify(rule)} on ${JSON.stringify(data)}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result)}`,
    );
}

const examples: WorkerReport["examples"] = { total: 0, failed: [] };
for (const [name, op] of Object.entries(customOperators)) {
  examples.total++;
  if (
    !isDeepStrictEqual(
      attempt(() => logic.evaluate(op.example.logic, op.example.data ?? {})),
      op.example.result,
    )
  )
    examples.failed.push(name);
}

// Every step's logic on the same application (branches, visibility, requirements, checks): not
// judged against expectations, only compared between the two evaluators.
const doc = benchApplication();
for (const stepId of defs.steps.keys()) {
  outputs[`step ${stepId}: next`] = attempt(() =>
    nextStep(defs, stepId, doc, { variant: "standard", today: TODAY }),
  );
  outputs[`step ${stepId}: validator`] = attempt(() =>
    createStepValidator(defs, stepId)(doc, { application: doc, today: TODAY }),
  );
}

const timings: Record<string, Throughput> = {};
const options = { warmupMs: 500, roundMs: 400, rounds: 5 };
timings["documents + coverage + next step"] = throughput(workload.all, options);
for (const [name, part] of Object.entries(workload.parts)) timings[name] = throughput(part, options);
// The workload's application is one object, validated on its first evaluation only (engine/logic/rule-plan.ts
// validInputs); a request's application is an object of its own, validated once in the request.
const validateApplication = compileRuleInput(defs, "documents")!;
timings[APPLICATION_CHECK] = throughput(() => validateApplication(doc), options);
const alone = logicAlone(defs);
timings[`the logic alone (${alone.evaluations} evaluations)`] = throughput(alone, options);

const report: WorkerReport = {
  evaluator: isReference ? "json-logic-js (reference)" : "json-logic-engine (the product's)",
  cases,
  suite,
  examples,
  outputs,
  timings,
  coldMs,
  ...(isReference ? {} : { compilations: logic.preparedCount() }),
};
process.stdout.write(JSON.stringify(report));
