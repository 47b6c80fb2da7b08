// The CFPB booklet (Regulation Z 1026.40(e)): the lender profile names where it is (the CFPB's
// address, and optionally a PDF the lender supplies, served from this site), and the booklet
// disclosure links to it rather than giving only our summary. A live profile without it is refused.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { BOOKLET_PDF_ROUTE, lenderTokens } from "@engine/lending/lender";
import { bookletGaps, bookletPdfFile, readLenderProfile } from "@engine/lending/lender-file";
import { fillTokens, readDisclosure } from "@server/features/esign/documents";
import { disclosureValues } from "@server/features/esign/values";
import { fillValues } from "@web/src/pages/funnel/displays/disclosure-values";
import { repo } from "../helpers/definitions";
import { productionLender } from "../helpers/lender";

const CFPB = "https://files.consumerfinance.gov/f/documents/cfpb_heloc-brochure.pdf";
const booklet = readDisclosure("heloc-booklet")!;
/** The day the offer is worked out on (the repository's pricing reads none). */
const TODAY = "2026-11-22";
const withPdf = (pdfPath: string | null) => ({
  ...productionLender,
  heloc: { ...productionLender.heloc, booklet: { url: CFPB, pdfPath } },
});

describe("the CFPB booklet in the lender profile", () => {
  it("is the CFPB's own booklet in the sample profile", () => {
    expect(readLenderProfile().heloc.booklet).toEqual({ url: CFPB, pdfPath: null });
  });

  it("links the CFPB's address, or the lender's PDF on this site when one is supplied", () => {
    expect(lenderTokens(withPdf(null))).toMatchObject({ bookletUrl: CFPB, bookletHref: CFPB });
    expect(lenderTokens(withPdf("content/booklet/heloc.pdf"))).toMatchObject({
      bookletUrl: CFPB,
      bookletHref: BOOKLET_PDF_ROUTE,
    });
  });

  it("refuses a booklet PDF that is not there or is not a PDF, naming the field", () => {
    expect(bookletGaps(withPdf(null))).toEqual([]);
    expect(bookletGaps(withPdf("/no/such/booklet.pdf"))).toEqual([
      "/heloc/booklet/pdfPath names no readable file (/no/such/booklet.pdf)",
    ]);
    const dir = mkdtempSync(join(tmpdir(), "booklet-"));
    writeFileSync(join(dir, "text.pdf"), "not a pdf");
    writeFileSync(join(dir, "real.pdf"), "%PDF-1.7\n");
    expect(bookletGaps(withPdf(join(dir, "text.pdf")))).toEqual([
      `/heloc/booklet/pdfPath is not a PDF (${join(dir, "text.pdf")})`,
    ]);
    expect(bookletGaps(withPdf(join(dir, "real.pdf")))).toEqual([]);
    expect(bookletPdfFile(withPdf("content/x.pdf"))).toMatch(/\/content\/x\.pdf$/);
  });
});

describe("the booklet disclosure (content/disclosures/heloc-booklet.md)", () => {
  it("hosts the booklet's text and links to the CFPB's, as the applicant reads it and as the signature hashes it (12 CFR 1026.40(e))", () => {
    const values = disclosureValues(repo.defs, {}, { site: {}, lender: productionLender, today: TODAY });
    const signed = fillTokens(booklet.source, values);
    // The text is the product's own copy, stating its source.
    expect(signed).toContain("## What a HELOC is");
    expect(signed).toContain(`Source: the CFPB, which publishes its current booklet at ${CFPB}.`);
    expect(signed).toContain(`You can also [open the CFPB's own booklet](${CFPB}).`);
    // The page: the build's Markdown (its link target URL-encoded), filled with the same values.
    const page = fillValues(marked.parse(booklet.body, { async: false, gfm: true }), values);
    expect(page).toContain(`<a href="${CFPB}" target="_blank" rel="noopener noreferrer">open the CFPB`);
  });

  it("links the lender's PDF on this site when the profile supplies one", () => {
    const values = disclosureValues(
      repo.defs,
      {},
      { site: {}, lender: withPdf("content/booklet/heloc.pdf"), today: TODAY },
    );
    const page = fillValues(marked.parse(booklet.body, { async: false, gfm: true }), values);
    expect(page).toContain(`<a href="${BOOKLET_PDF_ROUTE}">open the CFPB`);
  });

  it("never turns a value that is not an address into a link", () => {
    expect(fillValues('<a href="%7B%7Bx%7D%7D">go</a>', { x: "javascript:alert(1)" })).toBe(
      '<a href="#">go</a>',
    );
    expect(fillValues('<a href="%7B%7Bx%7D%7D">go</a>', {})).toBe('<a href="#">go</a>');
  });

  it("leaves no note for the lender in the text", () => {
    expect(booklet.source).not.toMatch(/<!--/);
  });
});
