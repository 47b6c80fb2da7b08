// Evaluates a rule set of rules/ against an input. Generic: it knows facts, rules, outputs and
// modes, never what a rule is about. Every decision carries the id of the rule that made it and
// the facts that made its condition true.
import { isIsoDate } from "../base/dates";
import { ruleSetById, type Definitions } from "../definitions/definitions";
import { evaluate, holds, getPath, type Data, type Logic } from "./logic";
import { describeAjvErrors, type FieldError } from "../validation/messages";
import {
  planOf,
  type FixedField,
  type PlannedFact,
  type PlannedRule,
  type Rule,
  type RuleSetPlan,
} from "./rule-plan";

// Where a rule set's parts are found once (rule-plan.ts); these stay importable from here.
export { requirementFields, varPaths, type RequirementTemplate } from "./rule-plan";

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
  constructor(
    readonly ruleSet: string,
    readonly errors: FieldError[],
  ) {
    super(
      `invalid input for rule set "${ruleSet}": ${errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`,
    );
  }
}

/** The input values a decision's logic read, by path (rule-plan.ts `because`): why the rule held. */
function because(paths: string[], data: Data): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const path of paths) facts[path] = getPath(data, path) ?? null;
  return facts;
}

/**
 * The data a scope's logic reads: the names of `data` it reads (logic-reads.ts namesRead), or, when
 * its logic may read any name, a shallow copy of all of it. A new object, never one whose
 * prototype is the data: every evaluation has data of its own, and an object made a prototype
 * (then given facts and outputs) gives V8 new hidden classes and invalidated caches on every
 * evaluation. A few names, always in the same order, keep one hidden class from item to item;
 * copying all of the data (some 27 names, in dictionary mode once it holds the facts) was a
 * quarter of the documents' time (docs/performance.md, Rules).
 */
function scopeOf(data: Data, names: string[] | null): Data {
  if (!names) return { ...data };
  const scope: Data = {};
  for (const name of names) if (Object.hasOwn(data, name)) scope[name] = data[name];
  return scope;
}

/** The data of one item of a list: the data its logic reads (scopeOf), the item under its name (`as`), its index. */
function itemScope(data: Data, names: string[] | null, as: string, item: unknown, index: number): Data {
  const scope = scopeOf(data, names);
  scope[as] = item;
  scope.index = index;
  return scope;
}

function valueOf(rule: Rule, data: Data): unknown {
  if (rule.emit) {
    const value: Record<string, unknown> = {};
    for (const key of Object.keys(rule.emit)) value[key] = evaluate(rule.emit[key], data);
    return value;
  }
  return rule.value === undefined ? true : evaluate(rule.value, data);
}

/** A fact's object: its fields in order, each reading the ones before it by name in `scope` (its own, scopeOf). */
function factObject(fields: [string, Logic][], scope: Data): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, logic] of fields) object[key] = scope[key] = evaluate(logic, scope);
  return object;
}

/** A fact's value: its value or emitted object, or with forEach the list of them, one per item. */
function factValue({ fact, fields, names }: PlannedFact, data: Data): unknown {
  if (fact.forEach === undefined)
    return fields ? factObject(fields, scopeOf(data, names)) : evaluate(fact.value, data);
  const items = evaluate(fact.forEach, data);
  if (!Array.isArray(items)) return [];
  const values: unknown[] = [];
  for (let index = 0; index < items.length; index++) {
    const scope = itemScope(data, names, fact.as!, items[index], index);
    values.push(fields ? factObject(fields, scope) : evaluate(fact.value, scope));
  }
  return values;
}

/**
 * A requirement rule (`require` + `for`) on every item of its `for` list: where its `when` holds
 * and the template's `skipWhen` does not, the requirement the template emits (fields in order,
 * each reading the ones before as requirement.<field>), stamped with the rule's id, and its decision.
 */
function requirementsOf(
  planned: Extract<PlannedRule, { kind: "requirement" }>,
  data: Data,
  decisions: Decision[],
): unknown[] {
  const { rule, subject } = planned;
  if (!subject) throw new Error(`"for": "${rule.for}" is not a list of the rule set's requirement.for`);
  const items = evaluate(subject.forEach, data);
  const values: unknown[] = [];
  if (!Array.isArray(items)) return values;
  for (let index = 0; index < items.length; index++) {
    const scope = itemScope(data, planned.names, subject.as, items[index], index);
    scope.subject = items[index];
    if (rule.when !== undefined && !holds(rule.when, scope)) continue;
    scope.document = typeof rule.require === "string" ? rule.require : evaluate(rule.require, scope);
    if (planned.skipWhen !== undefined && holds(planned.skipWhen, scope)) continue;
    const requirement: Record<string, unknown> = {};
    scope.requirement = requirement;
    const { fields, fixed } = planned;
    for (let field = 0; field < fields.length; field++) {
      const [key, logic] = fields[field]!;
      const kept = fixed[field];
      requirement[key] = kept ? fixedValue(kept, logic, scope) : evaluate(logic, scope);
    }
    requirement.ruleId = rule.id; // stamped as every decided object is (see stamp)
    values.push(requirement);
    decisions.push(decision(rule, planned.output, index, requirement, because(planned.because, scope)));
  }
  return values;
}

