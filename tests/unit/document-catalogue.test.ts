// The document catalogue (rules/document-types.json): one entry per document type that the rules,
// the checklist, the portal and the identity review read, and that npm run check holds every other
// file to.
import { describe, expect, it } from "vitest";
import {
  acceptedSubtypes,
  documentKind,
  documentTitle,
  idTypeSides,
  idTypeTitle,
  isSatisfied,
  photoIdType,
  stillNeeded,
} from "@engine/lending/catalogue";
import { enumTitles, requirementsOf } from "@engine/lending/documents";
import { repo } from "../helpers/definitions";

const { defs } = repo;

describe("the document catalogue", () => {
  it("gives each document type its title, label, count, subtypes, sides and applicant text", () => {
    expect(documentKind(defs, "paystub")).toEqual({
      title: "Pay stubs",
      label: "Most recent pay stubs",
      count: 4,
      subtypes: [],
      sides: [],
      applicantText: expect.stringMatching(/what you earn now/),
    });
    expect(documentKind(defs, photoIdType(defs))).toMatchObject({ count: 1, sides: ["front", "back"] });
    expect(documentKind(defs, "not_a_document")).toBeUndefined();
    expect(documentKind(defs, "constructor")).toBeUndefined();
    expect(documentTitle(defs, "not_a_document")).toBe("not_a_document");
  });

  it("gives each photo ID type its title and sides: a passport its front, an unknown type front and back", () => {
    expect(idTypeTitle(defs, "passport")).toBe("Passport");
    expect(idTypeSides(defs, "passport")).toEqual(["front"]);
    expect(idTypeSides(defs, "military_id")).toEqual(["front", "back"]);
    expect(idTypeSides(defs, "library_card")).toEqual(["front", "back"]);
    expect(idTypeSides(defs, null)).toEqual(["front", "back"]);
  });

  it("is what the requirements carry: a lender's request for a photo ID accepts every ID type", () => {
    const doc = { user: {}, uploadRequests: [{ documentType: "alimony_proof", shouldSkip: false }] };
    const [alimony] = requirementsOf(defs, doc, "2026-11-20").filter(
      (r) => r.documentType === "alimony_proof",
    );
    expect(alimony).toMatchObject({ count: 1, label: documentKind(defs, "alimony_proof")!.label });
    expect(alimony!.subtypes).toEqual(documentKind(defs, "alimony_proof")!.subtypes);
  });

  it("gives a condition that lists no subtypes its document type's (condition 100: every ID type)", () => {
    const conditions = (defs.params.conditions as { conditions: Record<string, { subtypes: string[] }> })
      .conditions;
    expect(acceptedSubtypes(defs, "id_document", conditions["100"]!.subtypes)).toEqual(
      documentKind(defs, "id_document")!.subtypes,
    );
    expect(acceptedSubtypes(defs, "id_document", conditions["110"]!.subtypes)).toEqual([
      "employment_authorization",
      "visa",
    ]);
  });

  it("agrees with the enumerations that validate uploads (schemas/enums.json)", () => {
    for (const [type, title] of enumTitles(defs, "documentType"))
      expect(documentTitle(defs, type)).toBe(title);
    for (const [type, title] of enumTitles(defs, "idDocumentSubtype"))
      expect(idTypeTitle(defs, type)).toBe(title);
  });
});

describe("a requirement is satisfied", () => {
  it("once as many files are in as it needs, and not before", () => {
    expect(isSatisfied({ count: 4, uploaded: 3 })).toBe(false);
    expect(isSatisfied({ count: 4, uploaded: 4 })).toBe(true);
    expect(isSatisfied({ count: 1, uploaded: 2 })).toBe(true);
    expect(stillNeeded({ count: 4, uploaded: 1 })).toBe(3);
    expect(stillNeeded({ count: 1, uploaded: 2 })).toBe(0);
  });
});
