// The application's path (engine/funnel/journey.ts): which steps are open to a reader now — the steps
// reached on their own path and the next one, never a later one — read from the flow files.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  accessTo,
  completedUpTo,
  doneSteps,
  entrySteps,
  isFreePage,
  journeyOf,
  plannedSteps,
} from "@engine/funnel/journey";
import { partOf } from "@engine/funnel/members";
import { REPO_ROOT } from "@engine/base/paths";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const today = "2026-11-22";
const demo = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

const early = {
  user: {
    firstName: "Maria",
    lastName: "Alvarez",
    email: "maria.alvarez@example.com",
    emailVerifiedAt: "2026-10-01T12:00:00.000Z",
  },
  setup: {
    propertyValue: 585000,
    mortgageEstimate: 245000,
    hasFbm: false,
    isSelfEmployed: false,
    creditRange: "veryGood",
    zip: "92116",
    propertyUsage: "secondHome",
    creditScore: 741,
    hasCoborrower: false,
    mortgageBalance: 241300,
  },
};
const variantOne = [
  "name",
  "email",
  "earlyDisclosures",
  "propertyValue",
  "mortgageEstimate",
  "hasFbm",
  "isSelfEmployed",
  "creditRange",
  "zip",
  "propertyUsage",
  "creditScore",
  "mortgageBalance",
  "previewOffer",
];
const journey = (completed: string[], application: unknown = early, variant = "variantOne") =>
  journeyOf(defs, { application, completed, variant, today });