/** A field fixed for the definitions set (rule-plan.ts FixedField): its kept value, or worked out. */
function fixedValue(kept: FixedField, logic: Logic, scope: Data): unknown {
  if (kept.state === "kept") return kept.value;
  const value = evaluate(logic, scope);
  if (kept.state === "new") {
    kept.state = value !== null && typeof value === "object" ? "once" : "kept";
    kept.value = value;
  } else if (kept.state === "once") {
    kept.state = value === kept.value ? "kept" : "fresh";
    if (kept.state === "fresh") kept.value = undefined;
  }
  return value;
}

/** An object decided by a rule (or each object of a decided list) names the rule, so the output stays explainable. */
const stamp = (value: unknown, ruleId: string): unknown =>
  Array.isArray(value)
    ? value.map((v) => stamp(v, ruleId))
    : value !== null && typeof value === "object"
      ? { ...value, ruleId }
      : value;

function decision(
  rule: Rule,
  output: string | undefined,
  index: number | undefined,
  value: unknown,
  why: Record<string, unknown>,
): Decision {
  // In the order a person reads it: rule, reason, output, index, value, because.
  const made = { ruleId: rule.id, reason: rule.description } as Decision;
  if (output) made.output = output;
  if (index !== undefined) made.index = index;
  made.value = value;
  made.because = why;
  return made;
}

/** Builds the evaluation data: the input, the caller's today, every rule set's params. */
export function ruleData(defs: Definitions, input: Data, today: string): Data {
  return { ...input, today, params: defs.params };
}

/**
 * The day an input carries of its own (`today`, an ISO date), else `otherwise`. For tools and
 * worked-case runners that replay inputs written with their own day: they pass
 * `dayOf(input, todayIso())` so a worked case keeps its day. A server or browser passes its own clock's day.
 */
export function dayOf(input: unknown, otherwise: string): string {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return otherwise;
  const own = Object.hasOwn(input, "today") ? (input as Data).today : undefined;
  return isIsoDate(own) ? own : otherwise;
}

/**
 * The input checked (an object, the caller's today a valid date, its schema) and its data without
 * its own `today` (the day read is always the caller's). An input object found valid is not
 * checked again (rule-plan.ts validInputs): the same object, validated once, however many rule sets read it.
 */
function checkInput(plan: RuleSetPlan, input: unknown, today: string): Data {
  const ruleSetId = plan.def.id;
  if (input === null || typeof input !== "object" || Array.isArray(input))
    throw new RuleInputError(ruleSetId, [{ pointer: "", message: "The input must be a JSON object" }]);
  if (!isIsoDate(today))
    throw new RuleInputError(ruleSetId, [
      { pointer: "/today", message: "Today must be a date in yyyy-MM-dd form" },
    ]);
  // Most inputs carry no today of their own: those are read as they are, not copied.
  let data = input as Data;
  if (Object.hasOwn(input, "today")) {
    data = { ...data };
    delete data.today;
  }
  if (plan.validate && !plan.valid.has(input) && !plan.covered?.has(input)) {
    if (!plan.validate(data)) throw new RuleInputError(ruleSetId, describeAjvErrors(plan.validate.errors));
    plan.valid.add(input);
  }
  return data;
}

/**
 * A rule set's outputs and decisions on an input, on the day the caller gives (`today`, always
 * the caller's clock: the server's injected one, the browser's, or a replayed case's own via
 * dayOf; an input's own `today` is never read). Given apart, the caller's document is the input
 * itself, validated once however many rule sets read it, instead of a copy with today in it
 * validated each time.
 */
