// A notice PDF is the consumer's text: its version and SHA-256 are the record's, kept in the file's
// properties, not printed in what the consumer reads (issue 37, item 9).
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderNoticePdf } from "@server/features/esign/pdf";
import { pdfProse } from "../helpers/pdf";

const sha256 = "a".repeat(64);
const notice = () =>
  renderNoticePdf({
    meta: {
      title: "Notice",
      subject: "Application app-1",
      keywords: ["adverse action", "app-1"],
      author: "Sample Lender",
      creator: "test",
      date: new Date("2026-11-20T12:00:00Z"),
    },
    footer: "Notice of action taken",
    documents: [
      {
        id: "adverse-action-notice",
        title: "Notice of action taken",
        version: "AAN-2026.3",
        sha256,
        sourceSha256: "b".repeat(64),
        values: {},
        body: "# Notice of action taken\n\nWe are unable to approve your application.",
      },
    ],
  });

describe("a notice PDF", () => {
  it("prints the notice's own text without a Version or SHA-256 line", async () => {
    const text = pdfProse(await notice());
    expect(text).toContain("We are unable to approve your application.");
    expect(text).not.toMatch(/Version|SHA-256|AAN-2026\.3/);
    expect(text).not.toContain(sha256);
  });

  it("keeps the version and SHA-256 of the text in the file's properties", async () => {
    const pdf = await PDFDocument.load(await notice(), { updateMetadata: false });
    const keywords = pdf.getKeywords() ?? "";
    expect(keywords).toContain("adverse-action-notice@AAN-2026.3");
    expect(keywords).toContain(sha256);
  });
});
