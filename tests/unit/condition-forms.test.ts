// An information condition is answered in the form of its informationType (rules/conditions.json
// params.answerForms): the server judges the answer against its schema and names each field it
// refuses; npm run check refuses a catalogue type without a form and a form that would not draw.
import { describe, expect, it } from "vitest";
import type { Definitions, Problem } from "@engine/definitions/definitions";
import { checkConditionAnswer, formToShow } from "@engine/lending/condition-forms";
import { checkConditionForms } from "@engine/lint/condition-forms";
import { repo } from "../helpers/definitions";

const { defs } = repo;

/** The repository's definitions with the conditions' params changed (nothing copied to disk). */
function withConditions(change: (params: any) => void): Definitions {
  const home = defs.ruleSets.get("conditions")!;
  const params = structuredClone(home.def.params) as any;
  change(params);
  const ruleSets = new Map(defs.ruleSets);
  ruleSets.set("conditions", { ...home, def: { ...home.def, params } });
  return { ...defs, ruleSets, params: { ...defs.params, conditions: params } };
}

const problemsOf = (set: Definitions) => {
  const problems: Problem[] = [];
  checkConditionForms(set, problems);
  return problems.map((p) => [p.pointer, p.message]);
};

describe("the answer forms of information conditions", () => {
  it("has a form for every informationType the catalogue asks, and the repository's forms pass check", () => {
    expect(problemsOf(defs)).toEqual([]);
    for (const type of ["long_text", "address", "employment"]) {
      const form = formToShow(defs, type)!;
      expect(form.schema).toMatchObject({ type: "object", additionalProperties: false });
      // Bundled: the browser resolves nothing.
      expect(JSON.stringify(form.schema)).not.toMatch(/"\$ref":"[^#]/);
    }
  });

  it("takes an address in the application's address shape", () => {
    const answer = { line1: "12 Elm Street", line2: null, city: "Denver", state: "CO", zip: "80202" };
    expect(checkConditionAnswer(defs, "address", answer)).toEqual({ ok: true, answer });
  });

  it("refuses a bad ZIP code and a missing street, naming each field in the applicant's words", () => {
    const checked = checkConditionAnswer(defs, "address", { city: "Denver", state: "CO", zip: "8020" });
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors.map((e) => e.pointer).sort()).toEqual(["/line1", "/zip"]);
    expect(errors.find((e) => e.pointer === "/line1")!.message).toMatch(/Street address/);
    expect(errors.find((e) => e.pointer === "/zip")!.message).toMatch(/ZIP code/);
  });

  it("refuses a field the form does not ask, and an empty written answer", () => {
    const extra = checkConditionAnswer(defs, "employment", {
      employerName: "Acme Fabrication",
      position: "Welder",
      employerAddress: "400 Industrial Way, Denver, CO 80216",
      employerPhone: "3035550142",
      startDate: "2020-01-06",
      contactName: "Dana Reyes",
      contactPhone: "3035550143",
      salary: 1,
    });
    expect(extra.ok ? [] : extra.errors.map((e) => e.pointer)).toEqual(["/salary"]);
    const empty = checkConditionAnswer(defs, "long_text", { text: "" });
    expect(empty.ok ? [] : empty.errors).toEqual([
      expect.objectContaining({ pointer: "/text", message: expect.stringMatching(/Your answer/) }),
    ]);
  });

  it("refuses every answer to a type without a form", () => {
    expect(checkConditionAnswer(defs, "phone", { number: "1" }).ok).toBe(false);
  });
});

describe("npm run check on the answer forms", () => {
  it("refuses a catalogue informationType that has no form", () => {
    const set = withConditions((p) => delete p.answerForms.employment);
    expect(problemsOf(set)).toContainEqual([
      expect.stringMatching(/^\/params\/conditions\/\d+\/informationType$/),
      expect.stringMatching(/"employment" has no form to answer it in/),
    ]);
  });

  it("refuses an unknown widget, a layout of a field the form lacks, and a schema that does not resolve", () => {
    const set = withConditions((p) => {
      p.answerForms.long_text.uiSchema = { text: { "ui:widget": "textarae" }, txt: {} };
      p.answerForms.address.schema = { $ref: "../schemas/condition-answers.json#/$defs/adress" };
    });
    const problems = problemsOf(set);
    expect(problems).toContainEqual([
      "/params/answerForms/long_text/uiSchema/text/ui:widget",
      expect.stringMatching(/unknown widget "textarae".*textarea/),
    ]);
    expect(problems).toContainEqual([
      "/params/answerForms/long_text/uiSchema/txt",
      expect.stringMatching(/"txt" is not a field here, so the form ignores what it says of it/),
    ]);
    expect(problems).toContainEqual([
      "/params/answerForms/address/schema",
      expect.stringMatching(/does not compile/),
    ]);
  });

  it("refuses a misspelt UI key in a form (ui:placeHolder: the form would show no placeholder)", () => {
    const set = withConditions(
      (p) => (p.answerForms.long_text.uiSchema = { text: { "ui:placeHolder": "Tell us more" } }),
    );
    expect(problemsOf(set)).toContainEqual([
      "/params/answerForms/long_text/uiSchema/text/ui:placeHolder",
      expect.stringMatching(/unknown UI key "ui:placeHolder".*ui:placeholder.*the form would ignore it/),
    ]);
  });

  it('refuses a ui:order the form cannot draw: one that leaves out the address\'s city (and has no "*")', () => {
    const set = withConditions(
      (p) => (p.answerForms.address.uiSchema["ui:order"] = ["line1", "line2", "state", "zip"]),
    );
    expect(problemsOf(set)).toContainEqual([
      "/params/answerForms/address/uiSchema/ui:order",
      expect.stringMatching(
        /leaves out "city" and has no "\*" for the rest: the form shows a configuration error/,
      ),
    ]);
  });
});
