// What the definitions themselves give the traceability matrix (engine/explain/traceability.ts):
// the cites of rule sets, rules and steps, and every worked case run now with the rules that
// decided it. The command line (engine/cli/compliance-matrix.ts) adds the texts and the tests.
import type { Definitions } from "../definitions/definitions";
import { matches } from "../definitions/cases";
import { todayIso } from "../base/dates";
import { dayOf, evaluateRuleSet, presentResult } from "../logic/rules";
import { normalCite, type Claim, type Evidence } from "./traceability";

/** What the definitions claim: the cites of rule sets, rules and steps. */
export function definitionClaims(defs: Definitions): Claim[] {
  const claims: Claim[] = [];
  for (const { file, def } of defs.ruleSets.values()) {
    for (const cite of def.cites ?? [])
      claims.push({ cite: normalCite(cite), kind: "rule set", id: def.id, file });
    for (const rule of def.rules ?? [])
      for (const cite of rule.cites ?? [])
        claims.push({ cite: normalCite(cite), kind: "rule", id: rule.id, file });
  }
  for (const { file, def } of defs.steps.values())
    for (const cite of def.cites ?? [])
      claims.push({ cite: normalCite(cite), kind: "step", id: def.id, file });
  return claims;
}

/** Every worked case run now: passed or failed, the rules that decided it, its own cites. */
export function workedCaseEvidence(defs: Definitions): Evidence[] {
  return defs.cases.flatMap(({ file, def }) =>
    def.cases.map((c) => {
      let status: Evidence["status"] = "failed";
      let rules: string[] = [];
      try {
        const result = evaluateRuleSet(defs, def.ruleSet, c.input, { today: dayOf(c.input, todayIso()) });
        rules = [...new Set(result.decisions.map((d) => d.ruleId))];
        status = matches(presentResult(defs, def.ruleSet, result), c.expect) ? "passed" : "failed";
      } catch {
        status = "failed";
      }
      return {
        kind: "worked case" as const,
        name: c.description,
        file,
        status,
        cites: (c.cites ?? []).map(normalCite),
        ruleSet: def.ruleSet,
        rules,
      };
    }),
  );
}
