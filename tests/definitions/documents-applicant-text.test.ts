// The applicant's text for a document, read from an edited copy of the catalogue: the slow part of
// tests/unit/documents-applicant-text.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { applicantText } from "@engine/lending/documents";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("the applicant's text for a document", () => {
  it("is read from the document catalogue", () => {
    const copy = copyDefinitions();
    copy.edit("rules/document-types.json", (catalogue) => {
      catalogue.params.types.paystub.applicantText = "Your last four pay stubs.";
    });
    expect(applicantText(loadCopy(copy).defs, "paystub")).toBe("Your last four pay stubs.");
  });
});
