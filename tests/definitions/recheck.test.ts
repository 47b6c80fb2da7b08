// When the definitions change under an application in flight, its saved answers are re-checked:
// only the steps on the applicant's own path, before their status, whose answers the changed
// definitions refuse are listed, in the order the applicant met them.
import { describe, expect, it } from "vitest";
import { isFinalStatus, journeyOf } from "@engine/funnel/journey";
import { invalidSteps, pathTo } from "@engine/funnel/recheck";
import { capPropertyValue, copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const today = "2026-11-22";

/** An applicant's early-funnel answers up to the offer preview. */
const early = ({ coborrower = false, propertyValue = 585000 } = {}) => ({
  user: {
    firstName: "Maria",
    lastName: "Alvarez",
    email: "maria.alvarez@example.com",
    emailVerifiedAt: "2026-10-01T12:00:00.000Z",
  },
  setup: {
    propertyValue,
    mortgageEstimate: 245000,
    hasFbm: false,
    isSelfEmployed: false,
    creditRange: "veryGood",
    zip: "92116",
    propertyUsage: "secondHome",
    creditScore: 741,
    hasCoborrower: coborrower,
    mortgageBalance: 241300,
  },
  ...(coborrower
    ? { coborrower: { firstName: "Luis", lastName: "Alvarez", email: "luis.alvarez@example.com" } }
    : {}),
});

/**
 * The repository's definitions with changes a product owner might make: a home value limit
 * tightened to $500,000, a middle name now required on the name step and of a co-borrower, and
 * second homes no longer offered (property use is asked in variant one only).
 */
function changed() {
  const copy = copyDefinitions();
  capPropertyValue(copy);
  const requireMiddleName = (who: string) => (step: any) => {
    step.schema.properties[who].properties.middleName = {
      $ref: "../../schemas/user.json#/properties/middleName",
    };
    step.schema.properties[who].required.push("middleName");
    // Its place on the form too, where the step orders its fields (a list without it draws no form).
    step.uiSchema?.[who]?.["ui:order"]?.push("middleName");
  };
  copy.edit("steps/initial-setup/name.json", requireMiddleName("user"));
  copy.edit("steps/initial-setup/coborrower.json", requireMiddleName("coborrower"));
  copy.edit("steps/initial-setup/property-usage.json", (step) => {
    step.checks = [
      {
        id: "propertyUsage.no-second-homes",
        description: "Lines on second homes are no longer offered.",
        field: "/setup/propertyUsage",
        logic: { "!=": [{ var: "setup.propertyUsage" }, "secondHome"] },
        message: "We no longer offer lines on second homes",
      },
    ];
  });
  const { defs, problems } = loadCopy(copy);
  expect(problems).toEqual([]);
  return defs;
}

const defs = changed();
const listed = (d: typeof defs, application: unknown, status: string, variant = "variantOne") =>
  invalidSteps(d, { application, status, variant, today }).map((s) => s.stepId);

describe("re-checking saved answers after the definitions change", () => {
  it("finds nothing to answer again while the definitions accept every saved answer", () => {
    expect(listed(repo.defs, early({ coborrower: true }), "previewOffer")).toEqual([]);
  });

  it("lists the steps whose saved answers the changed definitions refuse, in path order, with the failing fields", () => {
    expect(
      invalidSteps(defs, { application: early(), status: "previewOffer", variant: "variantOne", today }),
    ).toEqual([
      { stepId: "name", pointers: ["/user/middleName"] },
      { stepId: "propertyValue", pointers: ["/setup/propertyValue"] },
      { stepId: "propertyUsage", pointers: ["/setup/propertyUsage"] },
    ]);
  });

  it("does not list a changed step whose saved answers still pass", () => {
    const application = early({ propertyValue: 450000 });
    application.user = { ...application.user, middleName: "Luisa" } as typeof application.user;
    expect(listed(defs, application, "previewOffer")).toEqual(["propertyUsage"]);
  });

  it("never lists the applicant's current step or a step beyond it", () => {
    expect(listed(defs, early(), "propertyValue")).toEqual(["name"]);
    expect(listed(defs, early(), "mortgageEstimate")).toEqual(["name", "propertyValue"]);
    expect(listed(defs, early(), "name")).toEqual([]);
  });

  it("never lists a step off the applicant's path: the co-borrower's only with a co-borrower, property use only in variant one", () => {
    expect(
      pathTo(defs, { application: early(), status: "previewOffer", variant: "variantOne", today }),
    ).not.toContain("coborrower");
    expect(listed(defs, early({ coborrower: true }), "previewOffer")).toEqual([
      "name",
      "propertyValue",
      "propertyUsage",
      "coborrower",
    ]);
    expect(listed(defs, early(), "previewOffer", "variantTwo")).toEqual(["name", "propertyValue"]);
  });

  it("never lists a display-only step", () => {
    expect(
      pathTo(defs, { application: early(), status: "application", variant: "variantOne", today }),
    ).toContain("previewOffer");
    expect(listed(defs, early(), "application")).not.toContain("previewOffer");
  });

  it("does not ask again for a one-time code the step only checked (setupVerify's otpCode is never saved)", () => {
    const setUp = {
      ...early(),
      user: { ...early().user, phone: "3035550142", phoneVerifiedAt: "2026-11-20T10:00:00.000Z" },
      consents: {
        electronicCommunications: { accepted: true },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    };
    expect(
      pathTo(repo.defs, { application: setUp, status: "application", variant: "variantOne", today }),
    ).toContain("setupVerify");
    expect(listed(repo.defs, setUp, "application")).toEqual([]);
  });

  it("sends an applicant already past the offer back to consents the definitions now ask for", () => {
    const before = { ...early(), user: { ...early().user, phone: "3035550142" } };
    expect(
      invalidSteps(repo.defs, { application: before, status: "application", variant: "variantOne", today }),
    ).toEqual([
      {
        stepId: "setupConsent",
        pointers: [
          "/consents",
          "/consents/electronicCommunications/accepted",
          "/consents/creditCheck/accepted",
          "/consents/privacyNotice/accepted",
        ],
      },
    ]);
  });

  it("does not re-open a submitted application", () => {
    expect(isFinalStatus(defs, "applicationSubmitted")).toBe(true);
    expect(isFinalStatus(defs, "application5")).toBe(false);
    expect(isFinalStatus(defs, "previewOffer")).toBe(false);
  });
});

describe("answering again", () => {
  // The saved steps once the re-check took off the two whose answers fail: the path leads back through them, and only them.
  const upToOffer = [
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
  const kept = upToOffer.filter((id) => id !== "name" && id !== "propertyValue");
  const due = (completed: string[], application: unknown) =>
    journeyOf(defs, { application, completed, variant: "variantOne", today }).due;
  const fixed = (propertyValue: number) => {
    const application = early({ propertyValue });
    application.user = { ...application.user, middleName: "Luisa" } as typeof application.user;
    application.setup.propertyUsage = "primaryResidence";
    return application;
  };

  it("starts at the first step to answer again, even the funnel's first question", () => {
    expect(due(kept, fixed(585000))).toBe("name");
  });

  it("goes to the next step still to answer, past the ones whose answers stand", () => {
    expect(due([...kept, "name"], fixed(585000))).toBe("propertyValue");
  });

  it("returns to where the applicant was once nothing is left", () => {
    expect(due([...kept, "name", "propertyValue"], fixed(450000))).toBe("setupPhone");
  });

  it("puts on the path a step the new answer calls for (a co-borrower named now)", () => {
    const application = { ...fixed(450000), setup: { ...fixed(450000).setup, hasCoborrower: true } };
    expect(due([...kept, "name", "propertyValue"], application)).toBe("coborrower");
  });
});
