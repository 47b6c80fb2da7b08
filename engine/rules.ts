// Evaluates a rule set of rules/ against an input. Generic: it knows facts, rules, outputs and
// modes, never what a rule is about. Every decision carries the id of the rule that made it and
// the facts that made its condition true.
import { isIsoDate, todayIso } from "./dates";
import { compileRuleInput, ruleSetById, type Definitions } from "./definitions";
import { evaluate, holds, iteratingOperators, operatorOf, getPath, type Data, type Logic } from "./logic";
import { describeAjvErrors, type FieldError } from "./messages";
import type { RuleSet } from "./generated/schema-types";

type Rule = NonNullable<RuleSet["rules"]>[number];
type Fact = NonNullable<RuleSet["facts"]>[number];
export type RequirementTemplate = NonNullable<RuleSet["requirement"]>;

export interface Decision {
  ruleId: string;
  reason: string;
  output?: string;
  index?: number;
  value: unknown;
  /** The input values the rule's condition read, by path: why the rule held. */
  because: Record<string, unknown>;
}

export interface RuleSetResult {
  outputs: Record<string, unknown>;
  decisions: Decision[];
}

export class RuleInputError extends Error {
  constructor(readonly ruleSet: string, readonly errors: FieldError[]) {
    super(`invalid input for rule set "${ruleSet}": ${errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`);
  }
}

const varPathsOf = new WeakMap<object, string[]>();

/** The data paths a piece of logic reads with `var` (outside list iterations, whose vars read items). */
export function varPaths(logic: Logic): string[] {
  if (logic === null || typeof logic !== "object") return [];
  let paths = varPathsOf.get(logic);
  if (!paths) varPathsOf.set(logic, (paths = findVarPaths(logic)));
  return [...paths];
}

function findVarPaths(logic: Logic): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    const op = operatorOf(node);
    if (!op) return;
    const args = (node as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    if (op === "var") {
      if (typeof list[0] === "string" && list[0] !== "") out.push(list[0]);
      return;
    }
    if (iteratingOperators.has(op)) return walk(list[0]);
    list.forEach(walk);
  };
  walk(logic);
  return [...new Set(out)];
}

function because(logic: Logic, data: Data): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const path of logic !== null && typeof logic === "object" ? (varPathsOf.get(logic) ?? varPaths(logic)) : []) if (!path.startsWith("params.")) facts[path] = getPath(data, path) ?? null;
  return facts;
}

/**
 * The data of one item of a list: the names it adds over the data around it, which it reads
 * through its prototype (logic's `var` and getPath see both) instead of a copy of every fact and
 * answer for every item.
 */
function scopeOver(data: Data, names: Data): Data {
  return Object.assign(Object.create(data) as Data, names);
}

function valueOf(rule: Pick<Rule, "emit" | "value">, data: Data): unknown {
  if (rule.emit) return Object.fromEntries(Object.entries(rule.emit).map(([key, logic]) => [key, evaluate(logic, data)]));
  return rule.value === undefined ? true : evaluate(rule.value, data);
}

/** A fact's object: its fields in order, each reading the ones before it by name. */
function factObject(emit: Record<string, unknown>, data: Data): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const scope = scopeOver(data, {});
  for (const [key, logic] of Object.entries(emit)) object[key] = scope[key] = evaluate(logic, scope);
  return object;
}

/** A fact's value: its value or emitted object, or with forEach the list of them, one per item. */
function factValue(fact: Fact, data: Data): unknown {
  const one = (scope: Data) => (fact.emit ? factObject(fact.emit, scope) : evaluate(fact.value, scope));
  if (fact.forEach === undefined) return one(data);
  const items = evaluate(fact.forEach, data);
  return (Array.isArray(items) ? items : []).map((item, index) => one(scopeOver(data, { [fact.as!]: item, index })));
}

/**
 * The logic of each field of a requirement rule's value: the template's (rule set `requirement.emit`),
 * in its order, with the rule's own `set` in place of the fields it names.
 */
export function requirementFields(template: RequirementTemplate, rule: Rule): [string, unknown][] {
  const fields = { ...template.emit, ...rule.set };
  return Object.keys(fields).map((key) => [key, fields[key]]);
}

/**
 * A requirement rule (`require` + `for`) on every item of its `for` list: where its `when` holds
 * and the template's `skipWhen` does not, the requirement the template emits (fields in order,
 * each reading the ones before as requirement.<field>).
 */
function requirementsOf(template: RequirementTemplate, rule: Rule, data: Data): { value: Record<string, unknown>; scope: Data; index: number }[] {
  const subject = template.for[rule.for!];
  if (!subject) throw new Error(`"for": "${rule.for}" is not a list of the rule set's requirement.for`);
  const items = evaluate(subject.forEach, data);
  const out: { value: Record<string, unknown>; scope: Data; index: number }[] = [];
  (Array.isArray(items) ? items : []).forEach((item, index) => {
    const scope = scopeOver(data, { [subject.as]: item, subject: item, index });
    if (rule.when !== undefined && !holds(rule.when, scope)) return;
    scope.document = typeof rule.require === "string" ? rule.require : evaluate(rule.require, scope);
    if (template.skipWhen !== undefined && holds(template.skipWhen, scope)) return;
    const requirement: Record<string, unknown> = {};
    scope.requirement = requirement;
    for (const [key, logic] of requirementFields(template, rule)) requirement[key] = evaluate(logic, scope);
    out.push({ value: requirement, scope, index });
  });
  return out;
}

/** An object decided by a rule (or each object of a decided list) names the rule, so the output stays explainable. */
const stamp = (value: unknown, ruleId: string): unknown =>
  Array.isArray(value) ? value.map((v) => stamp(v, ruleId))
  : value !== null && typeof value === "object" ? { ...value, ruleId }
  : value;

