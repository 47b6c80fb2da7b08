// One topic per screen: a step's `sections` (engine/logic/sections.ts), checked by `npm run check`
// (engine/lint/sections.ts), copied for each borrower, and judged one section at a time in the form
// (engine/form/store.ts).
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import { createFieldLogic } from "@engine/logic/field-logic";
import { StepFormStore } from "@engine/form/store";
import { openSections, sectionOf } from "@engine/logic/sections";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const today = "2026-11-24";

describe("personal info in sections", () => {
  const step = stepById(defs, "application");
  const sections = step.sections!;

  it("asks one topic per screen: name, birth date and SSN, status, home, applying together (the phone was verified before)", () => {
    expect(sections.map((s) => s.title)).toEqual([
      "Your name",
      "Date of birth and Social Security number",
      "Citizenship, marital status and military service",
      "Where you live",
      "Applying together",
    ]);
  });

  it("keeps the former address with the current one, where the years there decide it", () => {
    expect(sections[sectionOf(sections, "/user/formerAddress/line1")]!.id).toBe("personal-info.home");
    expect(sectionOf(sections, "")).toBe(-1);
  });
});

describe("declarations grouped as the URLA groups them", () => {
  const step = stepById(defs, "application8");

  it("gives each borrower section 5a (A to E) then 5b (F to M), under their own answers", () => {
    expect(step.sections!.map((s) => s.id)).toEqual([
      "declarations.property-and-money",
      "declarations.finances",
      "declarations.property-and-money.coborrower",
      "declarations.finances.coborrower",
    ]);
    const [a, b, coA] = step.sections!;
    expect(a!.fields[0]).toBe("/user/declarations/hasIntentToOccupy");
    expect(a!.fields.at(-1)).toBe("/user/declarations/isPropertySubjectToLien");
    expect(b!.fields[0]).toBe("/user/declarations/isGuarantorOrCosigor");
    expect(b!.fields.at(-1)).toBe("/user/declarations/bankruptcyChapter");
    expect(coA!.fields[0]).toBe("/coborrower/declarations/hasIntentToOccupy");
  });

  it("passes over the co-borrower's sections when nobody applies with the borrower", () => {
    const hidden = createFieldLogic(defs, "application8")(
      {},
      { today, application: { setup: { hasCoborrower: false } } },
    ).hidden;
    expect(openSections(step.sections!, () => true, hidden).map((s) => s.id)).toEqual([
      "declarations.property-and-money",
      "declarations.finances",
    ]);
  });

  it("gives an invited co-borrower only their own sections", () => {
    const own = (pointer: string) => pointer.startsWith("/coborrower/");
    expect(openSections(step.sections!, own, []).map((s) => s.id)).toEqual([
      "declarations.property-and-money.coborrower",
      "declarations.finances.coborrower",
    ]);
  });
});

describe("Continue judges the section on screen", () => {
  const stepId = "application";
  const store = () =>
    new StepFormStore(
      {
        logic: (a) => createFieldLogic(defs, stepId)(a, { today }),
        validate: (a) => createStepValidator(defs, stepId)(a, { today }),
      },
      {},
    );
  const [name, identity] = stepById(defs, stepId).sections!;

  it("lets the applicant on once their name is given, whatever the later sections lack", () => {
    const s = store();
    s.showSection(name!.fields);
    expect(s.submitSection({ user: { firstName: "Dana", lastName: "Rivera" } }, name!.fields)).toBe(true);
    expect(s.shownErrors()).toEqual([]);
  });

  it("keeps them on the section and shows only its errors when a name is missing", () => {
    const s = store();
    s.showSection(name!.fields);
    expect(s.submitSection({ user: { firstName: "Dana" } }, name!.fields)).toBe(false);
    expect(s.shownErrors().map((e) => e.pointer)).toEqual(["/user/lastName"]);
    expect(s.view("/user/lastName").error).toMatch(/last name/i);
  });

  it("hides the fields of other sections, but not the objects that hold the section's", () => {
    const s = store();
    s.showSection(identity!.fields);
    expect(s.view("/user/firstName").hidden).toBe(true);
    expect(s.view("/user/ssn").hidden).toBe(false);
    expect(s.view("/user").hidden).toBe(false);
    s.showSection(null);
    expect(s.view("/user/firstName").hidden).toBe(false);
  });
});
