// Validators the server compiled, run where nothing may compile: the browser's CSP has no
// 'unsafe-eval', so ajv cannot build a validator there. The server sends the code of the very
// validators it runs (engine/ship/precompile.ts: ajv's standalone code, as an ES module per step), and
// this module links that code to the few helpers it calls and answers the engine's look-ups with it
// (definitions.ts compileStepSchema / compileRuleInput). Imports no compiler.
import equal from "ajv/dist/runtime/equal";
import ucs2length from "ajv/dist/runtime/ucs2length";
import type { Ajv, ValidateFunction } from "../definitions/ajv";
import type { Definitions } from "../definitions/definitions";
import { formats } from "./field-predicates.ts";

/** The name the generated code requires the format checks by (ajv's code.formats). */
export const FORMATS_MODULE = "heloc:formats";

/** Our formats as ajv registers them (engine/definitions/ajv.ts): the generated code calls `.validate` on these very objects. */
export const formatDefinitions: Record<string, { type: "string"; validate: (value: string) => boolean }> =
  Object.fromEntries(
    Object.entries(formats).map(([name, validate]) => [name, { type: "string" as const, validate }]),
  );

/** What a precompiled module is: the helpers it requires, and a function that links it to them. */
export interface PrecompiledModule {
  requires: readonly string[];
  /** The formats the code checks, when the server could tell (engine/ship/precompile.ts); a client that has not this field's meaning ignores it. */
  formats?: readonly string[];
  default: (require: (name: string) => unknown) => Record<string, ValidateFunction>;
}

/** A CommonJS helper's function, however the bundler hands over its default export (the function, or the exports holding it). */
const functionOf = (imported: unknown): unknown =>
  typeof imported === "function" ? imported : (imported as { default?: unknown }).default;

/**
 * The helpers generated code may require. ajv-formats' own formats (date-time, uri...) are loaded
 * only by a module that needs one, so the first funnel page carries none of them.
 */
async function helpers({ requires: names, formats }: PrecompiledModule): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    "ajv/dist/runtime/equal": { default: functionOf(equal) },
    "ajv/dist/runtime/ucs2length": { default: functionOf(ucs2length) },
  };
  // Code that checks only our formats gets ours alone (the first page's next step, email): the very
  // functions it would run anyway, since ours override ajv-formats' names.
  if (names.includes(FORMATS_MODULE) && formats?.every((name) => Object.hasOwn(formatDefinitions, name)))
    out[FORMATS_MODULE] = formatDefinitions;
  else if (names.includes(FORMATS_MODULE)) {
    const { fullFormats } = await import("ajv-formats/dist/formats");
    out[FORMATS_MODULE] = { ...fullFormats, ...formatDefinitions };
  }
  return out;
}

/** Links a precompiled module: its validators by the URI of the schema each checks. Throws on a helper it does not know. */
export async function linkPrecompiled(module: PrecompiledModule): Promise<Record<string, ValidateFunction>> {
  const known = await helpers(module);
  const unknown = module.requires.filter((name) => !(name in known));
  if (unknown.length)
    throw new Error(
      `precompiled validators require ${unknown.join(", ")}, which engine/validation/precompiled.ts does not provide`,
    );
  return module.default((name) => known[name]);
}

/** What the engine asks of a schema compiler (definitions.ts): ajv on the server, precompiled code in the browser. */
export type SchemaCompiler = Pick<Ajv, "getSchema" | "compile">;

/**
 * A schema compiler that only knows validators it was given: a schema it was not given is an
 * error that names it (the step's module was not loaded, or the server left it out), never a
 * silent pass.
 */
export class PrecompiledValidators {
  private readonly validators = new Map<string, ValidateFunction>();

  add(validators: Record<string, ValidateFunction>): void {
    for (const [uri, validate] of Object.entries(validators)) this.validators.set(uri, validate);
  }

  has(uri: string): boolean {
    return this.validators.has(uri);
  }

  getSchema(uri: string): ValidateFunction | undefined {
    return this.validators.get(uri);
  }

  compile(schema: { $id?: unknown }): never {
    throw new Error(
      `no precompiled validator for ${String(schema.$id ?? "a schema without $id")}: the browser does not compile schemas`,
    );
  }

  /** This as the engine's schema compiler (its compile, typed like ajv's, always throws). */
  asCompiler(): SchemaCompiler {
    return this as unknown as SchemaCompiler;
  }
}

/** A module's name for the server's route: "step/<step id>" or "rules/<rule set id>" (engine/ship/precompile.ts). */
export type ModuleName = `step/${string}` | `rules/${string}`;

/** The rule sets the guards of every funnel page evaluate (engine/funnel/funnel.ts redirectFor, signOutTargetFor). */
const GUARD_RULE_SETS = ["redirect", "session-guard"];

/** Ids of the rule sets `node` names as `rules.<id>` (step logic reads their outputs so, engine/logic/step-data.ts). */
export function ruleSetsNamed(defs: Definitions, node: unknown, into: Set<string>): void {
  if (typeof node === "string") {
    const id = /^rules\.([^.]+)/.exec(node)?.[1];
    if (id && defs.ruleSets.has(id) && !into.has(id)) {
      into.add(id);
      ruleSetsNamed(defs, defs.ruleSets.get(id)!.def, into); // what that rule set reads in turn
    }
  } else if (Array.isArray(node)) for (const item of node) ruleSetsNamed(defs, item, into);
  else if (node !== null && typeof node === "object")
    for (const value of Object.values(node)) ruleSetsNamed(defs, value, into);
}

const withInput = (defs: Definitions, ids: Iterable<string>): ModuleName[] =>
  [...ids].filter((id) => defs.ruleSets.get(id)?.def.input).map((id): ModuleName => `rules/${id}`);

/** What the browser loads before it validates a step: its answers' validator and the inputs' of every rule set its logic reads. */
export function modulesForStep(defs: Definitions, stepId: string): ModuleName[] {
  const read = new Set<string>();
  ruleSetsNamed(defs, defs.steps.get(stepId)?.def ?? null, read);
  return [`step/${stepId}`, ...withInput(defs, read)];
}

/** What every funnel page loads with the definitions: the guards' rule set inputs. */
export const guardModules = (defs: Definitions): ModuleName[] => withInput(defs, GUARD_RULE_SETS);