/** Builds the evaluation data: the input, today, every rule set's params. */
export function ruleData(defs: Definitions, input: Data, today?: string): Data {
  return { ...input, today: today ?? todayIso(), params: defs.params };
}

// Inputs already found valid, per input schema. Several rule sets take the same one (a bare $ref
// to schemas/application.json): a caller evaluating them on one input object has it validated
// once. An input is not to be changed once evaluated.
const validInputs = new WeakMap<Definitions, Map<string, WeakSet<object>>>();

function validSet(defs: Definitions, ruleSetId: string): WeakSet<object> {
  const input = ruleSetById(defs, ruleSetId).def.input as Record<string, unknown> | undefined;
  const ref = input && Object.keys(input).length === 1 && typeof input.$ref === "string" ? input.$ref.replace(/^(\.\.\/)+/, "") : null;
  const key = ref ? `$ref ${ref}` : `rule set ${ruleSetId}`;
  let perSchema = validInputs.get(defs);
  if (!perSchema) validInputs.set(defs, (perSchema = new Map()));
  let valid = perSchema.get(key);
  if (!valid) perSchema.set(key, (valid = new WeakSet()));
  return valid;
}

function checkInput(defs: Definitions, ruleSetId: string, input: unknown, givenToday?: string): { data: Data; today: string } {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    throw new RuleInputError(ruleSetId, [{ pointer: "", message: "The input must be a JSON object" }]);
  const { today: inputToday, ...rest } = input as Data;
  const today = givenToday ?? inputToday;
  if (today !== undefined && !isIsoDate(today))
    throw new RuleInputError(ruleSetId, [{ pointer: "/today", message: "Today must be a date in yyyy-MM-dd form" }]);
  const validate = compileRuleInput(defs, ruleSetId);
  if (validate) {
    const valid = validSet(defs, ruleSetId);
    if (!valid.has(input)) {
      if (!validate(rest)) throw new RuleInputError(ruleSetId, describeAjvErrors(validate.errors));
      valid.add(input);
    }
  }
  return { data: rest, today: (today as string | undefined) ?? todayIso() };
}

/**
 * A rule set's outputs and decisions on an input. `today` (else the input's own `today`, else the
 * date now): given apart, the caller's document is the input itself, validated once however many
 * rule sets read it, instead of a copy with today in it validated each time.
 */
export function evaluateRuleSet(defs: Definitions, ruleSetId: string, input: unknown, options: { today?: string } = {}): RuleSetResult {
  const { def } = ruleSetById(defs, ruleSetId);
  const checked = checkInput(defs, ruleSetId, input, options.today);
  const data = ruleData(defs, checked.data, checked.today);
  for (const fact of def.facts ?? []) data[fact.name] = guarded(`fact ${fact.name}`, () => factValue(fact, data));

  const outputs: Record<string, unknown> = {};
  const decisions: Decision[] = [];
  const decide = (rule: Rule, value: unknown, scope: Data, index?: number) => {
    decisions.push({ ruleId: rule.id, reason: rule.description, ...(rule.output ? { output: rule.output } : {}), ...(index === undefined ? {} : { index }), value, because: because(rule.when ?? rule.value ?? null, scope) });
  };

  for (const rule of def.rules ?? []) {
    const decided = guarded(`rule ${rule.id}`, () => {
      if (rule.require !== undefined && def.requirement) {
        const output = def.requirement.output;
        const found = requirementsOf(def.requirement, rule, data);
        const values = found.map(({ value, scope, index }) => {
          const stamped = stamp(value, rule.id);
          decisions.push({ ruleId: rule.id, reason: rule.description, output, index, value: stamped, because: because(rule.when ?? null, scope) });
          return stamped;
        });
        outputs[output] = data[output] = [...((outputs[output] as unknown[] | undefined) ?? []), ...values];
        return values.length > 0;
      }
      if (rule.forEach !== undefined) {
        const items = evaluate(rule.forEach, data);
        const values: unknown[] = [];
        (Array.isArray(items) ? items : []).forEach((item, index) => {
          const scope = scopeOver(data, { [rule.as!]: item, index });
          if (rule.when !== undefined && !holds(rule.when, scope)) return;
          const value = stamp(valueOf(rule, scope), rule.id);
          values.push(value);
          decide(rule, value, scope, index);
        });
        if (rule.output) {
          const list = [...((outputs[rule.output] as unknown[] | undefined) ?? []), ...values];
          outputs[rule.output] = data[rule.output] = list;
        }
        return values.length > 0;
      }
      // A scalar output is decided once: the first rule for it that holds wins.
      if (rule.output && Object.hasOwn(outputs, rule.output)) return false;
      if (rule.when !== undefined && !holds(rule.when, data)) return false;
      const value = stamp(valueOf(rule, data), rule.id);
      if (rule.output) outputs[rule.output] = data[rule.output] = value;
      decide(rule, value, data);
      return true;
    });
    if (decided && def.mode === "first") break;
  }
  return { outputs, decisions };
}

function guarded<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleInputError) throw error;
    throw new Error(`${what}: ${(error as Error).message}`);
  }
}

/** The JSON a person reads: the outputs, then every decision (and for a first-match set, the deciding rule up front). */
export function presentResult(defs: Definitions, ruleSetId: string, result: RuleSetResult): Record<string, unknown> {
  const { def } = ruleSetById(defs, ruleSetId);
  const deciding = def.mode === "first" ? result.decisions[0] : undefined;
  return {
    ...result.outputs,
    ...(deciding ? { ruleId: deciding.ruleId, reason: deciding.reason } : {}),
    decisions: result.decisions,
  };
}
