// A funnel page is sent only what it needs of the definitions (engine/ship/page-files.ts): its step
// whole, the others outlined. Built as the browser builds them, with the validators the server
// compiled, those files must decide and show everything a page does as the whole bundle
// (definitions.bundle, what every page was sent before) does: the
// step's answers, the guards, the progress bar, Back, the validators fetched ahead; and a step
// joined later (stepCut) as if it had come first.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserFiles } from "@engine/ship/browser-files";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { buildDefinitions, type DefinitionFiles, type Definitions } from "@engine/definitions/definitions";
import { sliceAnswers } from "@engine/form/answers";
import { journeyProgress } from "@engine/form/progress";
import { redirectFor, signOutTargetFor } from "@engine/funnel/funnel";
import { activeRoles, partOf, WHOLE } from "@engine/funnel/members";
import { pageFiles, placesDisplay, stepIdForRoute, stepCut } from "@engine/ship/page-files";
import { precompiledModule } from "@engine/ship/precompile";
import {
  guardModules,
  linkPrecompiled,
  modulesForStep,
  PrecompiledValidators,
  type PrecompiledModule,
} from "@engine/validation/precompiled";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";

const { defs } = repo;
const sent = browserFiles(defs.files);
const TODAY = "2026-11-22";
const DOCS = [singleBorrower(), twoBorrowers()];
let dir: string;

beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "heloc-page-files-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modules = new Map<string, Promise<PrecompiledModule>>();
/** Imports a validator module as the browser does: the server's code in a file of its own. */
function importModule(name: string): Promise<PrecompiledModule> {
  let module = modules.get(name);
  if (!module) {
    const code = precompiledModule(defs, name);
    if (code === null) throw new Error(`no module ${name}`);
    const file = join(dir, `${name.replace("/", "-")}.mjs`);
    writeFileSync(file, code);
    modules.set(name, (module = import(pathToFileURL(file).href) as Promise<PrecompiledModule>));
  }
  return module;
}

/** Definitions built from `files` as a funnel page builds them, knowing the validators of `names` (a schema not among them throws). */
async function pageDefinitions(files: DefinitionFiles, names: string[]): Promise<Definitions> {
  const validators = new PrecompiledValidators();
  for (const name of names) validators.add(await linkPrecompiled(await importModule(name)));
  return buildDefinitions(files, { trusted: true, compiler: () => validators.asCompiler() }).defs;
}

/** Joins a step's files to a page's, as the browser does. */
const joined = (page: DefinitionFiles, part: DefinitionFiles): DefinitionFiles => ({
  schemas: { ...page.schemas, ...part.schemas },
  steps: { ...page.steps, ...part.steps },
  rules: { ...page.rules, ...part.rules },
});

/** The answers of a step, then the same broken and empty. */
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

/** What a page shows and decides about `stepId` with `page`'s definitions, to compare with the whole set's. */
function whatAPageDoes(page: Definitions, stepId: string) {
  const step = page.steps.get(stepId)!.def;
  const out: unknown[] = [
    { ...step, schema: bundleStepSchema(page, stepId) },
    modulesForStep(page, stepId),
    [...page.flows.keys()],
    Object.fromEntries([...page.steps.values()].map(({ def }) => [def.id, def.route])), // Back, and the page of every step
    page.funnel,
  ];
  for (const doc of DOCS) {
    const validate = createStepValidator(page, stepId);
    for (const answers of answerSets(stepId, doc))
      out.push(validate(answers, { application: doc, today: TODAY }));
    for (const variant of ["variantOne", "variantTwo", null])
      out.push(journeyProgress(page, stepId, { application: doc, variant, today: TODAY }));
    // The reader's part comes from the server (step.get): worked out here on the whole set.
    for (const role of activeRoles(defs, doc, TODAY)) {
      const part = partOf(defs, role, doc, TODAY);
      out.push(journeyProgress(page, stepId, { application: doc, part, flow: null, today: TODAY }));
    }
    out.push(journeyProgress(page, stepId, { application: doc, part: WHOLE, today: TODAY }));
  }
  const decided = ({ target, ruleId }: { target: string | null; ruleId: string }) => ({ target, ruleId });
  for (const hasSession of [true, false]) {
    out.push(decided(signOutTargetFor(page, step.route, hasSession, TODAY)));
    out.push(
      decided(
        redirectFor(
          page,
          {
            applicationStatus: hasSession ? "application1" : null,
            path: step.route,
            previousPath: null,
            hasLoan: hasSession,
          },
          TODAY,
        ),
      ),
    );
  }
  return out;
}

describe("a funnel page's definitions (engine/ship/page-files.ts)", () => {
  it("decide and show each step as the whole set does: opened first, and joined to another page's", async () => {
    const first = pageFiles(defs, sent, "name");
    for (const stepId of defs.steps.keys()) {
      const names = [...guardModules(defs), ...modulesForStep(defs, stepId)];
      // The reference: the whole bundle as the browser built it before (definitions.bundle).
      const whole = whatAPageDoes(await pageDefinitions(sent, names), stepId);
      const own = pageFiles(defs, sent, stepId);
      expect(
        whatAPageDoes(await pageDefinitions(own.files, names), stepId),
        `${stepId}, opened first`,
      ).toEqual(whole);
      const part = stepCut(defs, sent, stepId)!;
      const later = part.whole === "all" ? part.files : joined(first.files, part.files);
      expect(
        whatAPageDoes(await pageDefinitions(later, names), stepId),
        `${stepId}, after the name page`,
      ).toEqual(whole);
    }
  }, 180_000);

  it("hold only the page's step whole, with no schema file, unless the step places a display", () => {
    const name = pageFiles(defs, sent, stepIdForRoute(defs, "/app/initial-setup/name/"));
    expect(name.whole).toEqual(["name"]);
    expect(name.files.schemas).toEqual({});
    expect(Object.keys(name.files.steps).sort()).toEqual(Object.keys(sent.steps).sort()); // every step, most outlined
    expect(name.files.steps["initial-setup/email.json"]).toEqual({
      id: "email",
      route: "/app/initial-setup/email",
      label: expect.any(String),
      rank: expect.any(Number),
      schema: { type: "object", properties: { user: {} } },
    });
    // The documents' rule set is read by no early page: its id, and only the one param a later
    // step's skipWhen reads (income verification: params.documents.dataConnectionOffered), not
    // its tables (the applicant texts, the labels).
    expect(name.files.rules["documents.json"]).toEqual({
      id: "documents",
      params: { dataConnectionOffered: false },
    });
    // A later step's branch whose target logic works out (has-fbm's: rules.pricing's quote.route)
    // is the server's to follow: its outline keeps no such branch, so the pricing rules go as their id.
    expect(name.files.steps["initial-setup/has-fbm.json"]).not.toHaveProperty("next");
    expect(name.files.rules["pricing.json"]).toEqual({ id: "pricing" });
    expect(JSON.stringify(name.files).length).toBeLessThan(JSON.stringify(sent).length / 4);

    const withDisplay = [...defs.steps.values()].find(({ def }) => placesDisplay(def))!.def.id;
    expect(pageFiles(defs, sent, withDisplay)).toEqual({ files: sent, whole: "all" });
    expect(pageFiles(defs, sent, stepIdForRoute(defs, "/app/bank-statement")).whole).toEqual([]);
  });
});
