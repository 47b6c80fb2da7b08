// Builds a definitions set (schemas, steps, flows, rule sets and their cases) from parsed JSON
// files. Pure: the server passes files read from disk, the browser files bundled at build time.
import type { ErrorObject } from "./ajv";
import type { SchemaCompiler } from "../validation/precompiled";
import { uriOf } from "../base/uris.ts";
import type { Flow, RuleCases, RuleSet, Step } from "../generated/schema-types";
import { deriveFunnelTables, type FunnelTables } from "../funnel/funnel-tables.ts";
import { expandEachBorrower, sourceOf, type EachBorrowerRole, type Source } from "./each-borrower.ts";
import { suggest } from "../base/text.ts";
import type { mergeStepFields } from "./step-fields";

export type { Flow, RuleCases, RuleSet, Step };

/** Parsed JSON files by path relative to their folder, e.g. steps["application/employment.json"]. */
export interface DefinitionFiles {
  schemas: Record<string, unknown>;
  steps: Record<string, unknown>;
  rules: Record<string, unknown>;
}

/**
 * One finding of the loader or linter: the file, the JSON pointer inside it, and the problem; the
 * loader adds the line and column where the file has that pointer (or its nearest part).
 */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

export interface Located<T> {
  file: string;
  def: T;
  /** For a step made from a template (eachBorrower): its pointers' places in the file. */
  sources?: Source[];
}

export interface Definitions {
  files: DefinitionFiles;
  /** Knows every schema of `files`: ajv on the server, the server's precompiled validators in the browser. */
  ajv: SchemaCompiler;
  steps: Map<string, Located<Step>>;
  flows: Map<string, Located<Flow>>;
  ruleSets: Map<string, Located<RuleSet>>;
  cases: Located<RuleCases>[];
  /** Every rule set's params by rule set id: what logic reads as params.<id>.<name>. */
  params: Record<string, Record<string, unknown>>;
  /** Every status's rank, label and page, derived from the steps and rules/funnel.json (funnel-tables.ts). */
  funnel: FunnelTables;
  /**
   * Every file of the set as read from disk, by name (`steps/zip.json`, `content/mail/offer.md`):
   * the texts the server serves and mails, and what the version hashes. Absent in the browser.
   */
  texts?: ReadonlyMap<string, string>;
  /** The hash of `texts` (load.ts versionOfTexts), when the one who read them worked it out already. */
  version?: string;
  /** The engine's words in the set's language (engine/locale/words.ts): absent, English. */
  words?: Partial<Record<string, string>>;
}

const META = {
  step: "step.schema.json",
  flow: "flow.schema.json",
  rule: "rule.schema.json",
  cases: "cases.schema.json",
} as const;

export function pointerOf(error: ErrorObject): string {
  const extra =
    error.keyword === "required"
      ? `/${(error.params as { missingProperty: string }).missingProperty}`
      : error.keyword === "additionalProperties"
        ? `/${(error.params as { additionalProperty: string }).additionalProperty}`
        : "";
  return `${error.instancePath}${extra}`;
}

/** A rule file's params against the schema it names (paramsSchema): each misfit named under /params. */
function paramsCheck(
  ajv: SchemaCompiler,
  schema: string,
  file: string,
  params: unknown,
  problems: Problem[],
) {
  const found: Problem[] = [];
  metaCheck(ajv, schema, file, params, found);
  problems.push(...found.map((p) => (p.file === file ? { ...p, pointer: `/params${p.pointer}` } : p)));
}

/** Meta-schemas that do not compile or are missing: said once, not once per file they check. */
const brokenMetas = new WeakMap<SchemaCompiler, Set<string>>();

function metaCheck(
  ajv: SchemaCompiler,
  meta: string,
  file: string,
  json: unknown,
  problems: Problem[],
): boolean {
  const broken = brokenMetas.get(ajv) ?? new Set<string>();
  brokenMetas.set(ajv, broken);
  if (broken.has(meta)) return false;
  let validate;
  try {
    validate = ajv.getSchema(uriOf("schemas", meta));
  } catch (error) {
    broken.add(meta);
    problems.push({
      file: `schemas/${meta}`,
      pointer: "",
      message: `does not compile, so no file it describes can be checked: ${(error as Error).message}`,
    });
    return false;
  }
  if (!validate) {
    broken.add(meta);
    problems.push({ file: `schemas/${meta}`, pointer: "", message: "meta-schema is missing" });
    return false;
  }
  if (validate(json)) return true;
  for (const error of validate.errors ?? []) {
    if (error.keyword === "if") continue;
    const detail =
      error.keyword === "enum"
        ? ` (one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(", ")})`
        : "";
    problems.push({ file, pointer: pointerOf(error), message: `${error.message ?? "is invalid"}${detail}` });
  }
  return false;
}

