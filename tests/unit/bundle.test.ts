import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { BASE_URI } from "@engine/definitions/ajv";
import { bundleSchema, bundleStepSchema } from "@engine/definitions/bundle";
import { compileStepSchema } from "@engine/definitions/definitions";
import { formats } from "@engine/validation/field-predicates";
import { repo } from "../helpers/definitions";
import { job } from "../helpers/jobs";

const { defs } = repo;

const hasRef = (node: unknown): boolean =>
  node !== null &&
  typeof node === "object" &&
  (Object.hasOwn(node, "$ref") || Object.values(node).some(hasRef));

/** A plain Ajv with our formats and nothing else loaded: a $ref it cannot resolve fails to compile. */
function isolatedAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const [name, check] of Object.entries(formats))
    ajv.addFormat(name, { type: "string", validate: check });
  return ajv;
}

describe("bundling a step's answer schema (engine/definitions/bundle.ts)", () => {
  it("leaves no $ref in any step of the repository", () => {
    for (const id of defs.steps.keys()) expect(hasRef(bundleStepSchema(defs, id)), id).toBe(false);
  });

  it("keeps the field's own title over the shared shape's (First name, not Text)", () => {
    const name = bundleStepSchema(defs, "name") as any;
    expect(name.properties.user.properties.firstName.title).toBe("First name");
    expect(name.properties.user.properties.firstName.maxLength).toBe(512);
  });

  it("lays a step's own constraints over the referenced list (employments: at least one job)", () => {
    const employments = (bundleStepSchema(defs, "application5") as any).properties.user.properties
      .employments;
    expect(employments.minItems).toBe(1);
    expect(employments.items.properties.startDate).toMatchObject({
      title: "Start date",
      type: "string",
      format: "date",
    });
    expect(employments.items.properties.employerFullAddress.anyOf[0].properties.state.oneOf).toContainEqual({
      const: "FL",
      title: "Florida",
    });
  });

  it("judges answers exactly as the step's compiled schema does, with no other schema loaded", () => {
    const cases = [
      { user: { isSelfEmployed: false, employments: [job()] } },
      { user: { isSelfEmployed: false, employments: [] } },
      { user: { isSelfEmployed: "no", employments: [job({ startDate: "2019-02-30" })] } },
      { user: { isSelfEmployed: true, employments: [job({ percentageOwned: 1.5, employerPhone: "555" })] } },
      {
        user: {
          isSelfEmployed: true,
          employments: [
            job({ employerFullAddress: { line1: "1 Main St", city: "Tampa", state: "ZZ", zip: "33606" } }),
          ],
        },
      },
      { user: { isSelfEmployed: true, employments: [job({ extra: 1 })] } },
    ];
    const standalone = isolatedAjv().compile(bundleStepSchema(defs, "application5"));
    const engine = compileStepSchema(defs, "application5");
    for (const answers of cases) expect(standalone(answers), JSON.stringify(answers)).toBe(engine(answers));
  });

  it("is memoized per definitions set and step", () => {
    expect(bundleStepSchema(defs, "application5")).toBe(bundleStepSchema(defs, "application5"));
  });

  it("keeps a constraint that conflicts with the referenced one, as allOf", () => {
    const files = {
      schemas: { "common.json": { $defs: { text: { type: "string", maxLength: 512, title: "Text" } } } },
      steps: {},
      rules: {},
    };
    const bundled = bundleSchema(
      files,
      { properties: { code: { $ref: "../schemas/common.json#/$defs/text", maxLength: 5, title: "Code" } } },
      `${BASE_URI}steps/x.json`,
    );
    expect((bundled as any).properties.code).toEqual({
      title: "Code",
      allOf: [{ type: "string", maxLength: 512, title: "Text" }, { maxLength: 5 }],
    });
  });

  it("keeps a recursive schema once under $defs instead of inlining it forever", () => {
    const files = {
      schemas: {
        "node.json": {
          type: "object",
          properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "node.json" } } },
        },
      },
      steps: {},
      rules: {},
    };
    const bundled = bundleSchema(
      files,
      { properties: { tree: { $ref: "../schemas/node.json" } } },
      `${BASE_URI}steps/x.json`,
    ) as any;
    expect(bundled.properties.tree.properties.children.items).toEqual({ $ref: "#/$defs/node.json~" });
    expect(bundled.$defs["node.json~"].properties.children.items).toEqual({ $ref: "#/$defs/node.json~" });
    const validate = isolatedAjv().compile(bundled);
    expect(validate({ tree: { name: "a", children: [{ name: "b", children: [] }] } })).toBe(true);
    expect(validate({ tree: { name: "a", children: [{ name: 7 }] } })).toBe(false);
  });

  it("names the $ref it cannot resolve", () => {
    const files = { schemas: {}, steps: {}, rules: {} };
    expect(() => bundleSchema(files, { $ref: "../schemas/missing.json" }, `${BASE_URI}steps/x.json`)).toThrow(
      /missing\.json/,
    );
  });
});
