// The signed disclosures (and the signed closing package) as a PDF (pdf-lib): each document's text
// as the applicant read it, then a signature certificate page: who signed, when (UTC), from which
// IP address and browser, which documents by version and SHA-256, for which application. Notices (adverse action, the right to
// cancel) are the same document pages without the certificate (renderNoticePdf). Standard PDF fonts only (nothing to
// download or embed); a character they cannot show is written as <U+XXXX>, never silently changed.
// The same input always gives the same bytes (dates are the signing time), so the stored file is
// content-addressed like every other file.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { markdownBlocks } from "./text";
import type { BorrowerRole } from "@engine/lending/borrowers";

export interface PdfDocumentInput {
  id: string;
  title: string;
  version: string;
  sha256: string;
  sourceSha256: string;
  values: Record<string, string>;
  /** The Markdown body, tokens already filled in. */
  body: string;
}

export interface PdfSigner {
  /** The signature row's id (the closing package's signatures are kept by role, with no id of their own). */
  signatureId: string | null;
  signer: BorrowerRole;
  typedName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface SignedPdfInput {
  applicationId: string;
  lenderName: string;
  documents: PdfDocumentInput[];
  signers: PdfSigner[];
  /** What was signed: the funnel's disclosures (the default) or the closing package. */
  kind?: SignedKind;
}

type SignedKind = "disclosures" | "closingPackage";

/** Each signed file's title, footer, maker and the folder its documents' source files are in. */
const SIGNED_KINDS: Record<SignedKind, { title: string; footer: string; creator: string; folder: string }> = {
  disclosures: {
    title: "Signed disclosures: home equity line of credit",
    footer: "Signed disclosures",
    creator: "HELOC funnel e-sign",
    folder: "content/disclosures",
  },
  closingPackage: {
    title: "Signed closing package: home equity line of credit",
    footer: "Signed closing package",
    creator: "HELOC closing",
    folder: "content/closing",
  },
};

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const GRAY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

// Windows-1252 (WinAnsi), which the standard fonts encode: Latin-1 plus these.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const encodable = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/** Text the standard fonts can draw: other characters become <U+XXXX>. */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\t\r\n]+/g, " "))
    out += encodable(ch) ? ch : `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`;
  return out;
}

export const SIGNER_LABELS = { borrower: "Borrower", coborrower: "Co-borrower" } as const;

export const utcTime = (date: Date) =>
  `${date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, "")} UTC`;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Lines of a text wrapped to a width; a word longer than a line (a hash, a user agent) is broken. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  const space = measure(" ");
  let line = "";
  let lineWidth = 0;
  for (const word of pdfSafe(text).split(" ").filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    let restWidth = wordWidth;
    while (restWidth > width) {
      // A word longer than the line (a hash, a user agent): as many characters as fit.
      let cut = 1;
      while (cut < rest.length && measure(rest.slice(0, cut + 1)) <= width) cut++;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
      restWidth = measure(rest);
    }
    line = rest;
    lineWidth = restWidth;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {}

  newPage() {
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Keeps the next `points` together on one page. */
  need(points: number) {
    if (this.y - points < MARGIN) this.newPage();
  }

  text(
    text: string,
    {
      font = this.fonts.regular,
      size = 10,
      indent = 0,
      color = BLACK,
      gap = 4,
      hanging,
    }: {
      font?: PDFFont;
      size?: number;
      indent?: number;
      color?: ReturnType<typeof rgb>;
      gap?: number;
      hanging?: string;
    } = {},
  ) {
    const leading = size * 1.35;
    const lines = wrap(text, font, size, WIDTH - indent);
    lines.forEach((line, i) => {
      this.need(leading);
      if (i === 0 && hanging)
        this.page.drawText(pdfSafe(hanging), {
          x: MARGIN + indent - 14,
          y: this.y - size,
          size,
          font,
          color,
        });
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color });
      this.y -= leading;
    });
    this.y -= gap;
  }
}

/** A PDF's document properties. */
export interface PdfMeta {
  title: string;
  subject: string;
  keywords: string[];
  author: string;
  creator: string;
  /** Its creation date: the event it records (a signing, a decision), so the same input gives the same bytes. */
  date: Date;
}

/** A new PDF with its properties set and the standard fonts embedded, and a writer on it. */
async function openPdf(meta: PdfMeta): Promise<Writer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setSubject(meta.subject);
  pdf.setKeywords(meta.keywords);
  pdf.setAuthor(pdfSafe(meta.author));
  pdf.setCreator(meta.creator);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  return new Writer(pdf, fonts);
}

/**
 * One document from a new page: an optional banner (which copy this is), its title, then its text.
 * Its version and fingerprint are the record's, not the consumer's reading: they go in the file's
 * properties (documentKeywords) and, for a signed file, the signature certificate.
 */
function writeDocument(w: Writer, doc: PdfDocumentInput & { banner?: string }) {
  const { fonts } = w;
  w.newPage();
  if (doc.banner) w.text(doc.banner, { font: fonts.bold, size: 9, color: GRAY, gap: 6 });
  w.text(doc.title, { font: fonts.bold, size: 16, gap: 12 });
  const blocks = markdownBlocks(doc.body);
  // The page shows the title once; the text's own first heading repeats it.
  if (blocks[0]?.kind === "heading" && blocks[0].level === 1) blocks.shift();
  for (const block of blocks) {
    if (block.kind === "heading") {
      w.need(40);
      w.space(6);
      w.text(block.text, { font: fonts.bold, size: block.level <= 2 ? 12 : 11, gap: 4 });
    } else if (block.kind === "item") w.text(block.text, { indent: 18, hanging: block.marker, gap: 3 });
    else w.text(block.text, { gap: 7 });
  }
}

