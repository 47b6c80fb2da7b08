// A save checks its merged application against schemas/application.json, then the pricing and
// members rule sets read that very document. Their input schemas only refer to schemas the
// application gives the same properties (rule-plan.ts inputCovered), so a document the
// application's check passed is not checked against them again. This holds the shape test to
// what it claims: on every step of both demo applications, with each step's answers as saved and
// each made wrong in turn, and with every answer of the whole application made wrong, each
// document the application's check passes passes each covered input's check too; and a rule set
// reading a document found valid decides as it does on one it checks itself.
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import {
  buildDefinitions,
  compileRuleInput,
  compileSchemaFile,
  ruleSetById,
} from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { mergeDocs } from "@engine/base/pointer";
import { sliceAnswers } from "@engine/form/answers";
import { inputCovered, planOf, validApplications } from "@engine/logic/rule-plan";
import { evaluateRuleSet, RuleInputError } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const WRONGS = ["not-a-choice", 7, true, null, -1, "", [], {}];

/** The rule sets whose input the application's schema covers. */
const covered = [...defs.ruleSets.keys()].filter((id) => {
  const { def, file } = ruleSetById(defs, id);
  return inputCovered(defs, def, file);
});

/** Each demo application with each step's answers merged in: as saved, and each answer made wrong; then each answer of the whole application made wrong. */
function* documents() {
  for (const doc of [singleBorrower(), twoBorrowers()]) {
    yield doc;
    for (const [stepId] of defs.steps) {
      const slice = sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {};
      for (const answers of [slice, ...wrongAnswers(slice, WRONGS)]) yield mergeDocs(doc, answers);
    }
    yield* wrongAnswers(doc, WRONGS);
  }
}

describe("a rule set's input the application's schema covers", () => {
  it("is found for pricing and members, whose inputs refer to the application's own properties", () => {
    expect(covered).toEqual(expect.arrayContaining(["pricing", "members"]));
    for (const id of covered) expect(planOf(defs, id).covered).toBe(validApplications(defs));
  });

  it("is not found for an input that asks more than the application's properties do", () => {
    const { def, file } = ruleSetById(defs, "pricing");
    const input = def.input as { properties: Record<string, unknown> };
    const variant = (change: Record<string, unknown>, properties = input.properties) => ({
      ...def,
      input: { ...input, properties, ...change },
    });
    expect(inputCovered(defs, variant({}), file)).toBe(true);
    expect(inputCovered(defs, variant({ required: ["setup"] }), file)).toBe(false);
    expect(inputCovered(defs, variant({ additionalProperties: false }), file)).toBe(false);
    expect(inputCovered(defs, variant({ type: "array" }), file)).toBe(false);
    const own = (schema: unknown) => variant({}, { ...input.properties, setup: schema });
    expect(inputCovered(defs, own({ $ref: "../schemas/setup.json", title: "Setup" }), file)).toBe(true);
    expect(inputCovered(defs, own({ $ref: "../schemas/setup.json", minProperties: 1 }), file)).toBe(false);
    expect(inputCovered(defs, own({ $ref: "../schemas/property.json" }), file)).toBe(false);
    expect(inputCovered(defs, own({ type: "object" }), file)).toBe(false);
    // A property the application does not have at all.
    expect(inputCovered(defs, own(undefined), file)).toBe(false);
    expect(
      inputCovered(
        defs,
        variant({}, { ...input.properties, nowhere: { $ref: "../schemas/setup.json" } }),
        file,
      ),
    ).toBe(false);
  });

  it("passes every document the application's check passes, on every step and every wrong answer", () => {
    const application = compileSchemaFile(defs, "application.json");
    const inputs = covered.map((id) => [id, compileRuleInput(defs, id)!] as const);
    let passed = 0;
    let refused = 0;
    let refusedByInput = 0;
    for (const doc of documents()) {
      if (!application(doc)) {
        refused++;
        if (inputs.some(([, validate]) => !validate(doc))) refusedByInput++;
        continue;
      }
      passed++;
      for (const [id, validate] of inputs)
        expect(validate(doc), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // Both sides were reached: many documents passed, and many an input's own check refuses were refused.
    expect(passed).toBeGreaterThan(500);
    expect(refusedByInput).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(refusedByInput);
  }, 300_000);

  it("decides on a document found valid as on one it checks itself, and still checks one not found valid", () => {
    // A second definitions set: its rule sets check every input afresh.
    const fresh = buildDefinitions(defs.files, { trusted: true, compiler: createAjv }).defs;
    let compared = 0;
    for (const doc of [singleBorrower(), twoBorrowers()]) {
      validApplications(defs).add(doc);
      for (const id of covered) {
        expect(evaluateRuleSet(defs, id, doc, { today: TODAY }), id).toEqual(
          evaluateRuleSet(fresh, id, doc, { today: TODAY }),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(4);
    // A document the application's check has not passed is checked against the input's schema.
    const wrong = { ...twoBorrowers(), setup: { propertyValue: "a lot" } };
    expect(() => evaluateRuleSet(defs, "pricing", wrong, { today: TODAY })).toThrow(RuleInputError);
  });
});
