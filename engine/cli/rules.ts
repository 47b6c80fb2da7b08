// npm run -s rules -- <rule-set> --input <file.json> [--today yyyy-MM-dd]
// Evaluates one rule set of rules/ and prints one JSON object; no server needed.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadDefinitions } from "../definitions/load";
import { formatProblem } from "../lint/lint";
import { ruleSetById, type Definitions } from "../definitions/definitions";
import { todayIso } from "../base/dates";
import { dayOf, evaluateRuleSet, presentResult, RuleInputError } from "../logic/rules";

/**
 * Every object an output lists names the rule that decided it (ruleId); here it also says why, in
 * that rule's own words (`reason`), so a list such as the documents' requirements reads on its own.
 */
function withReasons(
  defs: Definitions,
  ruleSetId: string,
  shown: Record<string, unknown>,
): Record<string, unknown> {
  const reasons = new Map(
    (ruleSetById(defs, ruleSetId).def.rules ?? []).map((rule) => [rule.id, rule.description]),
  );
  const explain = (value: unknown): unknown => {
    if (value === null || typeof value !== "object" || Array.isArray(value) || "reason" in value)
      return value;
    const reason = reasons.get(String((value as { ruleId?: unknown }).ruleId));
    return reason === undefined ? value : { ...value, reason };
  };
  return Object.fromEntries(
    Object.entries(shown).map(([name, value]) => [
      name,
      name === "decisions" ? value : Array.isArray(value) ? value.map(explain) : value,
    ]),
  );
}

function fail(error: string, extra: Record<string, unknown> = {}, code = 2): never {
  console.log(JSON.stringify({ error, ...extra }, null, 2));
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    input: { type: "string", short: "i" },
    today: { type: "string" },
    rules: { type: "string" },
    steps: { type: "string" },
  },
});
const [ruleSetId] = positionals;
const { defs, problems } = loadDefinitions({ rules: values.rules, steps: values.steps });
if (!ruleSetId || !values.input)
  fail(
    `usage: npm run -s rules -- <rule set> --input <file.json> [--today yyyy-MM-dd]; rule sets: ${[
      ...defs.ruleSets.values(),
    ]
      .filter((r) => r.def.rules?.length)
      .map((r) => r.def.id)
      .join(", ")}`,
  );
if (problems.length)
  fail("the definitions have problems; run npm run check", { problems: problems.map(formatProblem) });
if (!defs.ruleSets.has(ruleSetId))
  fail(`unknown rule set "${ruleSetId}"`, { known: [...defs.ruleSets.keys()] });

let input: unknown;
try {
  input = JSON.parse(readFileSync(values.input, "utf8"));
} catch (error) {
  fail(`cannot read ${values.input}: ${(error as Error).message}`);
}
// The day read: --today, else the input's own today (a worked case keeps its day), else the date now.
const own = (input as { today?: unknown } | null)?.today;
if (values.today === undefined && own !== undefined && dayOf(input, "") !== own)
  fail(`the input's today ${JSON.stringify(own)} is not a date in yyyy-MM-dd form`);
const today = values.today ?? dayOf(input, todayIso());

try {
  console.log(
    JSON.stringify(
      withReasons(
        defs,
        ruleSetId,
        presentResult(defs, ruleSetId, evaluateRuleSet(defs, ruleSetId, input, { today })),
      ),
      null,
      2,
    ),
  );
} catch (error) {
  if (error instanceof RuleInputError) fail(error.message, { errors: error.errors });
  fail((error as Error).message, {}, 1);
}
