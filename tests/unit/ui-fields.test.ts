import { describe, expect, it } from "vitest";
import type { Problem } from "@engine/definitions/definitions";
import { checkUiFields } from "@engine/lint/ui-fields";

const files = { schemas: {}, steps: {}, rules: {} };
const schema = {
  type: "object",
  properties: {
    incomeKinds: { type: "array", uniqueItems: true, items: { type: "string", enum: ["wages", "pension"] } },
    years: { type: "integer", enum: [1, 2, 3] },
    note: { type: "string" },
  },
};
const problemsOf = (ui: unknown) => {
  const problems: Problem[] = [];
  checkUiFields(
    files,
    { schema, base: "https://heloc.example/steps/x.json", doc: schema },
    ui,
    "steps/x.json",
    "/uiSchema",
    problems,
  );
  return problems.map((p) => `${p.pointer}: ${p.message}`);
};

describe("a UI schema's entries against the fields they dress", () => {
  it("takes checkboxes on a list of listed choices, labelled by its items' values", () => {
    expect(
      problemsOf({
        incomeKinds: { "ui:widget": "checkboxes", "ui:enumNames": { wages: "Wages", pension: "A pension" } },
      }),
    ).toEqual([]);
  });

  it("names a list's label for a choice its items lack", () => {
    expect(problemsOf({ incomeKinds: { "ui:enumNames": { wage: "Wages" } } })).toEqual([
      expect.stringMatching(
        /^\/uiSchema\/incomeKinds\/ui:enumNames\/wage: "wage" is not one of the field's choices.*`wages`/,
      ),
    ]);
  });

  it("counts labels matched by position against the choices", () => {
    expect(problemsOf({ years: { "ui:enumNames": ["One", "Two"] } })).toEqual([
      "/uiSchema/years/ui:enumNames: 2 labels for the field's 3 choices, matched by position: the choices past the last label show their raw value",
    ]);
  });

  it("refuses labels on a field with no choices, and checkboxes on one answer", () => {
    expect(problemsOf({ note: { "ui:enumNames": ["A"], "ui:widget": "checkboxes" } })).toEqual([
      expect.stringMatching(
        /^\/uiSchema\/note\/ui:widget: the checkboxes widget offers the choices listed for the list's items/,
      ),
      "/uiSchema/note/ui:enumNames: the field lists no choices, so these labels are never shown",
    ]);
  });

  it("takes each option its reader reads: a list's add button, a textarea's rows, a step's autoAdvance", () => {
    expect(
      problemsOf({
        "ui:options": { autoAdvance: true, columns: 1 },
        incomeKinds: { "ui:options": { addLabel: "Add a kind", orderable: false } },
        note: { "ui:widget": "textarea", "ui:options": { rows: 6, title: "A note" } },
      }),
    ).toEqual([]);
  });

  it("refuses an option its reader does not read: a list's words on one answer, autoAdvance below the step", () => {
    expect(
      problemsOf({
        note: { "ui:options": { addLabel: "Add", autoAdvance: true, rowz: 3 } },
        years: { "ui:widget": "select", "ui:options": { enumDisabld: [2] } },
      }),
    ).toEqual([
      '/uiSchema/note/ui:options/addLabel: "addLabel" is not an option this field reads, so the form ignores it',
      '/uiSchema/note/ui:options/autoAdvance: "autoAdvance" is not an option this field reads, so the form ignores it',
      expect.stringMatching(/^\/uiSchema\/note\/ui:options\/rowz: "rowz" is not an option this field reads/),
      '/uiSchema/years/ui:options/enumDisabld: "enumDisabld" is not an option the select widget reads, so the form ignores it, did you mean `enumDisabled`?',
    ]);
  });

  it("takes the step's button words at its root, and refuses them below it or misspelt", () => {
    expect(problemsOf({ "ui:submitButtonOptions": { submitText: "Agree and continue" } })).toEqual([]);
    expect(
      problemsOf({
        "ui:submitButtonOptions": { submitTxt: "Agree" },
        note: { "ui:submitButtonOptions": { submitText: "Agree" } },
      }),
    ).toEqual([
      '/uiSchema/ui:submitButtonOptions/submitTxt: "submitTxt" is not a button option the step reads, so the form ignores it, did you mean `submitText`?',
      "/uiSchema/note/ui:submitButtonOptions: the button's words are read at the step's root only, so the form ignores them here: move them to the uiSchema's top level",
    ]);
  });
});
