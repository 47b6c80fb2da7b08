// The definitions the browser is sent: all it builds the funnel from, nothing it never reads.
import { describe, expect, it } from "vitest";
import { createAjv } from "@engine/definitions/ajv";
import { browserFiles } from "@engine/ship/browser-files";
import { buildDefinitions } from "@engine/definitions/definitions";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const sent = browserFiles(defs.files);

describe("the definitions bundle for the browser", () => {
  it("leaves out every rule set's worked cases", () => {
    expect(Object.keys(defs.files.rules).some((p) => p.endsWith(".cases.json"))).toBe(true);
    expect(Object.keys(sent.rules).filter((p) => p.endsWith(".cases.json"))).toEqual([]);
  });

  it("leaves out the schemas no step or rule set reaches: the meta-schemas and the API's inputs", () => {
    expect(Object.keys(sent.schemas)).not.toContain("step.schema.json");
    expect(Object.keys(sent.schemas)).not.toContain("rule.schema.json");
    expect(Object.keys(sent.schemas)).not.toContain("api.json");
    expect(Object.keys(sent.schemas)).toEqual(
      expect.arrayContaining(["enums.json", "common.json", "application.json", "address.json"]),
    );
  });

  it("keeps every step, flow and rule set but the wording experiments", () => {
    expect(Object.keys(sent.steps).sort()).toEqual(Object.keys(defs.files.steps).sort());
    for (const [path, step] of Object.entries(sent.steps))
      if (!path.startsWith("flows/")) expect(step).toEqual(defs.files.steps[path]);
    expect(Object.keys(sent.rules).sort()).toEqual(
      Object.keys(defs.files.rules)
        .filter((p) => !p.endsWith(".cases.json") && p !== "experiments.json")
        .sort(),
    );
  });

  it("leaves out the wording experiments: no arm's strings reach a browser not in that arm (the server words the step)", () => {
    expect(defs.files.rules["experiments.json"]).toBeDefined();
    expect(sent.rules["experiments.json"]).toBeUndefined();
    expect(JSON.stringify(sent)).not.toContain("About how much is your home worth?");
  });

  it("builds in the browser into every step's validator, judging as the server's does", () => {
    const browser = buildDefinitions(sent, { trusted: true, compiler: createAjv }).defs;
    for (const stepId of defs.steps.keys()) {
      const answers = { user: { firstName: "Ada" }, setup: { propertyValue: -1 } };
      const mine = createStepValidator(browser, stepId)(answers, { today: "2026-11-22" });
      const server = createStepValidator(defs, stepId)(answers, { today: "2026-11-22" });
      expect(mine, stepId).toEqual(server);
    }
  });

  it("leaves out the words written for reviewers: rule, fact and rule set descriptions", () => {
    const documents = sent.rules["documents.json"] as {
      description: string;
      rules: { id: string; description: string }[];
      params: unknown;
    };
    expect(documents.description).toBe("");
    expect(documents.rules.every((r) => r.description === "")).toBe(true);
    expect(documents.params).toEqual((defs.files.rules["documents.json"] as { params: unknown }).params); // data stays whole
  });

  it("leaves out a flow's and its variants' descriptions, keeping their steps and phases", () => {
    const flow = (files: typeof sent, path: string) =>
      files.steps[path] as {
        description: string;
        phases: unknown;
        variants: { description?: string; steps: string[] }[];
      };
    const before = flow(defs.files, "flows/early-funnel.json");
    const after = flow(sent, "flows/early-funnel.json");
    expect(before.description).not.toBe("");
    expect(after.description).toBe("");
    expect(after.variants.map((v) => v.description ?? "")).toEqual(before.variants.map(() => ""));
    expect(after.variants.map((v) => v.steps)).toEqual(before.variants.map((v) => v.steps));
    expect(after.phases).toEqual(before.phases);
  });

  it("leaves out a schema's description, $comment and examples, not a property named description", () => {
    const files = {
      schemas: {
        "x.json": {
          description: "For developers",
          $comment: "note",
          properties: {
            description: { type: "string", description: "A field called description", examples: ["a"] },
          },
        },
      },
      steps: { "s.json": { id: "s", schema: { $ref: "../schemas/x.json" } } },
      rules: {},
    };
    expect(browserFiles(files).schemas["x.json"]).toEqual({
      properties: { description: { type: "string" } },
    });
  });

  it("is smaller by a fifth or more", () => {
    expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(defs.files).length * 0.8);
  });
});
