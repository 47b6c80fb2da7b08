// The document checklist says why each document is asked for in the applicant's words
// (the document catalogue rules/document-types.json, read through engine/lending/documents.ts), not in
// the rules' descriptions, which are written for compliance review.
import { describe, expect, it } from "vitest";
import { documentTypes } from "@engine/lending/catalogue";
import { applicantText } from "@engine/lending/documents";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const descriptions = (defs.ruleSets.get("documents")?.def.rules ?? []).map((r) => r.description);

describe("the applicant's text for a document", () => {
  it("exists for every document type the checklist can show, and is one short sentence or two", () => {
    for (const type of documentTypes(defs)) {
      const text = applicantText(defs, type);
      expect(text, type).toBeTypeOf("string");
      expect(text!.length, type).toBeLessThanOrEqual(120);
      expect(text, type).toMatch(/\.$/);
    }
  });

  it("is not the underwriting rule's description", () => {
    const texts = documentTypes(defs).map((type) => applicantText(defs, type));
    for (const text of texts) expect(descriptions).not.toContain(text);
    expect(applicantText(defs, "paystub")).not.toMatch(/25%|borrower|params\./);
  });

  it("is null for a document type the data has no text for", () => {
    expect(applicantText(defs, "not_a_document")).toBeNull();
    expect(applicantText(defs, "toString")).toBeNull();
  });
});
