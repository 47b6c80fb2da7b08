// The rules workload of the bench: what the server works out for a two-borrower application with
// jobs, income sources and properties: the documents to ask for, each borrower's employment
// coverage, and the step after employment history. The application is the test fixture with the
// borrower's history made three jobs long, one gap among them, so coverage has periods to find.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ruleSetById, type Definitions } from "@engine/definitions/definitions";
import { nextStep } from "@engine/funnel/funnel";
import { evaluate, type Data, type Logic } from "@engine/logic/logic";
import { REPO_ROOT } from "@engine/base/paths";
import { evaluateRuleSet, ruleData } from "@engine/logic/rules";

/** Fixed, so both evaluators and every run decide the same things. */
export const TODAY = "2026-11-22";

export function benchApplication(): Record<string, any> {
  const doc = JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  );
  const [current] = doc.user.employments;
  doc.user.employments = [
    { ...current, startDate: "2025-02-03" },
    {
      ...current,
      id: "emp1b",
      employerName: "St. Joseph's Hospital",
      startDate: "2022-06-13",
      endDate: "2024-12-13",
    },
    {
      ...current,
      id: "emp1c",
      employerName: "AdventHealth Tampa",
      startDate: "2019-01-07",
      endDate: "2022-05-27",
    },
  ];
  return doc;
}

/** The timing of the application's schema check, which the workload makes once for all its runs. */
export const APPLICATION_CHECK = "the application's schema check (ajv)";

export function rulesWorkload(defs: Definitions, doc = benchApplication()) {
  const documents = () => evaluateRuleSet(defs, "documents", doc, { today: TODAY });
  const coverage = () =>
    [doc.user, doc.coborrower].map((person) =>
      evaluateRuleSet(defs, "coverage", { employments: person.employments, today: TODAY }, { today: TODAY }),
    );
  const next = () => nextStep(defs, "application5", doc, { variant: "standard", today: TODAY });
  return {
    parts: { documents, coverage, "next step": next },
    all: () => ({ documents: documents(), coverage: coverage(), next: next() }),
  };
}

/**
 * Every piece of logic the documents and coverage rule sets evaluate for the application, each
 * with the data it reads (facts already worked out): timing these alone measures the evaluator
 * without the rules engine around it.
 */
export function logicAlone(
  defs: Definitions,
  doc = benchApplication(),
): (() => void) & { evaluations: number } {
  const pairs: [Logic, Data][] = [];
  const collect = (ruleSetId: string, input: Data) => {
    const { def } = ruleSetById(defs, ruleSetId);
    const data = ruleData(defs, input, TODAY);
    for (const fact of def.facts ?? []) data[fact.name] = evaluate(fact.value, data);
    for (const fact of def.facts ?? []) pairs.push([fact.value, data]);
    for (const rule of def.rules ?? []) {
      const scopes =
        rule.forEach === undefined
          ? [data]
          : ((evaluate(rule.forEach, data) as unknown[]) ?? []).map((item, index) => ({
              ...data,
              [rule.as!]: item,
              index,
            }));
      if (rule.forEach !== undefined) pairs.push([rule.forEach, data]);
      for (const scope of scopes)
        for (const logic of [rule.when, rule.value, ...Object.values(rule.emit ?? {})])
          if (logic !== undefined) pairs.push([logic, scope]);
    }
  };
  collect("documents", doc);
  for (const person of [doc.user, doc.coborrower]) collect("coverage", { employments: person.employments });
  const run = () => {
    for (const [logic, data] of pairs) evaluate(logic, data);
  };
  return Object.assign(run, { evaluations: pairs.length });
}
