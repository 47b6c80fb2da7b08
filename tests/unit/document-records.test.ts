// A document's record (server/features/esign/documents.ts signedDocument) is stored inside the
// application and the loan file, whose schemas refuse a property they do not name. Every field the
// record carries must be named where it is stored: the language it gained with issue 41 was not, and
// every save after a decline, and every move after a closing package, failed with a 500.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { signedDocument } from "@server/features/esign/documents";

const schema = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, "schemas", file), "utf8"));
const record = (() => {
  const { text: _text, ...fields } = signedDocument(
    {
      id: "notice",
      title: "A notice",
      version: "1",
      source: "Hello {{name}}",
      body: "Hello {{name}}",
      language: "es",
    },
    { name: "Ana" },
  );
  return fields;
})();

describe("a document's record, where it is kept", () => {
  it.each([
    [
      "the loan file's documents (closing package, notices)",
      () => schema("loan-file.json").$defs.documentRecord,
    ],
    ["a decision's notice", () => schema("decision.json").properties.notice],
  ])("names every field of the record in %s", (_where, at) => {
    const kept = at() as { properties: Record<string, unknown>; additionalProperties?: boolean };
    expect(kept.additionalProperties).toBe(false);
    expect(Object.keys(record).filter((key) => !(key in kept.properties))).toEqual([]);
  });
});
