// npm run check on the document catalogue (rules/documents.json and its readers), on edited copies of the
// definitions: the slow half of tests/unit/document-catalogue.test.ts, kept out of the everyday loop.
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";
const problemsAfter = (edit: (copy: ReturnType<typeof copyDefinitions>) => void) => {
  const copy = copyDefinitions();
  edit(copy);
  return loadCopy(copy).problems.map(problemText);
};

describe("npm run check, on the document catalogue", () => {
  it("passes the repository's definitions", () => {
    expect(repo.problems.map(problemText)).toEqual([]);
  });

  it("refuses a rule that asks for a document type the catalogue does not list", () => {
    const messages = problemsAfter((copy) =>
      copy.edit("rules/documents.json", (documents) => (documents.rules[1].require = "paystubs")),
    );
    expect(
      messages.some((m) => m.includes("/rules/1/require") && m.includes('unknown document type "paystubs"')),
    ).toBe(true);
  });

  it("refuses a document type without a label, naming the field", () => {
    const messages = problemsAfter((copy) =>
      copy.edit("rules/document-types.json", (catalogue) => delete catalogue.params.types.w2.label),
    );
    expect(messages.some((m) => m.includes("/params/types/w2") && m.includes("label"))).toBe(true);
  });

  it("refuses a condition, a property document list or the photo ID naming an unknown type", () => {
    const messages = problemsAfter((copy) => {
      copy.edit("rules/conditions.json", (c) => (c.params.conditions["405"].documentType = "paystubz"));
      copy.edit("rules/documents.json", (d) => d.params.propertyDocumentTypes.push("deed"));
    });
    expect(
      messages.some((m) => m.includes("/params/conditions/405/documentType") && m.includes("paystubz")),
    ).toBe(true);
    expect(messages.some((m) => m.includes("/params/propertyDocumentTypes/7") && m.includes('"deed"'))).toBe(
      true,
    );
  });

  it("refuses a condition accepting a subtype its document type does not have", () => {
    const messages = problemsAfter((copy) =>
      copy.edit("rules/conditions.json", (c) => (c.params.conditions["110"].subtypes = ["library_card"])),
    );
    expect(messages.some((m) => m.includes("/params/conditions/110/subtypes/0"))).toBe(true);
  });

  it("refuses an ID type added in one place only: to the catalogue, or to the schema's enumeration", () => {
    const inCatalogue = problemsAfter((copy) =>
      copy.edit("rules/document-types.json", (catalogue) => {
        catalogue.params.idTypes.tribal_id = { title: "Tribal ID", sides: ["front", "back"] };
        catalogue.params.types.id_document.subtypes.push("tribal_id");
      }),
    );
    expect(
      inCatalogue.some((m) => m.includes("/params/idTypes/tribal_id") && m.includes("schemas/enums.json")),
    ).toBe(true);
    const retitled = problemsAfter((copy) =>
      copy.edit("rules/document-types.json", (catalogue) => {
        catalogue.params.idTypes.visa.title = "Visa (foreign)";
      }),
    );
    expect(retitled.some((m) => m.includes("idDocumentSubtype") && m.includes("Visa (foreign)"))).toBe(true);
  });
});
