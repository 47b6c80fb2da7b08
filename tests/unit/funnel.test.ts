import { todayIso } from "@engine/base/dates";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { readConfig } from "@server/config";
import {
  applicantLabelOf,
  chooseVariant,
  flowStepsFor,
  labelOf,
  nextStep,
  rankOf,
  redirectFor,
  routeForStatus,
  signOutTargetFor,
} from "@engine/funnel/funnel";
import type { Definitions } from "@engine/definitions/definitions";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;

describe("funnel order (spec §4)", () => {
  it("ranks the statuses as the spec does, including the in-between ranks", () => {
    expect(rankOf(defs, "propertyValue")).toBe(1);
    expect(rankOf(defs, "selfReportedInformationOffer")).toBe(7.5);
    expect(rankOf(defs, "coborrower")).toBe(8.5);
    expect(rankOf(defs, "application6")).toBe(22.5);
    expect(rankOf(defs, "prequalDebts")).toBe(9.5);
    expect(rankOf(defs, "joinWaitlist")).toBe(27);
    expect(rankOf(defs, "setupConsent")).toBe(0);
    expect(rankOf(defs, "nonsense")).toBeNull();
  });

  it("puts disclosures before income verification (22 < 22.5) and identity verification after", () => {
    expect(rankOf(defs, "disclosures")!).toBeLessThan(rankOf(defs, "application6")!);
    expect(rankOf(defs, "application6")!).toBeLessThan(rankOf(defs, "identityVerification")!);
  });

  it("labels the steps as the spec does", () => {
    expect(labelOf(defs, "application5")).toBe("Employment History");
    expect(labelOf(defs, "disclosures")).toBe("E-sign HECA");
    expect(labelOf(defs, "prequalDerogatory")).toBe("Disqualifying Issues");
  });

  it("names the jargon steps to applicants in plain words, and the others by their label", () => {
    expect(applicantLabelOf(defs, "disclosures")).toBe("Sign the disclosures");
    expect(applicantLabelOf(defs, "prequalCredit")).toBe("Credit check");
    expect(labelOf(defs, "prequalCredit")).toBe("Credit Pull");
    expect(applicantLabelOf(defs, "prequalDerogatory")).toBe("A few quick questions");
    expect(applicantLabelOf(defs, "application5")).toBe("Employment History");
    expect(applicantLabelOf(defs, "nonsense")).toBeNull();
  });
});

describe("where a returning user is sent", () => {
  it.each([
    ["application", "/app/application/1"],
    ["application3", "/app/application/2"],
    ["application4", "/app/application/3"],
    ["application5", "/app/application/4"],
    ["application6", "/app/application/income-verification"],
    ["application7", "/app/application/6"],
    ["application8", "/app/application/7"],
    ["incomeDocs", "/app/application/upload"],
    ["prequalAddress", "/prequal/address"],
    ["mortgageEstimate", "/app/initial-setup/mortgage-estimate"],
  ])("sends status %s to %s", (status, route) => {
    expect(routeForStatus(defs, status)).toBe(route);
  });

  it("sends any other status, or none, to property-value", () => {
    expect(routeForStatus(defs, "joinWaitlist")).toBe("/app/initial-setup/property-value");
    expect(routeForStatus(defs, "constructor")).toBe("/app/initial-setup/property-value");
    expect(routeForStatus(defs, null)).toBe("/app/initial-setup/property-value");
  });

  it("gives every step with a status route that same route", () => {
    for (const { def } of defs.steps.values())
      if (routeForStatus(defs, def.id) !== "/app/initial-setup/property-value" || def.id === "propertyValue")
        expect(def.route).toBe(routeForStatus(defs, def.id));
  });

  it("explains a redirect by its rule", () => {
    expect(
      redirectFor(
        defs,
        {
          applicationStatus: "applicationSubmitted",
          path: "/app/application/1",
          previousPath: "/app/application/7",
          hasLoan: true,
        },
        "2026-11-22",
      ),
    ).toEqual({
      target: "/app/application/submitted",
      ruleId: "redirect.submitted",
      reason: expect.stringMatching(/submitted/),
    });
  });
});

