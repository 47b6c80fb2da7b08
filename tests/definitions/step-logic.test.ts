// The step format's logic beyond fields: skipWhen in flows, next branches that read rule outputs
// (rules.<set>.<output>), check messages that quote computed values, and new list items' values.
// Built on a copy of the definitions with a small flow of our own, so the repository's steps can change.
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { flowStepsFor, nextStep, previousStep } from "@engine/funnel/funnel";
import { problemText } from "@engine/lint/lint";
import { createFieldLogic } from "@engine/logic/field-logic";
import { newItemValues } from "@engine/logic/new-items";
import { createStepValidator } from "@engine/validation/validate";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const field = (ref: string) => ({ $ref: `../../schemas/${ref}` });
const step = (id: string, route: string, extra: Record<string, unknown> = {}) => ({
  id,
  route,
  label: id,
  rank: 50,
  schema: {
    type: "object",
    additionalProperties: false,
    properties: {
      setup: {
        type: "object",
        additionalProperties: false,
        properties: { hasCoborrower: field("setup.json#/properties/hasCoborrower") },
      },
    },
  },
  ...extra,
});

function trio(skipWhen?: unknown, next?: unknown[]) {
  const copy = copyDefinitions();
  copy.write("steps/flows/try.json", {
    id: "tryFlow",
    description: "a test flow",
    variants: [{ id: "only", steps: ["tryA", "tryB", "tryC"] }],
  });
  copy.write("steps/try-a.json", step("tryA", "/app/try/a", next ? { next } : {}));
  copy.write("steps/try-b.json", step("tryB", "/app/try/b", skipWhen === undefined ? {} : { skipWhen }));
  copy.write("steps/try-c.json", step("tryC", "/app/try/c"));
  return copy;
}

/** Problems in this test's own files (the rest of the copy is the repository's, checked elsewhere). */
const ours = (problems: ReturnType<typeof loadCopy>["problems"]) =>
  problems.map(problemText).filter((p) => p.includes("try"));

const soloSkip = { "!": { var: "setup.hasCoborrower" } };

describe("skipWhen", () => {
  it("passes over a step whose skipWhen holds, going forward and back", () => {
    const { defs, problems } = loadCopy(trio(soloSkip));
    expect(ours(problems)).toEqual([]);
    const alone = { setup: { hasCoborrower: false } };
    expect(nextStep(defs, "tryA", alone, { today: TODAY }).stepId).toBe("tryC");
    expect(previousStep(defs, "tryC", alone, { today: TODAY })).toBe("tryA");
    expect(flowStepsFor(defs, "tryC", alone, { today: TODAY })?.steps).toEqual(["tryA", "tryC"]);
  });

  it("keeps the step when its skipWhen does not hold", () => {
    const { defs } = loadCopy(trio(soloSkip));
    const together = { setup: { hasCoborrower: true } };
    expect(nextStep(defs, "tryA", together, { today: TODAY }).stepId).toBe("tryB");
    expect(previousStep(defs, "tryC", together, { today: TODAY })).toBe("tryB");
  });

  it("still lists a skipped step where the applicant stands on it", () => {
    const { defs } = loadCopy(trio(soloSkip));
    expect(flowStepsFor(defs, "tryB", {}, { today: TODAY })?.steps).toEqual(["tryA", "tryB", "tryC"]);
  });
});

