// E-SIGN's demonstration of access (15 U.S.C. 7001(c)(1)(C)(ii)): before consenting to electronic
// records, the consumer opens a PDF (the format of their disclosures, notices and agreements) and
// types a code printed in it. The code is the consumer's own, made from their account with a key
// only the server holds, so nothing is stored: the PDF shows it, the consent step checks it
// (recordConsent's `pdfCode`) and stamps when access was shown.
import { createHmac, timingSafeEqual } from "node:crypto";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { deriveKey } from "@server/platform/crypto/keys";
import type { Services } from "@server/services";
import { refuse } from "../refusal";
import { frontMatterOf, readDisclosure, signedDocument } from "./documents";
import { noticePdfOffThread } from "./pdf-pool";
import { documentsFor } from "./signatures";

/** The text with the code (content/disclosures/e-sign-pdf-check.md), then the consent it demonstrates access for. */
export const PDF_CHECK_DOCUMENT = "e-sign-pdf-check";
export const CONSENT_DOCUMENT = "e-sign-consent";
export const PDF_CHECK_FILE = "e-sign-consent.pdf";

/** The six-digit code of one account: the same every time it is asked for, another for any other account. */
export function pdfAccessCode(services: Pick<Services, "masterKey">, userId: string): string {
  const mac = createHmac("sha256", deriveKey(services.masterKey, "pdf-access")).update(userId).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

/** Whether `typed` is that account's code (spaces aside), compared in constant time. */
export function isPdfAccessCode(services: Pick<Services, "masterKey">, userId: string, typed: unknown) {
  if (typeof typed !== "string") return false;
  const given = Buffer.from(typed.replace(/\s+/g, ""));
  const expected = Buffer.from(pdfAccessCode(services, userId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The PDF a consumer opens to show they can: their code, then the E-SIGN consent as the consent page shows it. */
export async function pdfAccessPdf(
  services: Services,
  userId: string,
  doc: unknown,
  role: string,
): Promise<Uint8Array> {
  const now = services.now();
  const source = readDisclosure(PDF_CHECK_DOCUMENT, services.defs.texts);
  if (!source) throw refuse("misconfigured", `disclosure "${PDF_CHECK_DOCUMENT}" is missing`);
  const lender = readLenderProfile();
  const { text, ...check } = signedDocument(source, {
    ...lenderTokens(lender),
    pdfAccessCode: pdfAccessCode(services, userId),
  });
  const [consent] = documentsFor(services, doc, [CONSENT_DOCUMENT], { now, role });
  return noticePdfOffThread({
    meta: {
      title: check.title,
      subject: `${check.title}: ${consent!.title}`,
      keywords: [PDF_CHECK_DOCUMENT],
      author: lender.legalName,
      creator: "HELOC electronic records",
      date: now,
    },
    footer: consent!.title,
    documents: [
      { ...check, body: frontMatterOf(text).body },
      { ...consent!, body: frontMatterOf(consent!.text).body },
    ],
  });
}
