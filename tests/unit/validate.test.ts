import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { job } from "../helpers/jobs";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const today = "2026-11-22";
const employmentHistory = createStepValidator(defs, "application5");

describe("the employment history step (application5)", () => {
  it("accepts a salaried borrower with one current job covering two years", () => {
    const result = employmentHistory({ user: { isSelfEmployed: false, employments: [job()] } }, { today });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("drops the ownership share of a salaried borrower, so a hidden answer is never saved", () => {
    const answers = { user: { isSelfEmployed: false, employments: [job({ percentageOwned: 0.3 })] } };
    const result = employmentHistory(answers, { today });
    expect(result.valid).toBe(true);
    expect(result.hidden.filter((p) => p.startsWith("/user/"))).toEqual([
      "/user/employments/0/percentageOwned",
    ]);
    expect(result.answers).toEqual({ user: { isSelfEmployed: false, employments: [job()] } });
    expect(answers.user.employments[0]).toHaveProperty("percentageOwned", 0.3); // the caller's object is untouched
  });

  it("does not judge a hidden answer, even an invalid one", () => {
    const result = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job({ percentageOwned: 7 })] } },
      { today },
    );
    expect(result.valid).toBe(true);
  });

  it("requires the ownership share of a self-employed borrower, for every job", () => {
    const result = employmentHistory(
      { user: { isSelfEmployed: true, employments: [job({ base: null })] } },
      { today },
    );
    expect(result.errors).toEqual([
      { pointer: "/user/employments/0/percentageOwned", message: "Ownership share is required" },
    ]);
  });

  it("requires base pay only when the borrower is not self-employed", () => {
    const salaried = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job({ base: null })] } },
      { today },
    );
    expect(salaried.errors).toEqual([
      { pointer: "/user/employments/0/base", message: expect.stringMatching(/is required$/) },
    ]);
  });

  it("refuses a history with a 3-month gap, with the step's message at the list", () => {
    const result = employmentHistory(
      {
        user: {
          isSelfEmployed: false,
          employments: [
            job({ startDate: "2025-09-01" }),
            job({ employerName: "Acme", startDate: "2018-01-01", endDate: "2025-06-01" }),
          ],
        },
      },
      { today },
    );
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        pointer: "/user/employments",
        message: expect.stringMatching(/last two years/),
        ruleId: "employment.two-year-coverage",
      },
    ]);
  });

  it("refuses a job that ends before it starts, at that job's end date", () => {
    const result = employmentHistory(
      {
        user: {
          isSelfEmployed: false,
          employments: [job(), job({ employerName: "Acme", startDate: "2018-01-01", endDate: "2017-06-01" })],
        },
      },
      { today },
    );
    expect(result.errors).toContainEqual({
      pointer: "/user/employments/1/endDate",
      message: "The end date must be on or after the start date",
      ruleId: "employment.end-after-start",
    });
  });

  it("names the field and its problem for a schema error, by the field's own title", () => {
    const result = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job({ startDate: "2019-02-30", base: -1 })] } },
      { today },
    );
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { pointer: "/user/employments/0/startDate", message: "Start date must be a valid date" },
        {
          pointer: "/user/employments/0/base",
          message: expect.stringMatching(/^Base pay.* must be at least 0$/),
        },
      ]),
    );
  });

  it("requires at least one job", () => {
    const result = employmentHistory({ user: { isSelfEmployed: false, employments: [] } }, { today });
    expect(result.errors[0]).toEqual({
      pointer: "/user/employments",
      message: expect.stringMatching(/at least 1 entry/),
    });
  });

  it("refuses answers that belong to another step, so a step writes only its own fields", () => {
    const result = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job()], ssn: "123456789" }, mortgages: [] },
      { today },
    );
    expect(result.errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(["/user/ssn", "/mortgages"]));
  });

  it("refuses answers that are not an object", () => {
    expect(employmentHistory(null, { today: TODAY }).errors).toEqual([
      { pointer: "", message: "The answers must be a JSON object" },
    ]);
    expect(employmentHistory([1, 2], { today: TODAY }).valid).toBe(false);
  });

  it("keeps a __proto__ key an ordinary (refused) key instead of changing prototypes", () => {
    const answers = JSON.parse(
      '{"user": {"isSelfEmployed": false, "employments": [], "__proto__": {"polluted": true}}}',
    );
    const result = employmentHistory(answers, { today });
    expect(result.valid).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads answers saved by earlier steps when its logic needs them", () => {
    // isSelfEmployed is asked on this step; a saved value is overridden by the submitted one.
    const result = employmentHistory(
      { user: { isSelfEmployed: false, employments: [job()] } },
      { today, application: { user: { isSelfEmployed: true } } },
    );
    expect(result.valid).toBe(true);
  });
});

describe("a simple early-funnel step", () => {
  it("requires the property value and names it", () => {
    const result = createStepValidator(defs, "propertyValue")({ setup: {} }, { today: TODAY });
    expect(result.errors).toEqual([
      { pointer: "/setup/propertyValue", message: "Estimated home value is required" },
    ]);
  });

  it("refuses text where a number is expected, and a badly formed email", () => {
    expect(
      createStepValidator(defs, "propertyValue")({ setup: { propertyValue: "lots" } }, { today: TODAY })
        .errors[0]!.message,
    ).toMatch(/must be a whole number/);
    expect(createStepValidator(defs, "email")({ user: { email: "jane@" } }, { today: TODAY }).errors).toEqual(
      [{ pointer: "/user/email", message: "Email address must be a valid email address" }],
    );
  });
});

describe("messages for a question-titled field", () => {
  it("asks to answer the question instead of calling a question required", async () => {
    const { fieldMessage } = await import("@engine/validation/messages");
    expect(fieldMessage("Are you self-employed?", "is required")).toBe(
      "Please answer “Are you self-employed?”",
    );
    expect(fieldMessage("Are you self-employed?", "must be yes or no")).toBe(
      "The answer to “Are you self-employed?” must be yes or no",
    );
    expect(fieldMessage("Start date", "is required")).toBe("Start date is required");
  });

  it("says so at the field on a real step", () => {
    const result = createStepValidator(defs, "isSelfEmployed")({ setup: {} }, { today: "2026-11-22" });
    expect(result.errors).toEqual([
      { pointer: "/setup/isSelfEmployed", message: "Please answer “Are you self-employed?”" },
    ]);
  });
});