describe("next branches that read rule outputs", () => {
  const toPricingPage = {
    id: "try.ineligible",
    description: "an ineligible quote names its page",
    when: { "!!": { var: "rules.pricing.quote.route" } },
    goto: { var: "rules.pricing.quote.route" },
  };

  it("goes to the page the pricing rules name for a low-equity applicant", () => {
    const { defs, problems } = loadCopy(trio(undefined, [toPricingPage]));
    expect(ours(problems)).toEqual([]);
    const lowEquity = { setup: { propertyValue: 300000, mortgageBalance: 260000, creditRange: "good" } };
    expect(nextStep(defs, "tryA", lowEquity, { today: TODAY })).toMatchObject({
      stepId: null,
      route: "/app/ineligible/low-equity",
      ruleId: "try.ineligible",
    });
  });

  it("follows the flow when the rules name no page", () => {
    const { defs } = loadCopy(trio(undefined, [toPricingPage]));
    const eligible = { setup: { propertyValue: 600000, mortgageBalance: 200000, creditRange: "good" } };
    expect(nextStep(defs, "tryA", eligible, { today: TODAY }).stepId).toBe("tryB");
  });

  it("reports an unknown rule set or output in the linter", () => {
    const copy = trio(undefined, [
      {
        ...toPricingPage,
        when: { "!!": { var: "rules.pricng.quote" } },
        goto: { var: "rules.pricing.qoute.route" },
      },
    ]);
    const problems = loadCopy(copy).problems.map(problemText);
    expect(problems).toContain(
      'steps/try-a.json#/next/0/when/!!/var: unknown rule set "pricng" in "rules.pricng.quote", did you mean `pricing`?',
    );
    expect(problems).toContain(
      'steps/try-a.json#/next/0/goto/var: rule set "pricing" has no output "qoute", did you mean `quote`?',
    );
  });
});

describe("check messages that quote computed values", () => {
  const jobsStep = (message: string, details?: Record<string, unknown>) =>
    step("tryA", "/app/try/a", {
      schema: {
        type: "object",
        additionalProperties: false,
        properties: {
          user: {
            type: "object",
            additionalProperties: false,
            properties: { employments: field("user.json#/properties/employments") },
          },
        },
      },
      checks: [
        {
          id: "try.coverage",
          field: "/user/employments",
          logic: {
            get: [
              {
                employment_coverage: [
                  { var: "user.employments" },
                  { var: "today" },
                  { var: "params.coverage" },
                ],
              },
              "complete",
            ],
          },
          message,
          ...(details ? { details } : {}),
        },
      ],
      newItems: {
        "/user/employments": {
          startDate: {
            get: [
              {
                employment_coverage: [
                  { var: "user.employments" },
                  { var: "today" },
                  { var: "params.coverage" },
                ],
              },
              "nextStartDate",
            ],
          },
        },
      },
    });
  const missing = {
    map: [
      {
        get: [
          {
            employment_coverage: [{ var: "user.employments" }, { var: "today" }, { var: "params.coverage" }],
          },
          "missingPeriods",
        ],
      },
      { cat: [{ format: ["date", { var: "start" }] }, " to ", { format: ["date", { var: "end" }] }] },
    ],
  };
  const gapOfThreeMonths = {
    user: {
      employments: [
        { employerName: "Acme", position: "Clerk", startDate: "2025-09-01", endDate: null },
        { employerName: "Globex", position: "Clerk", startDate: "2023-01-01", endDate: "2025-06-01" },
      ],
    },
  };

  it("names the missing periods of an employment history with a 3-month gap", () => {
    const copy = trio();
    copy.write("steps/try-a.json", jobsStep("Add a job for: {missing}", { missing }));
    const { defs, problems } = loadCopy(copy);
    expect(ours(problems)).toEqual([]);
    const result = createStepValidator(defs, "tryA")(gapOfThreeMonths, { today: "2026-11-22" });
    expect(result.errors).toEqual([
      {
        pointer: "/user/employments",
        message: "Add a job for: 06/01/2025 to 09/01/2025",
        ruleId: "try.coverage",
      },
    ]);
  });

  it("proposes the start date of the next job from the history so far", () => {
    const copy = trio();
    copy.write("steps/try-a.json", jobsStep("Add a job"));
    const { defs } = loadCopy(copy);
    const openEnded = { user: { employments: [{ startDate: "2025-09-01", endDate: null }] } };
    expect(newItemValues(defs, "tryA", "/user/employments", openEnded, { today: "2026-11-22" })).toEqual({
      startDate: "2026-10-01",
    });
    expect(newItemValues(defs, "tryA", "/user/employments", {}, { today: "2026-11-22" })).toEqual({
      startDate: "2024-11-01",
    });
    expect(
      newItemValues(defs, "tryA", "/coborrower/employments", openEnded, { today: "2026-11-22" }),
    ).toEqual({});
  });

  it("refuses a message quoting a value the check does not compute", () => {
    const copy = trio();
    copy.write("steps/try-a.json", jobsStep("Add a job for: {periods}", { missing }));
    expect(loadCopy(copy).problems.map(problemText)).toContain(
      'steps/try-a.json#/checks/0/message: the message quotes {periods} but details has no "periods"',
    );
  });
});

