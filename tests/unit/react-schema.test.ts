// What the form renderer is given (engine/form/render-schema.ts) and how the step's answers go
// in and out of the form (engine/form/answers.ts).
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { cleanAnswers, sliceAnswers } from "@engine/form/answers";
import {
  emptyValueOf,
  pointerOfPath,
  toRenderSchema,
  unknownWidgets,
  widgetsUsed,
  withoutWidgets,
} from "@engine/form/render-schema";
import { WIDGET_NAMES } from "@engine/definitions/widget-names";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import fixture from "@server/features/demo/application.two-borrowers.json";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const employmentItem = () =>
  (toRenderSchema(bundleStepSchema(defs, "application5")) as any).properties.user.properties.employments
    .items;

describe("the render schema", () => {
  it("shows a nullable union (an address, or nothing) as an optional address", () => {
    const address = employmentItem().properties.employerFullAddress;
    expect(address.anyOf).toBeUndefined();
    expect(address.type).toEqual(["object", "null"]);
    expect(address.title).toBe("Employer address (structured)");
    expect(Object.keys(address.properties)).toEqual(["line1", "line2", "city", "state", "zip", "county"]);
  });

  it("turns a labelled enumeration into enum values with their titles, in order", () => {
    const state = employmentItem().properties.employerFullAddress.properties.state;
    expect(state.oneOf).toBeUndefined();
    expect(state.enum[0]).toBe("AL");
    expect(state.enumTitles[state.enum.indexOf("FL")]).toBe("Florida");
    const dataSource = employmentItem().properties.dataSource;
    expect(dataSource).toMatchObject({ type: ["string", "null"], enum: ["Manual", "Synced"] });
  });

  it("does not offer applicants the income types only our systems record, which stored answers may still hold", () => {
    const type = (toRenderSchema(bundleStepSchema(defs, "manualIncomeVerification")) as any).properties.user
      .properties.incomeSources.items.properties.type;
    expect(type.enumTitles).not.toContain("Transfer from application");
    expect(type.enumTitles).not.toContain("Main employment income");
    expect(type.enum).not.toEqual(expect.arrayContaining(["main"]));
    expect(type.enumTitles).toEqual(expect.arrayContaining(["Pension", "Rental income", "Other"]));
    const validate = createStepValidator(defs, "manualIncomeVerification");
    const stored = { user: { incomeSources: [{ type: "transferFromApplication", otherValue: 12000 }] } };
    expect(validate(stored, { today: TODAY }).errors ?? []).toEqual([]);
  });

  it("is memoized per bundled schema", () => {
    const bundled = bundleStepSchema(defs, "application5");
    expect(toRenderSchema(bundled)).toBe(toRenderSchema(bundled));
  });

  it("stores null for an emptied field that may be null, and nothing for one that may not", () => {
    expect(emptyValueOf({ type: ["string", "null"] })).toBeNull();
    expect(emptyValueOf({ type: "string" })).toBeUndefined();
  });

  it("names a field by the JSON pointer the validator uses", () => {
    expect(pointerOfPath(["user", "employments", 0, "startDate"])).toBe("/user/employments/0/startDate");
    expect(pointerOfPath([])).toBe("");
    expect(pointerOfPath(["a/b"])).toBe("/a~1b");
  });
});

describe("widget names", () => {
  it("every ui:widget a step of the repository uses is registered", () => {
    for (const [id, { def }] of defs.steps)
      expect(unknownWidgets(def.uiSchema, WIDGET_NAMES), id).toEqual([]);
  });

  it("finds an unknown widget name and where it is, so a typo fails loudly", () => {
    const ui = { user: { employments: { items: { startDate: { "ui:widget": "dat" } } } } };
    expect(unknownWidgets(ui, WIDGET_NAMES)).toEqual([
      { at: "/user/employments/items/startDate", widget: "dat" },
    ]);
    expect(widgetsUsed({ "ui:widget": "offerPreview" })).toEqual([{ at: "", widget: "offerPreview" }]);
  });

  it("can drop the unknown names so production falls back to the default widget", () => {
    const ui = { a: { "ui:widget": "dat", "ui:help": "h" }, b: { "ui:widget": "date" } };
    expect(withoutWidgets(ui, unknownWidgets(ui, WIDGET_NAMES))).toEqual({
      a: { "ui:help": "h" },
      b: { "ui:widget": "date" },
    });
  });
});

describe("the step's part of the application", () => {
  it("takes only the fields the step asks about (a saved first name does not ride along)", () => {
    const sliced = sliceAnswers(bundleStepSchema(defs, "application5"), fixture) as any;
    expect(Object.keys(sliced)).toEqual(["user", "coborrower"]);
    expect(Object.keys(sliced.user).sort()).toEqual(["employments", "isSelfEmployed"]);
    expect(sliced.user.employments[0].employerName).toBe("Tampa General Hospital");
  });

  it("is empty for an empty application", () => {
    expect(sliceAnswers(bundleStepSchema(defs, "name"), {})).toEqual({});
  });
});

describe("answers handed to the validator", () => {
  const schema = toRenderSchema(bundleStepSchema(defs, "application5"));
  it("drops an optional group the applicant emptied, but keeps an empty list item", () => {
    const cleaned = cleanAnswers(schema, {
      user: {
        isSelfEmployed: false,
        employments: [{ employerName: "A", employerFullAddress: { line1: undefined } }, {}],
      },
    });
    expect(cleaned).toEqual({ user: { isSelfEmployed: false, employments: [{ employerName: "A" }, {}] } });
  });

  it("adds a required group that is missing, so the validator names the questions inside it", () => {
    expect(cleanAnswers(toRenderSchema(bundleStepSchema(defs, "creditRange")), {})).toEqual({ setup: {} });
  });
});