export function evaluateRuleSet(
  defs: Definitions,
  ruleSetId: string,
  input: unknown,
  options: { today: string },
): RuleSetResult {
  const plan = planOf(defs, ruleSetId);
  const data = ruleData(defs, checkInput(plan, input, options.today), options.today);
  for (const planned of plan.facts) {
    try {
      data[planned.fact.name] = factValue(planned, data);
    } catch (error) {
      throw explained(`fact ${planned.fact.name}`, error);
    }
  }

  const outputs: Record<string, unknown> = {};
  const decisions: Decision[] = [];
  for (const planned of plan.rules) {
    let decided: boolean;
    try {
      decided = decide(planned, data, outputs, decisions);
    } catch (error) {
      throw explained(`rule ${planned.rule.id}`, error);
    }
    if (decided && plan.def.mode === "first") break;
  }
  return { outputs, decisions };
}

/**
 * Each rule set's result on documents whose content is fixed, per definitions set, for one day. A
 * save's walk reads `rules.pricing` on the document it saves, and its decline evaluates pricing on
 * that same document: kept, it is evaluated once. Only for a document its caller vouches never
 * changes (a stored document as opened: deep-frozen and shared); frozen at the top, as every
 * caller reads the same result.
 */
const fixedResults = new WeakMap<
  Definitions,
  WeakMap<object, { today: string; results: Map<string, RuleSetResult> }>
>();

/** evaluateRuleSet(defs, ruleSetId, doc, { today }), kept with `doc`, whose content must never change. */
export function ruleSetOnFixed(
  defs: Definitions,
  ruleSetId: string,
  doc: object,
  today: string,
): RuleSetResult {
  let byDoc = fixedResults.get(defs);
  if (!byDoc) fixedResults.set(defs, (byDoc = new WeakMap()));
  let kept = byDoc.get(doc);
  if (kept?.today !== today) byDoc.set(doc, (kept = { today, results: new Map() }));
  let result = kept.results.get(ruleSetId);
  if (!result) {
    const { outputs, decisions } = evaluateRuleSet(defs, ruleSetId, doc, { today });
    result = Object.freeze({
      outputs: Object.freeze(outputs),
      decisions: Object.freeze(decisions) as Decision[],
    });
    kept.results.set(ruleSetId, result);
  }
  return result;
}

/** One rule on the data: its decisions and outputs added; whether it decided anything. */
function decide(
  planned: PlannedRule,
  data: Data,
  outputs: Record<string, unknown>,
  decisions: Decision[],
): boolean {
  const { rule } = planned;
  if (planned.kind === "requirement") {
    const values = requirementsOf(planned, data, decisions);
    // A new list, not the old one grown: a decision already made quotes the list as it was.
    outputs[planned.output] = data[planned.output] = [
      ...((outputs[planned.output] as unknown[] | undefined) ?? []),
      ...values,
    ];
    return values.length > 0;
  }
  if (planned.kind === "each") {
    const items = evaluate(rule.forEach, data);
    const values: unknown[] = [];
    if (Array.isArray(items))
      for (let index = 0; index < items.length; index++) {
        const scope = itemScope(data, planned.names, rule.as!, items[index], index);
        if (rule.when !== undefined && !holds(rule.when, scope)) continue;
        const value = stamp(valueOf(rule, scope), rule.id);
        values.push(value);
        decisions.push(decision(rule, rule.output, index, value, because(planned.because, scope)));
      }
    if (rule.output)
      outputs[rule.output] = data[rule.output] = [
        ...((outputs[rule.output] as unknown[] | undefined) ?? []),
        ...values,
      ];
    return values.length > 0;
  }
  // A scalar output is decided once: the first rule for it that holds wins.
  if (rule.output && Object.hasOwn(outputs, rule.output)) return false;
  if (rule.when !== undefined && !holds(rule.when, data)) return false;
  const value = stamp(valueOf(rule, data), rule.id);
  if (rule.output) outputs[rule.output] = data[rule.output] = value;
  decisions.push(decision(rule, rule.output, undefined, value, because(planned.because, data)));
  return true;
}

/** An error of a fact or rule, saying which; an invalid input's error as it is. */
function explained(what: string, error: unknown): Error {
  if (error instanceof RuleInputError) return error;
  return new Error(`${what}: ${(error as Error).message}`);
}

/** The JSON a person reads: the outputs, then every decision (and for a first-match set, the deciding rule up front). */
export function presentResult(
  defs: Definitions,
  ruleSetId: string,
  result: RuleSetResult,
): Record<string, unknown> {
  const { def } = ruleSetById(defs, ruleSetId);
  const deciding = def.mode === "first" ? result.decisions[0] : undefined;
  return {
    ...result.outputs,
    ...(deciding ? { ruleId: deciding.ruleId, reason: deciding.reason } : {}),
    decisions: result.decisions,
  };
}
