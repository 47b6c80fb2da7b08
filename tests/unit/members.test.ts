// engine/funnel/members.ts: which part of an application each borrower sees and changes (rules/members.json).
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { stepById } from "@engine/definitions/definitions";
import { nextStep, previousStep } from "@engine/funnel/funnel";
import { journeyOf } from "@engine/funnel/journey";
import {
  activeRoles,
  documentsFor,
  keepToPart,
  partOf,
  schemaForPart,
  uiSchemaForPart,
  viewFor,
} from "@engine/funnel/members";
import { funnelPosition } from "@engine/form/progress";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the members rule set decides on (the repository's reads none: any day gives the same parts). */
const TODAY = "2026-11-22";
const invited = {
  setup: { hasCoborrower: true },
  coborrowerInvite: { answeredBy: "coborrower", email: "sam@example.com" },
  user: { firstName: "Maria", lastName: "Alvarez", ssn: "518274961" },
  coborrower: { firstName: "Sam", lastName: "Lee", email: "sam@example.com", ssn: "123456789" },
  property: { line1: "2417 W Swann Ave" },
};
/** What the co-borrower always gives themselves, whoever answers the rest of their part (rules/members.json `signs`). */
const THEIR_OWN = [
  "/coborrowerConsents",
  "/coborrower/demographics",
  "/coborrower/declarations",
  "/coborrowerAttestation",
  "/coborrowerEsign",
];
const coborrower = partOf(defs, "coborrower", invited, TODAY);
const borrower = partOf(defs, "borrower", invited, TODAY);

describe("members", () => {
  it("gives the co-borrower their own part once the borrower invites them, and takes it from the borrower", () => {
    expect(activeRoles(defs, invited, TODAY)).toEqual(["coborrower"]);
    // Their answers and the photo ID they will use, and what they always give themselves.
    const theirs = ["/coborrower", "/identityVerification/coborrower", ...THEIR_OWN];
    expect(coborrower).toEqual({ role: "coborrower", only: theirs, except: [], access: "answers" });
    expect(borrower).toEqual({
      role: "borrower",
      only: null,
      except: theirs,
      refused: THEIR_OWN,
      access: null,
    });
  });

  it("leaves the borrower the co-borrower's part when they answer for them, but never the co-borrower's consents, demographics, declarations, attestation and signature (12 CFR 1003.4(a)(10)(i))", () => {
    const answered = { ...invited, coborrowerInvite: { answeredBy: "borrower" } };
    expect(partOf(defs, "borrower", answered, TODAY)).toEqual({
      role: "borrower",
      only: null,
      except: THEIR_OWN,
      refused: THEIR_OWN,
      access: null,
    });
    expect(partOf(defs, "coborrower", answered, TODAY)).toEqual({
      role: "coborrower",
      only: THEIR_OWN,
      except: [],
      access: "signs",
    });
    expect(
      documentsFor(defs, partOf(defs, "coborrower", answered, TODAY), answered, TODAY)("coborrower"),
    ).toBe(false);
    expect(documentsFor(defs, partOf(defs, "borrower", answered, TODAY), answered, TODAY)("coborrower")).toBe(
      true,
    );
  });

  it("gives a borrower applying alone the whole application", () => {
    const alone = { ...invited, setup: { hasCoborrower: false } };
    expect(activeRoles(defs, alone, TODAY)).toEqual([]);
    expect(partOf(defs, "borrower", alone, TODAY)).toEqual({
      role: "borrower",
      only: null,
      except: [],
      refused: [],
      access: null,
    });
  });

  it("shows the co-borrower their part and the shared facts, never the borrower's identifiers", () => {
    expect(viewFor(defs, coborrower, invited, TODAY)).toEqual({
      coborrower: invited.coborrower,
      user: { firstName: "Maria", lastName: "Alvarez" },
      setup: { hasCoborrower: true },
      property: invited.property,
    });
    const signing = { ...invited, coborrowerInvite: { answeredBy: "borrower" } };
    // While the borrower answers for them, they read their own part to review it before they sign.
    expect(viewFor(defs, partOf(defs, "coborrower", signing, TODAY), signing, TODAY)).toEqual({
      coborrower: invited.coborrower,
      user: { firstName: "Maria", lastName: "Alvarez" },
      setup: { hasCoborrower: true },
      property: invited.property,
    });
  });

  it("shows the borrower the co-borrower's name and email only", () => {
    expect(viewFor(defs, borrower, invited, TODAY).coborrower).toEqual({
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
    });
  });

  it("keeps a save to the saver's part: the other borrower's answers stay as stored", () => {
    const sent = { ...invited, user: { firstName: "Mallory" }, coborrower: { firstName: "Samuel" } };
    expect(keepToPart(coborrower, invited, sent)).toEqual({
      ...invited,
      coborrower: { firstName: "Samuel" },
    });
    expect(keepToPart(borrower, invited, sent)).toEqual({ ...sent, coborrower: invited.coborrower });
  });

  it("renders only the reader's part of a shared step, without the other's required answers", () => {
    const schema = schemaForPart(bundleStepSchema(defs, "application5"), coborrower);
    expect(Object.keys(schema.properties as object)).toEqual(["coborrower"]);
    expect(schema.required ?? []).not.toContain("user");
    const ui = uiSchemaForPart(
      stepById(defs, "application5").uiSchema as Record<string, unknown>,
      coborrower,
    );
    expect(ui).not.toHaveProperty("user");
    expect(ui["ui:order"]).toEqual(["coborrower"]);
    const borrowers = schemaForPart(bundleStepSchema(defs, "application5"), borrower);
    expect(Object.keys(borrowers.properties as object)).toEqual(["user"]);
  });

  it("leaves the co-borrower's details out of the borrower's progress once the co-borrower answers them", () => {
    const ids = (part: typeof borrower | null) =>
      funnelPosition(defs, "application3", { application: invited, part, today: TODAY })!.steps.map(
        (s) => s.id,
      );
    expect(ids(null)).toContain("application2");
    expect(ids(borrower)).not.toContain("application2");
    expect(ids(borrower)).toContain("application5");
  });

  it("gives each borrower their own documents", () => {
    expect(documentsFor(defs, coborrower, invited, TODAY)("coborrower")).toBe(true);
    expect(documentsFor(defs, coborrower, invited, TODAY)("borrower")).toBe(false);
    expect(documentsFor(defs, borrower, invited, TODAY)("coborrower")).toBe(false);
    expect(documentsFor(defs, borrower, invited, TODAY)(null)).toBe(true);
  });

  it("walks the co-borrower through their own flow, not the borrower's", () => {
    expect(nextStep(defs, "application2", invited, { flow: "coborrower", today: TODAY }).stepId).toBe(
      "application4",
    );
    expect(previousStep(defs, "application5", invited, { flow: "coborrower", today: TODAY })).toBe(
      "application4",
    );
    expect(nextStep(defs, "application", invited, { today: TODAY }).stepId).toBe("coborrowerInvite");
    const due = (completed: string[]) =>
      journeyOf(defs, { application: invited, completed, flow: "coborrower", part: coborrower, today: TODAY })
        .due;
    expect(due([])).toBe("coborrowerConsent");
    expect(due(["coborrowerConsent"])).toBe("application2");
    // After signing, they choose their own photo ID, then upload their documents.
    expect(
      due([
        "coborrowerConsent",
        "application2",
        "application4",
        "application5",
        "manualIncomeVerification",
        "application7",
        "application8",
        "coborrowerSign",
      ]),
    ).toBe("identityVerification");
    expect(
      due([
        "coborrowerConsent",
        "application2",
        "application4",
        "application5",
        "manualIncomeVerification",
        "application7",
        "application8",
        "coborrowerSign",
        "identityVerification",
        "incomeDocs",
      ]),
    ).toBe("applicationProgress");
  });

  it("has a co-borrower the borrower answered for give their demographics and declarations, then review and attest their part, before they sign (12 CFR 1003.4(a)(10)(i))", () => {
    const signing = { ...invited, coborrowerInvite: { answeredBy: "borrower" } };
    const due = (completed: string[]) =>
      journeyOf(defs, {
        application: signing,
        completed,
        flow: "coborrowerSigning",
        part: partOf(defs, "coborrower", signing, TODAY),
        today: TODAY,
      }).due;
    expect(due([])).toBe("coborrowerConsent");
    expect(due(["coborrowerConsent"])).toBe("application7");
    expect(due(["coborrowerConsent", "application7"])).toBe("application8");
    expect(due(["coborrowerConsent", "application7", "application8"])).toBe("coborrowerReview");
    expect(due(["coborrowerConsent", "application7", "application8", "coborrowerReview"])).toBe(
      "coborrowerSign",
    );
  });
});

describe("a member's access on a day", () => {
  // The members rule set as it might be written to end an invite's access on a date: the day it
  // decides on must be the server's (its clock, as its walks'), not the machine's.
  const members = defs.ruleSets.get("members")!;
  const until2030 = {
    id: "members.answers-until-2030",
    description: "The co-borrower answers their part until 2030.",
    output: "coborrower",
    when: {
      and: [{ "==": [{ var: "setup.hasCoborrower" }, true] }, { "<": [{ var: "today" }, "2030-01-01"] }],
    },
    value: "answers",
  };
  const dated = {
    ...defs,
    ruleSets: new Map(defs.ruleSets).set("members", {
      ...members,
      def: { ...members.def, rules: [until2030, ...(members.def.rules ?? []).slice(1)] },
    }),
  };

  it("is decided on the day the server gives, not the machine's", () => {
    const doc = { setup: { hasCoborrower: true } };
    expect(partOf(dated, "coborrower", doc, "2029-12-31").access).toBe("answers");
    expect(partOf(dated, "coborrower", doc, "2030-01-02").access).toBe("signs");
    expect(activeRoles(dated, doc, "2030-01-02")).toEqual(["coborrower"]);
  });
});
