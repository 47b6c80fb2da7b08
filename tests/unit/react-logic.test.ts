// Visibility and conditional requirement as the applicant types (engine/react/field-logic.ts), and
// when the form shows which error (engine/form/store.ts).
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { createFieldLogic } from "@engine/logic/field-logic";
import { setAt, StepFormStore } from "@engine/form/store";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const today = "2026-11-22";
const logic = createFieldLogic(defs, "application5");
const validate = createStepValidator(defs, "application5");
const job = (over: Record<string, unknown> = {}) => ({
  employerName: "Acme",
  position: "Nurse",
  startDate: "2019-03-01",
  endDate: null,
  base: 78000,
  ...over,
});

describe("visibility and requirement while typing", () => {
  it("hides the ownership share of every job while the borrower is not self-employed", () => {
    const state = logic({ user: { isSelfEmployed: false, employments: [job(), job()] } }, { today });
    expect(state.hidden.filter((p) => p.startsWith("/user/"))).toEqual([
      "/user/employments/0/percentageOwned",
      "/user/employments/1/percentageOwned",
    ]);
    expect(state.required).toContain("/user/employments/1/base");
    expect(state.required).not.toContain("/user/employments/0/percentageOwned");
  });

  it("shows and requires the ownership share once the borrower says they are self-employed", () => {
    const state = logic({ user: { isSelfEmployed: true, employments: [job()] } }, { today });
    // The co-borrower's section stays hidden: nobody applies with this borrower.
    expect(state.hidden).toEqual(["/coborrower"]);
    expect(state.required).toEqual(
      expect.arrayContaining(["/user/employments/0/percentageOwned", "/user/employments/0/position"]),
    );
    expect(state.required).not.toContain("/user/employments/0/base");
  });

  it("agrees with the step validator on what is hidden", () => {
    for (const answers of [
      { user: { isSelfEmployed: false, employments: [job({ percentageOwned: 0.5 })] } },
      { user: { isSelfEmployed: true, employments: [job(), job()] } },
      { user: { employments: [job()] } },
    ])
      expect(logic(answers, { today }).hidden).toEqual(validate(answers, { today }).hidden);
  });

  it("reads answers saved by earlier steps (the application) where the step does not ask", () => {
    const state = logic(
      { user: { employments: [job()] } },
      { today, application: { user: { isSelfEmployed: true }, setup: { hasCoborrower: true } } },
    );
    expect(state.hidden).toEqual([]);
  });

  it("hides and requires nothing on a step without visibility or requirement logic, and keeps the answers as given", () => {
    const answers = { user: { firstName: "Ann" } };
    const state = createFieldLogic(defs, "name")(answers, { today: TODAY });
    expect(state).toEqual({ hidden: [], required: [], answers, notices: [] });
    expect(state.answers).toBe(answers);
  });
});

function storeFor(answers: unknown) {
  return new StepFormStore(
    { logic: (a) => logic(a, { today }), validate: (a) => validate(a, { today }) },
    answers,
  );
}

describe("which errors the form shows", () => {
  const bad = {
    user: { isSelfEmployed: false, employments: [job({ employerName: undefined, position: undefined })] },
  };

  it("shows no error on an untouched page", () => {
    const store = storeFor(bad);
    store.revalidate();
    expect(store.shownErrors()).toEqual([]);
    expect(store.view("/user/employments/0/employerName").error).toBeUndefined();
  });

  it("shows a field's error once the field has lost focus, and only that field's", () => {
    const store = storeFor(bad);
    store.touch("/user/employments/0/employerName");
    expect(store.view("/user/employments/0/employerName").error).toBe("Employer name is required");
    expect(store.view("/user/employments/0/position").error).toBeUndefined();
  });

  it("shows every error after a submit, and not the errors of a job added afterwards until it is touched", () => {
    const store = storeFor(bad);
    const result = store.submit(bad);
    expect(result.valid).toBe(false);
    expect(store.view("/user/employments/0/position").error).toBe("Position or title is required");
    const more = { user: { ...bad.user, employments: [...bad.user.employments, {}] } };
    store.setFormData(more);
    store.revalidate();
    expect(store.view("/user/employments/1/employerName").error).toBeUndefined();
    expect(store.view("/user/employments/0/position").error).toBe("Position or title is required");
  });

  it("shows server errors at their field until the field changes", () => {
    const store = storeFor({ user: { isSelfEmployed: false, employments: [job()] } });
    store.setServerErrors([{ pointer: "/user/employments/0/employerName", message: "Not on file" }]);
    expect(store.view("/user/employments/0/employerName").error).toBe("Not on file");
    store.liveChange("/user/employments/0/employerName", "Acme Inc");
    expect(store.view("/user/employments/0/employerName").error).toBeUndefined();
  });

  it("hides a field and its error the moment the logic hides it", () => {
    const store = storeFor({ user: { isSelfEmployed: true, employments: [job()] } });
    store.submit({ user: { isSelfEmployed: true, employments: [job()] } });
    expect(store.view("/user/employments/0/percentageOwned")).toMatchObject({
      hidden: false,
      required: true,
      error: "Ownership share is required",
    });
    store.liveChange("/user/isSelfEmployed", false);
    expect(store.view("/user/employments/0/percentageOwned")).toEqual({ hidden: true, required: false });
  });

  it("lists an error no field on screen displays in the summary", () => {
    const store = storeFor({ user: { isSelfEmployed: false, employments: [job()] } });
    store.setServerErrors([{ pointer: "/user/ssn", message: "SSN does not match" }]);
    expect(store.summary().unclaimed).toEqual([{ pointer: "/user/ssn", message: "SSN does not match" }]);
    const unmount = store.mount("/user/ssn");
    expect(store.summary().unclaimed).toEqual([]);
    unmount();
  });

  it("keeps the same view object while nothing about the field changed (no re-render)", () => {
    const store = storeFor(bad);
    const before = store.view("/user/employments/0/base");
    store.liveChange("/user/employments/0/employerName", "A");
    expect(store.view("/user/employments/0/base")).toBe(before);
  });

  it("keeps a typed value that RJSF has not been handed yet when RJSF reports another change", () => {
    const store = storeFor({ user: { isSelfEmployed: false, employments: [job()] } });
    store.liveChange("/user/employments/0/employerName", "Typed");
    store.setFormData({ user: { isSelfEmployed: true, employments: [job()] } });
    expect((store.getFormData() as any).user.employments[0].employerName).toBe("Typed");
    store.settle("/user/employments/0/employerName");
    store.setFormData({ user: { isSelfEmployed: true, employments: [job()] } });
    expect((store.getFormData() as any).user.employments[0].employerName).toBe("Acme");
  });
});

describe("setAt", () => {
  it("copies only the path it changes", () => {
    const doc = { a: { b: [1, 2] }, c: { d: 1 } };
    const next = setAt(doc, "/a/b/1", 3) as typeof doc;
    expect(next).toEqual({ a: { b: [1, 3] }, c: { d: 1 } });
    expect(next.c).toBe(doc.c);
    expect(doc.a.b[1]).toBe(2);
  });
  it("removes a key set to undefined and creates missing containers", () => {
    expect(setAt({ a: 1, b: 2 }, "/a", undefined)).toEqual({ b: 2 });
    expect(setAt({}, "/list/0/name", "x")).toEqual({ list: [{ name: "x" }] });
  });
});
