// A rule set as its evaluation reads it, worked out once per definitions set instead of on every
// evaluation: the input's validator and the inputs already found valid, each rule's kind, a
// requirement rule's fields (the template's, with the rule's `set`) and its list of subjects, and
// the paths each decision quotes as its `because`. Everything here comes from the rule set's JSON;
// the logic itself is compiled once by engine/logic/logic.ts.
import { compileRuleInput, ruleInputUri, ruleSetById, type Definitions } from "../definitions/definitions";
import { uriOf } from "../base/uris";
import { iteratingOperators, operatorOf, type Logic } from "./operators";
import { namesRead } from "./logic-reads";
import type { RuleSet } from "../generated/schema-types";

export type Rule = NonNullable<RuleSet["rules"]>[number];
export type Fact = NonNullable<RuleSet["facts"]>[number];
export type RequirementTemplate = NonNullable<RuleSet["requirement"]>;
type Subject = RequirementTemplate["for"][string];

export interface PlannedFact {
  fact: Fact;
  /** An emitted object's fields, in order (each reads the ones before it by name). */
  fields: [string, Logic][] | null;
  /** The names of the data its value or fields read (namesRead): all an item's scope needs. */
  names: string[] | null;
}

export type PlannedRule = {
  rule: Rule;
  /** The paths of the input the rule's condition reads: what its decisions quote as why it held. */
  because: string[];
  /** The names of the data its logic reads on an item (namesRead): all an item's scope needs. */
  names: string[] | null;
} & (
  | {
      kind: "requirement";
      output: string;
      subject: Subject | undefined;
      fields: [string, Logic][];
      /** Per field, in order: its value kept for the definitions set when it is fixed (FixedField), else null. */
      fixed: (FixedField | null)[];
      skipWhen: Logic | undefined;
    }
  | { kind: "each" }
  | { kind: "scalar" }
);

/**
 * A requirement field whose logic reads nothing but the rule sets' params and the rule's document
 * (a fixed text, `require`): its value is the same on every evaluation with one definitions set
 * (every operator but `root` is a pure function of its arguments, and namesRead counts root's
 * paths). Kept once it is known to be the same value: a primitive at once, an object once two
 * evaluations gave the very same one (an object of the params); an object the logic builds afresh
 * each time (a literal []) is built each time, as before, never shared between requirements.
 */
export interface FixedField {
  value: unknown;
  /** "kept": `value` is the field's; "once": evaluated once, gave the object `value`; "fresh": builds a new object each time. */
  state: "new" | "once" | "kept" | "fresh";
}