describe("the application's path", () => {
  it("opens only the first question of each funnel to a visitor, and sends a deep link there", () => {
    expect(entrySteps(defs).sort()).toEqual(["name", "prequalBuildingType"]);
    expect(accessTo(defs, null, "name")).toEqual({ open: true });
    expect(accessTo(defs, null, "propertyValue")).toMatchObject({ open: false, stepId: "name" });
    expect(accessTo(defs, null, "prequalAddress")).toMatchObject({
      open: false,
      stepId: "prequalBuildingType",
    });
    expect(accessTo(defs, null, "loanDisbursement")).toMatchObject({ open: false });
  });

  it("after the name and email, opens them and the disclosures only, saying why they come first (12 CFR 1026.40(b))", () => {
    const j = journey(["name", "email"], { user: early.user });
    expect(j.path).toEqual(["name", "email", "earlyDisclosures"]);
    expect(j.due).toBe("earlyDisclosures");
    expect(accessTo(defs, j, "creditRange")).toEqual({
      open: false,
      stepId: "earlyDisclosures",
      reason: defs.steps.get("earlyDisclosures")!.def.dueReason,
    });
    expect(accessTo(defs, j, "creditRange")).toMatchObject({
      reason: expect.stringContaining("before we ask about your credit"),
    });
  });

  it("after the disclosures, opens the next question only", () => {
    const j = journey(["name", "email", "earlyDisclosures"], { user: early.user });
    expect(j.path).toEqual(["name", "email", "earlyDisclosures", "propertyValue"]);
    expect(j.due).toBe("propertyValue");
    for (const later of [
      "mortgageEstimate",
      "previewOffer",
      "disclosures",
      "loanDisbursement",
      "applicationSubmitted",
    ])
      expect(accessTo(defs, j, later)).toEqual({
        open: false,
        stepId: "propertyValue",
        reason: expect.any(String),
      });
    expect(accessTo(defs, j, "name")).toEqual({ open: true });
  });

  it("never counts a step done that was not saved: after the offer preview the account setup is due, not the application", () => {
    const j = journey(variantOne);
    expect(j.due).toBe("setupPhone");
    expect(doneSteps(j)).toEqual(variantOne);
    expect(accessTo(defs, j, "application")).toMatchObject({ open: false, stepId: "setupPhone" });
  });

  it("leads prequalification through the account steps before the application", () => {
    const j = journeyOf(defs, {
      application: { ...demo, coborrower: null, setup: { ...demo.setup, hasCoborrower: false } },
      completed: [
        "prequalBuildingType",
        "prequalDisclosures",
        "prequalAddress",
        "prequalListedForSale",
        "prequalNewMortgage",
        "prequalDerogatory",
        "prequalCredit",
        "prequalCoborrower",
        "prequalMortgageSelect",
        "prequalDebts",
        "prequalOffer",
      ],
      today,
    });
    expect(j.due).toBe("setupPhone");
    expect(j.path[0]).toBe("prequalBuildingType");
  });

  it("ends the path where a branch leaves the funnel, with nothing due", () => {
    const j = journey(["name", "email", "earlyDisclosures", "propertyValue", "mortgageEstimate", "hasFbm"], {
      ...early,
      setup: { ...early.setup, hasFbm: true },
    });
    expect(j.due).toBeNull();
    expect(j.exit).toMatchObject({ route: "/app/ineligible/late-payment" });
    expect(j.path.at(-1)).toBe("hasFbm");
    expect(accessTo(defs, j, "isSelfEmployed")).toMatchObject({ open: false, stepId: "hasFbm" });
  });

  it("is submitted once every step before the submitted page is saved", () => {
    const application = { ...demo, coborrower: null, setup: { ...demo.setup, hasCoborrower: false } };
    const walked = completedUpTo(defs, "applicationSubmitted", { application, variant: "variantOne", today });
    expect(walked).toContain("loanDisbursement");
    const j = journeyOf(defs, { application, completed: walked, variant: "variantOne", today });
    expect(j.due).toBe("applicationSubmitted");
    expect(j.submitted).toBe(true);
  });

  it("passes over the co-borrower's details in the borrower's walk once the co-borrower answers them", () => {
    const application = {
      ...demo,
      coborrowerInvite: { answeredBy: "coborrower", email: "luis@example.com" },
    };
    const part = partOf(defs, "borrower", application, today);
    const walked = completedUpTo(defs, "application3", { application, variant: "variantOne", part, today });
    expect(walked).toContain("coborrowerInvite");
    expect(walked).not.toContain("application2");
    expect(journeyOf(defs, { application, completed: walked, variant: "variantOne", part, today }).due).toBe(
      "application3",
    );
  });

  it("asks business questions of the borrower who owns the business: the co-borrower's self-employment never reopens the finished borrower's path", () => {
    // The co-borrower (demo: self-employed) answers her own part; the borrower is salaried.
    const invited = {
      ...demo,
      user: { ...demo.user, isSelfEmployed: false },
      coborrowerInvite: { answeredBy: "coborrower", email: "luis@example.com" },
    };
    const owner = partOf(defs, "borrower", invited, today);
    const walked = completedUpTo(defs, "awaitingSignatures", {
      application: invited,
      variant: "variantOne",
      part: owner,
      today,
    });
    expect(walked).not.toContain("businessInformation");
    const borrower = journeyOf(defs, {
      application: invited,
      completed: walked,
      variant: "variantOne",
      part: owner,
      today,
    });
    expect(borrower.due).toBe("awaitingSignatures");
    expect(borrower.path).not.toContain("businessInformation");
    // Her own walk asks it of her, after her employment history.
    const member = partOf(defs, "coborrower", invited, today);
    const hers = journeyOf(defs, {
      application: invited,
      completed: ["coborrowerConsent", "application2", "application4", "application5"],
      flow: "coborrower",
      part: member,
      today,
    });
    expect(hers.due).toBe("businessInformation");
    // Where the borrower answers her part for her, the page is his to answer.
    const answeredFor = { ...invited, coborrowerInvite: { answeredBy: "borrower" } };
    expect(
      plannedSteps(defs, {
        application: answeredFor,
        completed: ["name"],
        variant: "variantOne",
        part: partOf(defs, "borrower", answeredFor, today),
        today,
      }),
    ).toContain("businessInformation");
  });

  it("walks a member's own flow from its first step", () => {
    const application = {
      ...demo,
      coborrowerInvite: { answeredBy: "coborrower", email: "luis@example.com" },
    };
    const part = partOf(defs, "coborrower", application, today);
    const j = journeyOf(defs, { application, completed: [], flow: "coborrower", part, today });
    expect(j.path).toEqual([j.due]);
    expect(accessTo(defs, j, "application8", "coborrower")).toMatchObject({ open: false, stepId: j.due });
  });

  it("keeps the summary, FAQs and standalone upload page open whatever the path", () => {
    for (const page of ["applicationSummary", "faqs", "documentsUpload"])
      expect(isFreePage(defs, page)).toBe(true);
    expect(isFreePage(defs, "applicationProgress")).toBe(true);
    expect(isFreePage(defs, "applicationProgress", "coborrower")).toBe(false);
    expect(isFreePage(defs, "creditIncome")).toBe(false); // reached by a branch
  });

  it("takes an application older than the list of saved steps as far as its status says", () => {
    const walked = completedUpTo(defs, "mortgageBalance", {
      application: early,
      variant: "variantOne",
      today,
    });
    expect(walked).toEqual(variantOne.slice(0, variantOne.indexOf("mortgageBalance")));
    expect(completedUpTo(defs, "noSuchStatus", { application: early, today })).toEqual([]);
  });
});
