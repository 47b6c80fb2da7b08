// The browser's validators, as code: ajv's standalone code of the validators the server compiled
// for a definitions set (engine/definitions/ajv.ts keeps their source), one ES module per step answer schema
// and per rule set input. The browser imports them (engine/validation/precompiled.ts links them), so it runs
// the very code the server runs and never compiles: no 'unsafe-eval'. Made when first asked for
// and kept per definitions set, so a reload of the definitions brings its own.
import standaloneCode from "ajv/dist/standalone";
import type { Ajv } from "../definitions/ajv";
import { FORMATS_MODULE } from "../validation/precompiled";
import { uriOf } from "../base/uris";
import {
  compileRuleInput,
  compileSchemaFile,
  compileStepSchema,
  ruleInputUri,
  stepSchemaUri,
  type Definitions,
} from "../definitions/definitions";

const made = new WeakMap<Definitions, Map<string, string | null>>();

/** The schema a module checks: "step/<step id>" (its answers) or "rules/<rule set id>" (its input); null when there is none. */
function schemaOf(defs: Definitions, name: string): string | null {
  const match = /^(step|rules)\/([A-Za-z0-9_-]+)$/.exec(name);
  if (!match) return null;
  const [, kind, id] = match as unknown as [string, "step" | "rules", string];
  if (kind === "step") {
    const located = defs.steps.get(id);
    if (!located) return null;
    compileStepSchema(defs, id);
    return stepSchemaUri(located.file);
  }
  const located = defs.ruleSets.get(id);
  if (!located || !compileRuleInput(defs, id)) return null;
  return ruleInputUri(located.file);
}

/**
 * The formats the code checks, by name, when it reads each one by name (ajv's
 * `require("heloc:formats").email`, `["date-time"]`); null when it reads the table any other way.
 */
function formatNames(code: string): string[] | null {
  const required = `require(${JSON.stringify(FORMATS_MODULE)})`;
  const uses = code.split(required).length - 1;
  const named = [
    ...code.matchAll(new RegExp(`${required.replace(/[().]/g, "\\$&")}(?:\\.(\\w+)|\\["([\\w-]+)"\\])`, "g")),
  ].map((m) => (m[1] ?? m[2])!);
  return named.length === uses ? [...new Set(named)] : null;
}

/** A validator's standalone code: CommonJS that sets exports[uri], the helpers it requires, the formats it reads. */
export interface StandaloneParts {
  uri: string;
  code: string;
  requires: string[];
  formats: string[] | null;
}

/** The standalone code of the validator a module name stands for; null for a name that is no step and no rule set with an input. */
export function standaloneParts(defs: Definitions, name: string): StandaloneParts | null {
  const uri = name.startsWith("schema/")
    ? schemaFileUri(defs, name.slice("schema/".length))
    : schemaOf(defs, name);
  if (!uri) return null;
  const ajv = defs.ajv as Ajv;
  if (!ajv.opts?.code?.source)
    throw new Error(
      "precompiled validators need the definitions' ajv (engine/definitions/ajv.ts createAjv), which keeps their code",
    );
  const code = standaloneCode(ajv, { [uri]: uri });
  const requires = [
    ...new Set([...code.matchAll(/require\(("[^"\\]+")\)/g)].map((m) => JSON.parse(m[1]!) as string)),
  ];
  const formats = requires.includes(FORMATS_MODULE) ? formatNames(code) : null;
  return { uri, code, requires, formats };
}

/** A file of schemas/ ("application.json") compiled, as a module name's URI. */
function schemaFileUri(defs: Definitions, path: string): string | null {
  try {
    compileSchemaFile(defs, path);
    return uriOf("schemas", path);
  } catch {
    return null;
  }
}

const moduleText = ({ code, requires, formats }: StandaloneParts) =>
  `export const requires = ${JSON.stringify(requires)};\n${formats ? `export const formats = ${JSON.stringify(formats)};\n` : ""}export default function (require) {\nconst exports = {};\n${code}\nreturn exports;\n}\n`;

/** Every module a set serves (each step's answers, each rule set's input) and the application's schema. */
export function moduleNames(defs: Definitions): string[] {
  return [
    ...[...defs.steps.keys()].map((id) => `step/${id}`),
    ...[...defs.ruleSets.values()].filter((r) => r.def.input).map((r) => `rules/${r.def.id}`),
    "schema/application.json",
  ];
}

/**
 * Takes modules made elsewhere (the definitions worker, server/features/definitions/gate.ts) as
 * this set's: the browser is sent their code, and nothing here compiles them again.
 */
export function adoptPrecompiled(defs: Definitions, parts: Record<string, StandaloneParts | null>): void {
  adopted.set(defs, parts);
}

/** Modules made elsewhere, by set: each one's text is made when first asked for. */
const adopted = new WeakMap<Definitions, Record<string, StandaloneParts | null>>();

/**
 * The ES module of one validator: `requires` names the helpers its code calls, and its default
 * export, given a `require` for them, returns the validator keyed by its schema's URI. Null for a
 * name that is no step and no rule set with an input.
 */
export function precompiledModule(defs: Definitions, name: string): string | null {
  let perName = made.get(defs);
  if (!perName) made.set(defs, (perName = new Map()));
  if (perName.has(name)) return perName.get(name)!;
  const given = adopted.get(defs);
  const parts = !/^(step|rules)\//.test(name)
    ? null
    : given
      ? Object.hasOwn(given, name)
        ? given[name]!
        : null
      : standaloneParts(defs, name);
  const source = parts ? moduleText(parts) : null;
  perName.set(name, source);
  return source;
}