export interface RuleSetPlan {
  def: RuleSet;
  /** The input's schema check (null: the rule set takes any object). */
  validate: ReturnType<typeof compileRuleInput>;
  /** Inputs already found valid against that schema, shared by the rule sets that take the same one. */
  valid: WeakSet<object>;
  /**
   * Documents found valid against schemas/application.json, when that schema holds every input
   * it passes to this schema's check too (inputCovered): they need no check of their own.
   */
  covered: WeakSet<object> | null;
  facts: PlannedFact[];
  rules: PlannedRule[];
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

/** The names every piece of logic of one scope reads (namesRead), or null when any may read any. */
function scopeNames(logics: Logic[]): string[] | null {
  const names = new Set<string>();
  for (const logic of logics) {
    const read = namesRead(logic);
    if (!read) return null;
    for (const name of read) names.add(name);
  }
  return [...names];
}

/** What a decision quotes: the paths its logic reads, but not the rule sets' params (the same for every input). */
const becausePaths = (logic: Logic): string[] =>
  varPaths(logic).filter((path) => !path.startsWith("params."));

/**
 * The logic of each field of a requirement rule's value: the template's (rule set `requirement.emit`),
 * in its order, with the rule's own `set` in place of the fields it names.
 */
export function requirementFields(template: RequirementTemplate, rule: Rule): [string, Logic][] {
  const fields = { ...template.emit, ...rule.set };
  return Object.keys(fields).map((key) => [key, fields[key]]);
}

function planRule(def: RuleSet, rule: Rule): PlannedRule {
  const template = def.requirement;
  if (rule.require !== undefined && template) {
    const fields = requirementFields(template, rule);
    // The names whose values are the same on every evaluation: the params, and the document when the rule names it.
    const fixedNames = new Set(typeof rule.require === "string" ? ["params", "document"] : ["params"]);
    const isFixed = (logic: Logic) => {
      const names = namesRead(logic);
      return names !== null && [...names].every((name) => fixedNames.has(name));
    };
    return {
      rule,
      because: becausePaths(rule.when ?? null),
      names: scopeNames([rule.when, rule.require, template.skipWhen, ...fields.map(([, logic]) => logic)]),
      kind: "requirement",
      output: template.output,
      subject: Object.hasOwn(template.for, rule.for ?? "") ? template.for[rule.for!] : undefined,
      fields,
      fixed: fields.map(([, logic]): FixedField | null =>
        isFixed(logic) ? { value: undefined, state: "new" } : null,
      ),
      skipWhen: template.skipWhen,
    };
  }
  return {
    rule,
    because: becausePaths(rule.when ?? rule.value ?? null),
    names: scopeNames([rule.when, rule.value, ...Object.values(rule.emit ?? {})]),
    kind: rule.forEach !== undefined ? "each" : "scalar",
  };
}

// Inputs found valid, per definitions set and input schema. Several rule sets take the same one (a
// bare $ref to schemas/application.json): a caller evaluating them on one input object has it
// validated once. An input is not to be changed once evaluated.
const validInputs = new WeakMap<Definitions, Map<string, WeakSet<object>>>();

function validSet(defs: Definitions, def: RuleSet): WeakSet<object> {
  const input = def.input as Record<string, unknown> | undefined;
  const ref =
    input && Object.keys(input).length === 1 && typeof input.$ref === "string"
      ? input.$ref.replace(/^(\.\.\/)+/, "")
      : null;
  return validSetAt(defs, ref ? `$ref ${ref}` : `rule set ${def.id}`);
}

function validSetAt(defs: Definitions, key: string): WeakSet<object> {
  let perSchema = validInputs.get(defs);
  if (!perSchema) validInputs.set(defs, (perSchema = new Map()));
  let valid = perSchema.get(key);
  if (!valid) perSchema.set(key, (valid = new WeakSet()));
  return valid;
}

const APPLICATION = "schemas/application.json";

/**
 * The documents found valid against schemas/application.json in this definitions set (the same
 * set as a rule set's whose input is a bare $ref to it): a caller that checks a document against
 * it records it here, and no rule set reading it checks it again.
 */
export const validApplications = (defs: Definitions): WeakSet<object> =>
  validSetAt(defs, `$ref ${APPLICATION}`);

// Keywords that say what a schema is, not what it accepts.
const ANNOTATIONS = new Set(["title", "description", "$comment", "examples"]);
const onlyAnnotations = (schema: Record<string, unknown>, but: string[]) =>
  Object.keys(schema).every((key) => but.includes(key) || ANNOTATIONS.has(key));
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether every document schemas/application.json accepts is a valid input of `def`, by the shape
 * of the two schemas alone: the input is an object whose properties each only refer ($ref) to the
 * very schema the application gives that property (its own property's, or the file that property
 * refers to, to which the application's may add more). Any other input schema is not covered.
 */
export function inputCovered(defs: Definitions, def: RuleSet, file: string): boolean {
  const input = def.input as unknown;
  const application = defs.files.schemas["application.json"];
  if (!isObject(input) || !isObject(application) || application.type !== "object") return false;
  if (!onlyAnnotations(input, ["type", "properties"]) || input.type !== "object") return false;
  if (!isObject(input.properties) || !isObject(application.properties)) return false;
  const applicationUri = uriOf("schemas", "application.json");
  const inputUri = ruleInputUri(file);
  return Object.entries(input.properties).every(([key, schema]) => {
    const own = (application.properties as Record<string, unknown>)[key];
    if (
      !isObject(schema) ||
      typeof schema.$ref !== "string" ||
      !onlyAnnotations(schema, ["$ref"]) ||
      !isObject(own)
    )
      return false;
    const target = new URL(schema.$ref, inputUri).href;
    if (target === `${applicationUri}#/properties/${encodeURIComponent(key)}`) return true;
    return typeof own.$ref === "string" && new URL(own.$ref, applicationUri).href === target;
  });
}

const plans = new WeakMap<Definitions, Map<string, RuleSetPlan>>();

/** A rule set's plan, made on its first evaluation and kept with the definitions set. */
export function planOf(defs: Definitions, ruleSetId: string): RuleSetPlan {
  let perSet = plans.get(defs);
  if (!perSet) plans.set(defs, (perSet = new Map()));
  const { def, file } = ruleSetById(defs, ruleSetId);
  let plan = perSet.get(ruleSetId);
  if (plan?.def !== def) {
    const valid = validSet(defs, def);
    const applications = validApplications(defs);
    plan = {
      def,
      validate: compileRuleInput(defs, ruleSetId),
      valid,
      covered: valid !== applications && inputCovered(defs, def, file) ? applications : null,
      facts: (def.facts ?? []).map((fact) => ({
        fact,
        fields: fact.emit ? Object.entries(fact.emit) : null,
        names: scopeNames([fact.value, ...Object.values(fact.emit ?? {})]),
      })),
      rules: (def.rules ?? []).map((rule) => planRule(def, rule)),
    };
    perSet.set(ruleSetId, plan);
  }
  return plan;
}