function indexById<T extends { id: string }>(
  map: Map<string, Located<T>>,
  file: string,
  def: T,
  sources: Source[] | undefined,
  what: string,
  problems: Problem[],
) {
  const seen = map.get(def.id);
  if (seen)
    problems.push({
      file,
      pointer: "/id",
      message: `${what} id "${def.id}" is already used by ${seen.file}`,
    });
  else map.set(def.id, { file, def, ...(sources?.length ? { sources } : {}) });
}

/** A step with its eachBorrower part made into one part per borrower (each-borrower.ts). */
function expandStep(
  file: string,
  step: Step,
  roles: Record<string, EachBorrowerRole> | undefined,
  problems: Problem[],
): [Step, Source[] | undefined] {
  if (!step.eachBorrower) return [step, undefined];
  if (!roles || Object.keys(roles).length === 0) {
    problems.push({
      file,
      pointer: "/eachBorrower",
      message: "eachBorrower needs the borrowers of rules/members.json (params.borrowers)",
    });
    return [step, undefined];
  }
  for (const role of Object.keys(step.eachBorrower.as ?? {}))
    if (!Object.hasOwn(roles, role))
      problems.push({
        file,
        pointer: `/eachBorrower/as/${role}`,
        message: `"${role}" is not a borrower of rules/members.json params.borrowers (${Object.keys(roles).join(", ")})${suggest(role, Object.keys(roles))}`,
      });
  const { step: expanded, sources } = expandEachBorrower(step, roles);
  return [expanded, sources];
}

/**
 * Problems found in an expanded step, moved to the place of the file they came from; one found in
 * every borrower's copy alike is said once.
 */
function locateInFiles(defs: Definitions, problems: Problem[]): Problem[] {
  const sources = new Map([...defs.steps.values()].filter((l) => l.sources).map((l) => [l.file, l.sources!]));
  if (!sources.size) return problems;
  const roles = new Map<string, string[]>();
  const out: Problem[] = [];
  for (const problem of problems) {
    const found = sources.has(problem.file) ? sourceOf(sources.get(problem.file)!, problem.pointer) : null;
    if (!found) {
      out.push(problem);
      continue;
    }
    const moved = { ...problem, pointer: found.pointer };
    const key = `${moved.file}#${moved.pointer}: ${moved.message}`;
    if (!roles.has(key)) out.push(moved);
    roles.set(key, [...(roles.get(key) ?? []), found.role]);
  }
  return out.map((p) => {
    const found = roles.get(`${p.file}#${p.pointer}: ${p.message}`);
    if (!found) return p;
    return {
      ...p,
      message: `${p.message} (${found.length > 1 ? "in every borrower's copy" : `in the ${found[0]}'s copy`} of eachBorrower)`,
    };
  });
}

/** A file of the set (a worked journey) checked against a meta-schema of schemas/; false, with its problems, when it fails. */
export function metaChecked(
  defs: Definitions,
  meta: string,
  file: string,
  json: unknown,
  problems: Problem[],
): boolean {
  return metaCheck(defs.ajv, meta, file, json, problems);
}

/**
 * Either the files were already checked (the browser builds what the server loaded and linted):
 * the meta-schema checks and the linter, most of the cost, are skipped; or they are checked, with
 * the linter and the merge of step-declared fields given (engine/lint/lint.ts, engine/definitions/step-fields.ts,
 * passed in so the browser's bundle carries neither). Either way the schema compiler is given too: ajv (engine/definitions/ajv.ts createAjv) on the server and in the
 * development preview, the server's precompiled validators (engine/validation/precompiled.ts) in the funnel.
 */
export type BuildOptions = { compiler: (schemas: Record<string, unknown>) => SchemaCompiler } & (
  { trusted: true } | { lint: (defs: Definitions) => Problem[]; mergeFields: typeof mergeStepFields }
);