describe("the next step", () => {
  it("follows the applicant's flow variant", () => {
    expect(nextStep(defs, "zip", {}, { variant: "variantOne", today: TODAY }).stepId).toBe("propertyUsage");
    expect(nextStep(defs, "zip", {}, { variant: "variantTwo", today: TODAY }).stepId).toBe("creditScore");
  });

  it("gives the route of the next step and the flow that decided it", () => {
    expect(nextStep(defs, "name", {}, { variant: "variantOne", today: TODAY })).toEqual({
      stepId: "email",
      route: "/app/initial-setup/email",
      ruleId: "flow.earlyFunnel.variantOne",
      reason: expect.any(String),
    });
  });

  it("takes a step's branch when its condition holds", () => {
    const next = nextStep(
      defs,
      "hasFbm",
      { setup: { hasFbm: true } },
      { variant: "variantOne", today: TODAY },
    );
    expect(next).toMatchObject({
      stepId: null,
      route: "/app/ineligible/late-payment",
      ruleId: "hasFbm.ineligible",
    });
    expect(
      nextStep(defs, "hasFbm", { setup: { hasFbm: false } }, { variant: "variantOne", today: TODAY }).stepId,
    ).toBe("isSelfEmployed");
  });

  it("ends after the last step of a flow, and goes on to the account setup after the early funnel's", () => {
    expect(nextStep(defs, "applicationSubmitted", {}, { today: TODAY })).toMatchObject({
      stepId: null,
      route: null,
    });
    expect(
      nextStep(
        defs,
        "previewOffer",
        { setup: { propertyValue: 600000, mortgageBalance: 200000 } },
        { variant: "variantTwo", today: TODAY },
      ),
    ).toMatchObject({ stepId: "setupPhone", route: "/app/initial-setup/phone" });
  });
});

describe("early funnel variants (spec §2)", () => {
  const flow = defs.flows.get("earlyFunnel")!.def;
  const [one, two] = flow.variants;

  it("variant one has the spec's 12 steps in order, the email's code step after the email, and the disclosures before the first question about the home and credit (12 CFR 1026.40(b))", () => {
    const routes = one!.steps.map((id) => defs.steps.get(id)!.def.route.split("/").pop());
    expect(routes).toEqual([
      "name",
      "email",
      "verify-email",
      "disclosures",
      "property-value",
      "mortgage-estimate",
      "has-fbm",
      "is-self-employed",
      "credit-range",
      "zip",
      "property-usage",
      "credit-score",
      "mortgage-balance",
      "preview-offer",
    ]);
  });

  it("variant two is variant one without property-usage (11 steps of the spec, the email's code and the disclosures)", () => {
    expect(two!.steps).toEqual(one!.steps.filter((id) => id !== "propertyUsage"));
    expect(two!.steps).toHaveLength(13);
  });

  it("splits new applicants by weight", () => {
    expect(chooseVariant(defs, "earlyFunnel", 0)).toBe("variantOne");
    expect(chooseVariant(defs, "earlyFunnel", 0.49)).toBe("variantOne");
    expect(chooseVariant(defs, "earlyFunnel", 0.51)).toBe("variantTwo");
    expect(chooseVariant(defs, "earlyFunnel", 0.999)).toBe("variantTwo");
  });

  it("gives every new applicant the variant pinned in development (FUNNEL_VARIANT), never in production", () => {
    expect(
      chooseVariant(defs, "earlyFunnel", 0, readConfig({ FUNNEL_VARIANT: "variantTwo" }).funnelVariant),
    ).toBe("variantTwo");
    expect(
      chooseVariant(defs, "earlyFunnel", 0.999, readConfig({ FUNNEL_VARIANT: "variantOne" }).funnelVariant),
    ).toBe("variantOne");
    expect(
      readConfig({ FUNNEL_VARIANT: "variantTwo", NODE_ENV: "production" }).funnelVariant,
    ).toBeUndefined();
    // A pin that another flow has is no pin for this one.
    expect(chooseVariant(defs, "earlyFunnel", 0, "only")).toBe("variantOne");
  });
});

