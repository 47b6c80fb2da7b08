// The text of a PDF this app writes, read offline with no PDF tool installed: pdf-lib draws each
// line with the standard fonts as a hex string (<...> Tj) in a deflated content stream, so
// inflating the streams and decoding those strings gives every word, in reading order. This reads
// our own PDFs only (no font subsets, no ToUnicode maps), which is all the tests need; pdf-lib
// loading the file checks it is a well-formed PDF.
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";

/**
 * Every string a PDF's (deflated) content streams draw, in order, one per line. Each stream is
 * read by its dictionary's /Length: a deflated stream may itself end in a CR byte, which a search
 * for "\r\nendstream" would cut off (1 time in 256), losing that stream's text.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  const parts: string[] = [];
  for (const m of raw.matchAll(/<<[^<>]*?\/Length (\d+)[^<>]*?>>\s*stream\r?\n/g)) {
    const data = raw.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, "latin1")).toString("latin1");
    } catch {
      content = data;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      parts.push(Buffer.from(t[1]!, "hex").toString("latin1"));
    for (const t of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) parts.push(t[1]!);
  }
  return parts.join("\n");
}

/** The PDF's text as running prose: lines a paragraph was wrapped into are joined by a space. */
export const pdfProse = (bytes: Uint8Array) => pdfText(bytes).replace(/\s+/g, " ");

/** The PDF's page count (pdf-lib refuses a malformed file). */
export async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** The bytes of a mail's attachment (a .eml from the outbox, as nodemailer writes it: base64 parts); null when absent. */
export function mailAttachment(eml: string, filename: string): Buffer | null {
  const at =
    eml.indexOf(`filename=${filename}`) >= 0
      ? eml.indexOf(`filename=${filename}`)
      : eml.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const start = eml.indexOf("\r\n\r\n", at) + 4;
  const end = eml.indexOf("\r\n--", start);
  return Buffer.from(eml.slice(start, end).replace(/\s+/g, ""), "base64");
}
