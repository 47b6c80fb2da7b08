// Which of Fluent's inputs a step's page loads before it shows (engine/react/fluent-chunks.tsx): the
// parts of the widgets its fields use, and for a field without a widget RJSF's default's; no more,
// so the first page (two text fields) loads Input only.
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { chunksForStep, type ChunkName } from "@engine/react/chunk-names";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const partsOf = (stepId: string): ChunkName[] => {
  const step = defs.steps.get(stepId)!.def;
  return [
    ...chunksForStep(bundleStepSchema(defs, stepId), [step.uiSchema], { sameAs: step.sameAs !== undefined }),
  ].sort();
};

/** Every `ui:widget` a UI schema names, anywhere in it. */
function widgetsIn(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => widgetsIn(item, into));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if (key === "ui:widget" && typeof value === "string") into.add(value);
      else widgetsIn(value, into);
    }
  return into;
}

const NEEDS: Record<string, ChunkName> = {
  text: "input",
  email: "input",
  currency: "input",
  phone: "input",
  date: "input",
  ssn: "input",
  select: "select",
  textarea: "textarea",
  radio: "radio",
  checkbox: "checkbox",
  checkboxes: "checkbox",
};

describe("Fluent parts per step", () => {
  it("loads Input only for the name page, and nothing for a page of choice cards", () => {
    expect(partsOf("name")).toEqual(["input"]);
    expect(partsOf("hasFbm")).toEqual([]);
    expect(partsOf("creditRange")).toEqual([]);
  });

  it("covers the widgets every step names, and a step's same-as choices", () => {
    for (const { def } of defs.steps.values()) {
      const parts = partsOf(def.id);
      for (const widget of widgetsIn(def.uiSchema))
        if (NEEDS[widget]) expect(parts, `${def.id}: ${widget}`).toContain(NEEDS[widget]);
      if (def.sameAs) expect(parts, def.id).toContain("radio");
    }
  });

  it("takes RJSF's default for a field without a widget: a text box, a select for a choice, a checkbox or radios for a yes/no", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: "string", enum: ["x", "y"] },
        c: { type: "boolean" },
        d: { type: "object", properties: { e: { type: "integer" } } },
      },
    };
    expect([...chunksForStep(schema, [{}])].sort()).toEqual(["checkbox", "input", "radio", "select"]);
    expect([
      ...chunksForStep(schema, [
        {
          a: { "ui:widget": "hidden" },
          b: { "ui:widget": "choiceCards" },
          c: { "ui:widget": "yesNo" },
          d: { e: { "ui:widget": "currency" } },
        },
      ]),
    ]).toEqual(["input"]);
  });
});