describe("rank, label and route are stated once, in the step file", () => {
  it("give statuses that are not steps the rank rules/funnel.json states, and no page of their own", () => {
    expect(defs.steps.has("joinWaitlist")).toBe(false);
    expect(rankOf(defs, "joinWaitlist")).toBe(27);
    expect(routeForStatus(defs, "joinWaitlist")).toBe(defs.funnel.defaultRoute);
  });
});

describe("the step after a step in its flow", () => {
  const demo = JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  ) as Record<string, any>;
  const alone: Record<string, any> = { ...demo, setup: { ...demo.setup, hasCoborrower: false } };
  delete alone.coborrower;
  const applications = {
    "no answers": {},
    "a borrower applying alone": alone,
    "two borrowers, the borrower answering for both": {
      ...demo,
      coborrowerInvite: { answeredBy: "borrower" },
    },
    "two borrowers, the co-borrower invited": {
      ...demo,
      coborrowerInvite: { answeredBy: "coborrower", email: "luis@example.com" },
    },
  };

  it.each(Object.entries(applications))(
    "is the next step of its flow's list, skipped steps passed over, for every step of every flow (%s)",
    (_name, application) => {
      let compared = 0;
      for (const { def: flow } of defs.flows.values())
        for (const variant of flow.variants)
          for (const stepId of variant.steps) {
            const options = {
              variant: variant.id,
              flow: flow.answeredBy === undefined ? undefined : flow.id,
              today: TODAY,
            };
            const next = nextStep(defs, stepId, application, options);
            if (!next.ruleId.startsWith("flow.")) continue; // a branch of the step's own was taken
            const list = flowStepsFor(defs, stepId, application, options)!;
            expect({ stepId, next: next.stepId }).toEqual({
              stepId,
              next: list.steps[list.index + 1] ?? null,
            });
            compared++;
          }
      expect(compared).toBeGreaterThan(40);
    },
  );

  it("passes over the steps whose skipWhen holds: a borrower applying alone goes from their details past the co-borrower's pages", () => {
    expect(
      nextStep(defs, "application", applications["a borrower applying alone"], {
        variant: "standard",
        today: TODAY,
      }).stepId,
    ).toBe("application3");
    expect(
      nextStep(defs, "application", applications["two borrowers, the borrower answering for both"], {
        variant: "standard",
        today: TODAY,
      }).stepId,
    ).toBe("coborrowerInvite");
  });
});

describe("the session guard on the day given (rules/session-guard.json)", () => {
  // The repository's guard reads no day: a copy whose first rule sends every visitor of a page to
  // sign in from 2027-01-01 on, so a guard decided on one day is not the next day's.
  const guard = defs.ruleSets.get("session-guard")!;
  const dated: Definitions = {
    ...defs,
    ruleSets: new Map(defs.ruleSets).set("session-guard", {
      ...guard,
      def: {
        ...guard.def,
        rules: [
          {
            id: "session-guard.from-2027",
            description: "From 2027-01-01, every visitor without a session signs in.",
            when: { and: [{ ">=": [{ var: "today" }, "2027-01-01"] }, { "!": { var: "hasSession" } }] },
            output: "signOutTo",
            value: "/app/login",
          },
          ...(guard.def.rules ?? []),
        ],
      },
    }),
  };

  it("decides on the day given, not on one it decided before for the same page", () => {
    const path = "/app/initial-setup/name";
    expect(signOutTargetFor(dated, path, false, "2026-12-31")).toMatchObject({
      target: null,
      ruleId: "session-guard.allow",
    });
    expect(signOutTargetFor(dated, path, false, "2027-01-01")).toEqual({
      target: "/app/login",
      ruleId: "session-guard.from-2027",
      reason: "From 2027-01-01, every visitor without a session signs in.",
    });
    expect(signOutTargetFor(dated, path, false, "2026-12-31").target).toBeNull();
    expect(signOutTargetFor(dated, path, true, "2027-01-01").target).toBeNull();
  });
});