export function buildDefinitions(
  files: DefinitionFiles,
  options: BuildOptions,
): { defs: Definitions; problems: Problem[] } {
  const trusted = "trusted" in options;
  const problems: Problem[] = [];
  let ajv: SchemaCompiler;
  try {
    ajv = options.compiler(files.schemas);
  } catch (error) {
    // A broken schema file stops everything else: report it and continue with no schemas.
    problems.push({ file: "schemas/", pointer: "", message: (error as Error).message });
    ajv = options.compiler({});
  }
  const defs: Definitions = {
    files,
    ajv,
    steps: new Map(),
    flows: new Map(),
    ruleSets: new Map(),
    cases: [],
    params: {},
    funnel: { ranks: {}, labels: {}, routes: {}, pages: [], statuses: {}, phases: [] },
  };

  for (const [path, json] of Object.entries(files.rules)) {
    const file = `rules/${path}`;
    if (path.endsWith(".cases.json")) {
      if (trusted || metaCheck(ajv, META.cases, file, json, problems))
        defs.cases.push({ file, def: json as RuleCases });
    } else if (trusted || metaCheck(ajv, META.rule, file, json, problems)) {
      const ruleSet = json as RuleSet;
      if (!trusted && ruleSet.paramsSchema)
        paramsCheck(ajv, ruleSet.paramsSchema, file, ruleSet.params ?? {}, problems);
      indexById(defs.ruleSets, file, ruleSet, undefined, "rule set", problems);
      defs.params[ruleSet.id] = (ruleSet.params ?? {}) as Record<string, unknown>;
    }
  }
  // Steps after the rules: a step's part for each borrower is made from the borrowers of rules/members.json.
  const roles = defs.params.members?.borrowers as Record<string, EachBorrowerRole> | undefined;
  for (const [path, json] of Object.entries(files.steps)) {
    const file = `steps/${path}`;
    const isFlow = path.startsWith("flows/");
    if (!trusted && !metaCheck(ajv, isFlow ? META.flow : META.step, file, json, problems)) continue;
    if (isFlow) indexById(defs.flows, file, json as Flow, undefined, "flow", problems);
    else indexById(defs.steps, file, ...expandStep(file, json as Step, roles, problems), "step", problems);
  }
  // Questions declared in a step join the application's schema; the validators see them. (Files
  // already checked come from a set built here: their schemas hold those fields already.)
  const merged = "mergeFields" in options ? options.mergeFields(files, defs.steps.values()) : null;
  problems.push(...(merged?.problems ?? []));
  if (merged && merged.schemas !== files.schemas) {
    defs.files = { ...files, schemas: merged.schemas };
    try {
      defs.ajv = options.compiler(merged.schemas);
    } catch (error) {
      problems.push({ file: "schemas/", pointer: "", message: (error as Error).message });
    }
  }
  defs.funnel = deriveFunnelTables(defs);
  // With a meta-schema broken, the files it describes are missing: what the linter would say of them would mislead.
  if (!trusted && !brokenMetas.get(ajv)?.size) problems.push(...options.lint(defs));
  return { defs, problems: locateInFiles(defs, problems) };
}

export function stepById(defs: Definitions, id: string): Step {
  const step = defs.steps.get(id)?.def;
  if (!step) throw new Error(`unknown step "${id}"`);
  return step;
}

export function ruleSetById(defs: Definitions, id: string): Located<RuleSet> {
  const ruleSet = defs.ruleSets.get(id);
  if (!ruleSet) throw new Error(`unknown rule set "${id}" (known: ${[...defs.ruleSets.keys()].join(", ")})`);
  return ruleSet;
}

/** The URI a step's answer schema is compiled under, so its relative $refs reach schemas/. */
export function stepSchemaUri(file: string): string {
  return uriOf("steps", file.replace(/^steps\//, ""));
}

export function ruleInputUri(file: string): string {
  return uriOf("rules", file.replace(/^rules\//, ""));
}

/** Compiles a step's answer schema once per definitions set. */
export function compileStepSchema(defs: Definitions, stepId: string) {
  const located = defs.steps.get(stepId);
  if (!located) throw new Error(`unknown step "${stepId}"`);
  const uri = stepSchemaUri(located.file);
  return defs.ajv.getSchema(uri) ?? defs.ajv.compile({ ...located.def.schema, $id: uri });
}

export function compileRuleInput(defs: Definitions, ruleSetId: string) {
  const { file, def } = ruleSetById(defs, ruleSetId);
  if (!def.input) return null;
  const uri = ruleInputUri(file);
  return validatorAt(defs, uri) ?? defs.ajv.compile({ ...def.input, $id: uri });
}

/** The compiled validator of a file of schemas/, e.g. "application.json" (compiled once by ajv). */
export function compileSchemaFile(defs: Definitions, path: string) {
  const validate = validatorAt(defs, uriOf("schemas", path));
  if (!validate) throw new Error(`schemas/${path} is missing`);
  return validate;
}

// ajv's getSchema normalizes and resolves the id on every call, and every rule set evaluation
// asks for its input's validator: each found validator is kept per ajv instance (a set's own).
const validatorsFound = new WeakMap<
  SchemaCompiler,
  Map<string, NonNullable<ReturnType<SchemaCompiler["getSchema"]>>>
>();

function validatorAt(defs: Definitions, uri: string) {
  let found = validatorsFound.get(defs.ajv);
  if (!found) validatorsFound.set(defs.ajv, (found = new Map()));
  let validate = found.get(uri);
  if (!validate) {
    validate = defs.ajv.getSchema(uri);
    if (validate) found.set(uri, validate);
  }
  return validate;
}