/** "<label> - page i of n" at the foot of every page, then the file's bytes. */
function finish(w: Writer, label: string): Promise<Uint8Array> {
  const pages = w.pdf.getPages();
  pages.forEach((page, i) => {
    page.drawText(pdfSafe(`${label} - page ${i + 1} of ${pages.length}`), {
      x: MARGIN,
      y: MARGIN - 24,
      size: 8,
      font: w.fonts.regular,
      color: GRAY,
    });
  });
  return w.pdf.save({ useObjectStreams: false });
}

/** The record of a document in the file's properties: "<id>@<version>" and the SHA-256 of its text. */
function documentKeywords(doc: PdfDocumentInput): string[] {
  return [`${doc.id}@${doc.version}`, doc.sha256];
}

/**
 * A notice as a PDF (an adverse action notice, a notice of the right to cancel): each document as
 * recorded, from its own page, with no signature certificate. Its text is drawn with the standard
 * fonts, so any PDF reader (and a test) can extract it.
 */
export interface NoticePdfInput {
  meta: PdfMeta;
  footer: string;
  documents: (PdfDocumentInput & { banner?: string })[];
}

export async function renderNoticePdf(input: NoticePdfInput): Promise<Uint8Array> {
  const w = await openPdf({
    ...input.meta,
    keywords: [...new Set([...input.meta.keywords, ...input.documents.flatMap(documentKeywords)])],
  });
  for (const doc of input.documents) writeDocument(w, doc);
  return finish(w, input.footer);
}

export async function renderSignedPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const signedAt = input.signers.reduce(
    (latest, s) => (s.signedAt > latest ? s.signedAt : latest),
    input.signers[0]?.signedAt ?? new Date(0),
  );
  const kind = SIGNED_KINDS[input.kind ?? "disclosures"];
  const w = await openPdf({
    title: kind.title,
    subject: `Application ${input.applicationId}: ${input.documents.map((d) => `${d.id} ${d.version}`).join(", ")}`,
    keywords: ["e-sign", input.applicationId, ...input.documents.flatMap(documentKeywords)],
    author: input.lenderName,
    creator: kind.creator,
    date: signedAt,
  });
  const { fonts } = w;
  for (const doc of input.documents) writeDocument(w, doc);

  // The signature certificate.
  w.newPage();
  w.text("Signature certificate", { font: fonts.bold, size: 16, gap: 6 });
  w.text(
    `The people below signed the documents of this file electronically, by typing their name, after consenting to electronic records and signatures. ${input.lenderName} recorded each signature with the time on its server, the IP address and browser the signature came from, and the SHA-256 fingerprint of the exact text of each document signed.`,
    { gap: 10 },
  );
  w.text(`Application: ${input.applicationId}`, { font: fonts.bold, gap: 12 });
  for (const s of input.signers) {
    w.need(110);
    w.text(SIGNER_LABELS[s.signer], { font: fonts.bold, size: 12, gap: 4 });
    w.text(`Typed name: ${s.typedName}`, { indent: 12, gap: 2 });
    w.text(`Signed at: ${utcTime(s.signedAt)}`, { indent: 12, gap: 2 });
    w.text(`IP address: ${s.ip ?? "not recorded"}`, { indent: 12, gap: 2 });
    w.text(`Browser (user agent): ${s.userAgent ?? "not recorded"}`, { indent: 12, gap: 2 });
    if (s.signatureId) w.text(`Signature id: ${s.signatureId}`, { indent: 12, gap: 2 });
    w.space(8);
  }
  w.need(60);
  w.space(4);
  w.text("Documents signed", { font: fonts.bold, size: 12, gap: 6 });
  input.documents.forEach((doc, i) => {
    w.need(70);
    w.text(`${i + 1}. ${doc.title}`, { font: fonts.bold, gap: 2 });
    w.text(`Document id: ${doc.id}    Version: ${doc.version}`, { indent: 12, gap: 2 });
    w.text(`SHA-256 of the text signed: ${doc.sha256}`, { indent: 12, font: fonts.mono, size: 8, gap: 2 });
    w.text(`SHA-256 of the source file: ${doc.sourceSha256}`, {
      indent: 12,
      font: fonts.mono,
      size: 8,
      gap: 2,
    });
    const values = Object.entries(doc.values).map(([k, v]) => `${k} = ${v}`);
    w.text(`Values filled in: ${values.length ? values.join("; ") : "none"}`, {
      indent: 12,
      size: 9,
      gap: 8,
    });
  });
  w.space(4);
  w.text(
    `How to check a fingerprint: take the document's source file at this version (${kind.folder}/<document id>.md), replace each {{name}} with the value listed above (a name without a value reads [not available yet]), and compute the SHA-256 of the resulting UTF-8 text. It equals the fingerprint above only if the text is the one that was signed.`,
    { size: 9, color: GRAY },
  );

  return finish(w, `${kind.footer} - application ${input.applicationId}`);
}
