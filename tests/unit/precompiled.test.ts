// The browser's validators are the server's, sent as code (engine/ship/precompile.ts) and linked where
// nothing may compile (engine/validation/precompiled.ts): built from the same definitions, they decide every
// step as the server does, on the demo applications' answers and on broken ones.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserFiles } from "@engine/ship/browser-files";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { buildDefinitions, type Definitions } from "@engine/definitions/definitions";
import { sliceAnswers } from "@engine/form/answers";
import { precompiledModule } from "@engine/ship/precompile";
import {
  guardModules,
  linkPrecompiled,
  modulesForStep,
  PrecompiledValidators,
  type PrecompiledModule,
} from "@engine/validation/precompiled";
import { createStepValidator } from "@engine/validation/validate";
import { redirectFor, signOutTargetFor } from "@engine/funnel/funnel";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";

const { defs } = repo;
const TODAY = "2026-11-22";
let dir: string;

beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "heloc-precompiled-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Imports a module as the browser does: the server's code in a file of its own. */
async function importModule(name: string): Promise<PrecompiledModule> {
  const code = precompiledModule(defs, name);
  if (code === null) throw new Error(`no module ${name}`);
  const file = join(dir, `${name.replace("/", "-")}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as PrecompiledModule;
}

/** Every schema a browser's definitions were asked to compile: none was precompiled for it. */
const missing: string[] = [];
class Recording extends PrecompiledValidators {
  override compile(schema: { $id?: unknown }): never {
    missing.push(String(schema.$id));
    return super.compile(schema);
  }
}

/** The definitions as the browser builds them, knowing only the validators of `names`. */
async function browserDefinitions(names: string[]): Promise<Definitions> {
  const validators = new Recording();
  for (const name of names) validators.add(await linkPrecompiled(await importModule(name)));
  return buildDefinitions(browserFiles(defs.files), {
    trusted: true,
    compiler: () => validators.asCompiler(),
  }).defs;
}

/** The answers of a step, then the same broken: each text a number, each number a text, each flag a text, an answer too many. */
function answerSets(stepId: string, doc: Record<string, unknown>): unknown[] {
  const slice = (sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {}) as Record<string, unknown>;
  const broken = (value: unknown): unknown =>
    typeof value === "string"
      ? 12
      : typeof value === "number"
        ? "twelve"
        : typeof value === "boolean"
          ? "yes"
          : Array.isArray(value)
            ? value.map(broken)
            : value && typeof value === "object"
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, broken(v)]))
              : value;
  return [slice, {}, broken(slice), { ...slice, notAQuestion: true }];
}

describe("the browser's precompiled validators", () => {
  it("judge every step's answers as the server's compiled ones do", async () => {
    for (const stepId of defs.steps.keys()) {
      const browser = await browserDefinitions(modulesForStep(defs, stepId));
      const mine = createStepValidator(browser, stepId);
      const server = createStepValidator(defs, stepId);
      for (const doc of [singleBorrower(), twoBorrowers()])
        for (const answers of answerSets(stepId, doc)) {
          const context = { application: doc, today: TODAY };
          expect(mine(answers, context), `${stepId}: ${JSON.stringify(answers).slice(0, 120)}`).toEqual(
            server(answers, context),
          );
        }
    }
    expect(missing).toEqual([]); // no rule set a step reads went without its input's validator
  }, 120_000);

  it("run the guards of every funnel page as the server does", async () => {
    const browser = await browserDefinitions(guardModules(defs));
    for (const { def } of defs.steps.values())
      for (const hasSession of [true, false]) {
        // The same target by the same rule (the rule's reviewer description is not sent to browsers).
        const decided = ({ target, ruleId }: { target: string | null; ruleId: string }) => ({
          target,
          ruleId,
        });
        expect(decided(signOutTargetFor(browser, def.route, hasSession, TODAY))).toEqual(
          decided(signOutTargetFor(defs, def.route, hasSession, TODAY)),
        );
        const input = {
          applicationStatus: hasSession ? "application1" : null,
          path: def.route,
          previousPath: null,
          hasLoan: hasSession,
        };
        expect(decided(redirectFor(browser, input, TODAY))).toEqual(decided(redirectFor(defs, input, TODAY)));
      }
    expect(missing).toEqual([]);
  });

  it("refuse to guess for a schema they were not given, naming it", async () => {
    const browser = await browserDefinitions([]);
    expect(() => createStepValidator(browser, "name")).toThrow(
      /no precompiled validator for https:\/\/heloc\.local\/steps\/initial-setup\/name\.json/,
    );
    missing.length = 0;
  });

  it("name the formats they check, so code that checks only ours links without ajv-formats' (and code that names none still links)", async () => {
    const email = await importModule("step/email");
    expect(email.formats).toEqual(["email"]);
    const validators = await linkPrecompiled(email);
    const unnamed = await linkPrecompiled({ requires: email.requires, default: email.default });
    const judge = (v: Record<string, (data: unknown) => boolean>, address: string) =>
      Object.values(v)[0]!({ user: { email: address } });
    for (const address of ["ada@example.com", "not an address", "ada@", ""])
      expect(judge(validators, address), address).toBe(judge(unnamed, address));
    const names = [...defs.steps.keys()]
      .map((id) => `step/${id}`)
      .concat([...defs.ruleSets.keys()].map((id) => `rules/${id}`));
    const listed = new Set<string>();
    for (const name of names)
      if (precompiledModule(defs, name)?.includes('"heloc:formats"'))
        for (const format of (await importModule(name)).formats ?? ["(unnamed)"]) listed.add(format);
    expect([...listed].sort()).toEqual(
      ["date", "date-time", "email", "phone", "ssn", "uri", "zip"].filter((f) => listed.has(f)),
    );
    expect(listed.has("(unnamed)")).toBe(false);
  });

  it("need no helper the browser does not provide", async () => {
    const names = [...defs.steps.keys()]
      .map((id) => `step/${id}`)
      .concat([...defs.ruleSets.keys()].map((id) => `rules/${id}`));
    for (const name of names) {
      const module = precompiledModule(defs, name);
      if (module === null) continue;
      await expect(linkPrecompiled(await importModule(name)), name).resolves.toBeTruthy();
    }
  }, 120_000);
});