describe("notices", () => {
  it("shows a notice at each list item whose logic holds, and never blocks the step", () => {
    const copy = trio();
    copy.write(
      "steps/try-a.json",
      step("tryA", "/app/try/a", {
        schema: {
          type: "object",
          additionalProperties: false,
          properties: { mortgages: { $ref: "../../schemas/application.json#/properties/mortgages" } },
        },
        notices: [
          {
            id: "try.solar",
            field: "/mortgages/*/creditor",
            when: { text_matches_any: [{ var: "item.creditor" }, { var: "params.payoff.solarLenders" }] },
            message: "A solar loan is not paid off with your line; we will ask for its statement.",
          },
        ],
      }),
    );
    const { defs, problems } = loadCopy(copy);
    expect(ours(problems)).toEqual([]);
    const answers = {
      mortgages: [
        { creditor: "First Bank", balance: 1000 },
        { creditor: "GoodLeap", balance: 20000 },
      ],
    };
    const state = createFieldLogic(defs, "tryA")(answers, { today: "2026-11-22" });
    expect(state.notices).toEqual([
      {
        pointer: "/mortgages/1/creditor",
        message: "A solar loan is not paid off with your line; we will ask for its statement.",
        id: "try.solar",
        intent: "info",
      },
    ]);
    expect(createStepValidator(defs, "tryA")(answers, { today: "2026-11-22" }).valid).toBe(true);
  });

  it("quotes values its details compute, as a warning when it says so, and refuses a quote it does not compute", () => {
    const warning = (details?: Record<string, unknown>) =>
      step("tryA", "/app/try/a", {
        schema: {
          type: "object",
          additionalProperties: false,
          properties: { mortgages: { $ref: "../../schemas/application.json#/properties/mortgages" } },
        },
        notices: [
          {
            id: "try.large",
            field: "/mortgages/*/balance",
            intent: "warning",
            when: { ">": [{ var: "item.balance" }, 5000] },
            message: "{owed} is a lot to owe.",
            ...(details ? { details } : {}),
          },
        ],
      });
    const copy = trio();
    copy.write("steps/try-a.json", warning({ owed: { format: ["currency", { var: "item.balance" }] } }));
    const { defs, problems } = loadCopy(copy);
    expect(ours(problems)).toEqual([]);
    const answers = {
      mortgages: [
        { creditor: "First Bank", balance: 1000 },
        { creditor: "GoodLeap", balance: 20000 },
      ],
    };
    expect(createFieldLogic(defs, "tryA")(answers, { today: "2026-11-22" }).notices).toEqual([
      {
        pointer: "/mortgages/1/balance",
        message: "$20,000 is a lot to owe.",
        id: "try.large",
        intent: "warning",
      },
    ]);
    expect(createStepValidator(defs, "tryA")(answers, { today: "2026-11-22" }).valid).toBe(true);

    const unquoted = trio();
    unquoted.write("steps/try-a.json", warning());
    expect(loadCopy(unquoted).problems.map(problemText)).toContain(
      'steps/try-a.json#/notices/0/message: the message quotes {owed} but details has no "owed"',
    );
  });
});

describe("Back from a step no flow lists", () => {
  it("goes back to the step whose branch led to it", () => {
    const copy = trio();
    copy.write("steps/try-d.json", step("tryD", "/app/try/d", { next: [{ id: "try.back", goto: "tryC" }] }));
    copy.write(
      "steps/try-a.json",
      step("tryA", "/app/try/a", {
        next: [{ id: "try.detour", when: { var: "setup.hasCoborrower" }, goto: "tryD" }],
      }),
    );
    const { defs, problems } = loadCopy(copy);
    expect(ours(problems)).toEqual([]);
    expect(previousStep(defs, "tryD", {}, { today: TODAY })).toBe("tryA");
    expect(nextStep(defs, "tryA", { setup: { hasCoborrower: true } }, { today: TODAY }).stepId).toBe("tryD");
  });
});
