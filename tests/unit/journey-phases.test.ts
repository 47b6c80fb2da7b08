// One progress across the whole journey (engine/form/progress.ts journeyProgress): the phases of
// rules/funnel.json in plain words, placed by the flow files, and the checks on that placing.
import { describe, expect, it } from "vitest";
import { journeyProgress, phaseChange } from "@engine/form/progress";
import { partOf } from "@engine/funnel/members";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the members rule set decides on (it reads none: any day gives the same parts). */
const TODAY = "2026-11-22";
const JOURNEY = ["Your home", "Your offer", "About you", "Sign", "Documents"];
const where = (stepId: string, options: Omit<Parameters<typeof journeyProgress>[2], "today"> = {}) => {
  const p = journeyProgress(defs, stepId, { ...options, today: TODAY })!;
  return {
    phases: p.phases.map((x) => x.label),
    at: p.phases[p.current]!.label,
    step: `${p.stepInPhase + 1} of ${p.stepsInPhase}`,
    states: p.phases.map((x) => x.state),
  };
};

describe("one progress across the whole journey", () => {
  it("shows the five phases from the first question, in plain words", () => {
    expect(where("name", { variant: "variantOne" })).toMatchObject({
      phases: JOURNEY,
      at: "Your home",
      step: "1 of 13",
      states: ["current", "upcoming", "upcoming", "upcoming", "upcoming"],
    });
  });

  it("counts the steps of the applicant's variant within the phase (variant two does not ask how the home is used)", () => {
    expect(where("mortgageBalance", { variant: "variantTwo" }).step).toBe("12 of 12");
  });

  it("does not restart when the application begins: the account setup is the third phase, after the home and the offer", () => {
    expect(where("previewOffer")).toMatchObject({ at: "Your offer", step: "1 of 1" });
    expect(where("setupPhone")).toMatchObject({
      phases: JOURNEY,
      at: "About you",
      states: ["done", "done", "current", "upcoming", "upcoming"],
    });
  });

  it("places the prequalification in the same phases as the early funnel", () => {
    expect(where("prequalDisclosures")).toMatchObject({ phases: JOURNEY, at: "Your home", step: "2 of 10" });
    expect(where("prequalAddress")).toMatchObject({ phases: JOURNEY, at: "Your home", step: "3 of 10" });
    expect(where("prequalOffer").at).toBe("Your offer");
  });

  it("puts the disclosures under Sign and the documents after them under Documents", () => {
    expect(where("disclosures").at).toBe("Sign");
    expect(where("incomeDocs").at).toBe("Documents");
    expect(where("application8").at).toBe("About you");
  });

  it("shows an invited co-borrower only the phases of their own flow", () => {
    expect(where("application4", { flow: "coborrower" })).toMatchObject({
      phases: ["About you", "Sign", "Documents"],
      at: "About you",
    });
    expect(where("coborrowerSign", { flow: "coborrowerSigning" })).toMatchObject({
      phases: ["About you", "Sign", "Documents"],
      at: "Sign",
      // After reviewing and attesting what the borrower answered about them.
      step: "2 of 2",
    });
  });

  it("is null for a step no flow lists", () => {
    expect(journeyProgress(defs, "nope", { today: TODAY })).toBeNull();
  });
});

describe("checking the phases", () => {
  it("is clean on the repository's definitions", () => {
    expect(repo.problems.filter((p) => /phase/.test(p.message))).toEqual([]);
  });
});

describe("a count that changes says why (issue 38)", () => {
  it("names the page the last answer took away: choosing to invite the co-borrower drops their details", () => {
    const answeringFor = { setup: { hasCoborrower: true }, coborrowerInvite: { answeredBy: "borrower" } };
    const before = journeyProgress(defs, "coborrowerInvite", { application: answeringFor, today: TODAY })!;
    const invited = { setup: { hasCoborrower: true }, coborrowerInvite: { answeredBy: "coborrower" } };
    const part = partOf(defs, "borrower", invited, TODAY);
    const now = journeyProgress(defs, "application3", { application: invited, part, today: TODAY })!;
    const change = phaseChange({ phase: "aboutYou", steps: before.phaseSteps }, now);
    expect(change?.added).toEqual([]);
    expect(change?.removed.map((s) => s.id)).toEqual(["application2"]);
    expect(now.stepsInPhase).toBe(before.stepsInPhase - 1);
  });

  it("does not call the page just answered unnecessary when it leaves the path (the email's code, once confirmed)", () => {
    const now = journeyProgress(defs, "propertyValue", { variant: "variantOne", today: TODAY })!;
    const answered = { id: "codeStep", label: "Confirm your email", route: "/x", rank: 0 };
    const before = { phase: "home", stepId: "codeStep", steps: [answered, ...now.phaseSteps] };
    expect(phaseChange(before, now)).toBeNull();
    // Had another page been the one answered, the code's page leaving would be a change to explain.
    expect(phaseChange({ ...before, stepId: "name" }, now)?.removed.map((s) => s.id)).toEqual(["codeStep"]);
  });

  it("says nothing when the pages stayed the same, or the phase changed", () => {
    const now = journeyProgress(defs, "propertyValue", { variant: "variantOne", today: TODAY })!;
    expect(phaseChange({ phase: "home", steps: now.phaseSteps }, now)).toBeNull();
    expect(phaseChange({ phase: "offer", steps: [] }, now)).toBeNull();
  });
});
