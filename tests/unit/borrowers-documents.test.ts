// The one home of borrower and document knowledge (engine/lending/borrowers.ts, engine/lending/documents.ts):
// roles, names, the words that address each borrower and the photo ID's sides all come from the
// rule files, so a change there reaches server and web alike.
import { describe, expect, it } from "vitest";
import {
  addressLine,
  borrowerName,
  borrowerRoles,
  isBorrowerRole,
  isUploadOf,
  ownerRole,
  roleWords,
} from "@engine/lending/borrowers";
import {
  chosenIdType,
  idDocumentType,
  idHolders,
  idSides,
  idUploadsOf,
  requirementsOf,
} from "@engine/lending/documents";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The day the identity-documents rule set decides on (it reads none: any day gives the same holders). */
const TODAY = "2026-11-22";

describe("borrowers", () => {
  it("are the borrower who owns the application, then the co-borrower, as rules/members.json lists them", () => {
    expect(borrowerRoles(defs)).toEqual(["borrower", "coborrower"]);
    expect(ownerRole(defs)).toBe("borrower");
    expect(isBorrowerRole(defs, "coborrower")).toBe(true);
    expect(isBorrowerRole(defs, "joint")).toBe(false);
  });

  it("are named by their own first and last name", () => {
    const doc = {
      user: { firstName: "Dana", lastName: "Rivera" },
      coborrower: { firstName: "Sam", lastName: "" },
    };
    expect(borrowerName(defs, doc, "borrower")).toBe("Dana Rivera");
    expect(borrowerName(defs, doc, "coborrower")).toBe("Sam");
    expect(borrowerName(defs, {}, "coborrower")).toBeNull();
  });

  it("are spoken of to the applicant as you and your co-borrower", () => {
    expect(roleWords(defs, "borrower")).toEqual({ who: "you", whose: "your", own: "your" });
    expect(roleWords(defs, "coborrower")).toEqual({
      who: "your co-borrower",
      whose: "your co-borrower's",
      own: "their",
    });
  });

  it("own the uploads flagged for them: the co-borrower's carry isCoborrower", () => {
    expect(isUploadOf(defs, { isCoborrower: true }, "coborrower")).toBe(true);
    expect(isUploadOf(defs, {}, "borrower")).toBe(true);
    expect(isUploadOf(defs, { isCoborrower: true }, "borrower")).toBe(false);
  });
});

describe("an address in one line", () => {
  it("reads street, unit, city, state and zip from the parts present", () => {
    expect(
      addressLine({
        line1: "1200 Larimer Street",
        line2: "Unit 4",
        city: "Denver",
        state: "CO",
        zip: "80205",
        county: "Denver",
      }),
    ).toBe("1200 Larimer Street, Unit 4, Denver, CO 80205");
    expect(addressLine({ city: " Denver ", zip: "80205" })).toBe("Denver, 80205");
    expect(addressLine({})).toBeNull();
  });
});

describe("photo IDs", () => {
  it("are the document type the document catalogue (rules/document-types.json) names", () => {
    expect(idDocumentType(defs)).toBe("id_document");
  });

  it("need only the front of a passport, the front and back of a driver's license, and both when the type is unknown", () => {
    expect(idSides(defs, "passport")).toEqual(["front"]);
    expect(idSides(defs, "driver_license")).toEqual(["front", "back"]);
    expect(idSides(defs, "library_card")).toEqual(["front", "back"]);
  });

  it("are the type each borrower chose on the identity-verification step", () => {
    const doc = {
      setup: { hasCoborrower: true },
      identityVerification: { borrower: { idType: "passport" }, coborrower: { idType: "visa" } },
    };
    expect(chosenIdType(doc, "borrower")).toBe("passport");
    expect(chosenIdType(doc, "coborrower")).toBe("visa");
    expect(chosenIdType({}, "borrower")).toBeNull();
    expect(idHolders(defs, doc, TODAY)).toEqual(["borrower", "coborrower"]);
    expect(idHolders(defs, { ...doc, setup: { hasCoborrower: false } }, TODAY)).toEqual(["borrower"]);
  });

  it("are counted per borrower among the uploads", () => {
    const doc = {
      uploads: [
        { type: "id_document", side: "front" },
        { type: "id_document", side: "front", isCoborrower: true },
        { type: "w2" },
      ],
    };
    expect(idUploadsOf(defs, doc, "coborrower")).toEqual([
      { type: "id_document", side: "front", isCoborrower: true },
    ]);
  });

  it("are asked of every borrower, with the rule that asks and why", () => {
    const required = requirementsOf(
      defs,
      { setup: { hasCoborrower: false }, user: { firstName: "Dana" } },
      "2026-01-15",
    );
    const photo = required.find((r) => r.documentType === "id_document");
    expect(photo).toMatchObject({ borrower: "borrower", propertyId: null, count: 1, uploaded: 0 });
    expect(photo?.ruleId).toMatch(/^documents\./);
    expect(photo?.reason).not.toBe("");
  });
});
