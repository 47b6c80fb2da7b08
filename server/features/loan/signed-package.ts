// The signed closing package as a PDF: once every borrower has signed the package in their own
// session, its documents as signed (each re-made from its template and the values recorded, and
// only if that text still has the SHA-256 signed) and the signature certificate (who signed, when,
// from where, which documents by version and SHA-256), made in the PDF worker pool and kept in the
// file storage; the loan file records its SHA-256 (closing.signedPdf). Made right after the last
// signature commits; should the stored file be missing, it is made again the same way (the same
// record gives the same bytes).
import type { LoanFile } from "@engine/generated/schema-types";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { BorrowerRole } from "@engine/lending/borrowers";
import { auditAction } from "@engine/lending/audit-actions";
import { transaction } from "@server/persistence/db/client";
import { sha256Hex } from "@server/persistence/storage";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { keepFile } from "../uploads/kept-files";
import { errorKind } from "@server/platform/observability/log";
import { fillTokens, frontMatterOf, readDisclosure, sha256Hex as textSha256 } from "../esign/documents";
import { signedPdfOffThread } from "../esign/pdf-pool";
import { borrowersOf } from "./facts";
import { readLoanFile, saveLoanFile } from "./store";

export const SIGNED_PACKAGE_PDF_NAME = "heloc-closing-package-signed.pdf";

type Closing = NonNullable<LoanFile["closing"]>;
type PackageDocument = NonNullable<Closing["package"]>["documents"][number];

export type SignedPackageResult =
  { ok: true; bytes: Uint8Array } | { ok: false; status: 404 | 409; message: string };

const NOT_SIGNED = "The closing documents are not signed by every borrower yet";

/** A package document's filled text as signed, or why it cannot be made again. */
function signedText(services: Pick<Services, "defs">, document: PackageDocument) {
  const template = document.template ?? document.id;
  const source = readDisclosure(template, services.defs.texts, "closing");
  if (!source)
    return { ok: false as const, reason: `the document "${template}" is no longer on this server` };
  const text = fillTokens(source.source, document.values);
  if (textSha256(text) !== document.sha256)
    return {
      ok: false as const,
      reason: `the document "${template}" has changed since version ${document.version} was signed`,
    };
  return { ok: true as const, template, body: frontMatterOf(text).body };
}

/** Makes the PDF of the package as every borrower signed it; null while a borrower has not signed. */
async function renderSignedPackage(
  services: Pick<Services, "defs">,
  applicationId: string,
  borrowers: string[],
  closing: Closing | undefined,
): Promise<SignedPackageResult> {
  const made = closing?.package;
  const signed = closing?.signatures ?? {};
  if (!made || !borrowers.length || borrowers.some((role) => !signed[role]))
    return { ok: false, status: 404, message: NOT_SIGNED };
  const documents = [];
  for (const document of made.documents) {
    const text = signedText(services, document);
    if (!text.ok)
      return { ok: false, status: 409, message: `We cannot rebuild the signed package: ${text.reason}.` };
    // The certificate names each document by its file (content/closing/<id>.md), so its fingerprint can be checked.
    documents.push({ ...document, id: text.template, body: text.body });
  }
  const bytes = await signedPdfOffThread({
    kind: "closingPackage",
    applicationId,
    lenderName: readLenderProfile().legalName,
    documents,
    signers: borrowers.map((role) => {
      const s = signed[role]!;
      return {
        signatureId: null,
        signer: role as BorrowerRole,
        typedName: s.typedName,
        signedAt: new Date(s.signedAt),
        ip: s.ip ?? null,
        userAgent: s.userAgent ?? null,
      };
    }),
  });
  return { ok: true, bytes };
}

/** Records the stored PDF's SHA-256 on the file (at the revision read; a file changed meanwhile is left to the next reading). */
async function recordKey(services: Services, applicationId: string, sha256: string): Promise<void> {
  await transaction(services.db, async (tx) => {
    const loan = await readLoanFile(tx, applicationId);
    if (!loan || loan.file.closing?.signedPdf?.sha256 === sha256) return;
    const file: LoanFile = {
      ...loan.file,
      closing: { ...loan.file.closing, signedPdf: { sha256, madeAt: services.now().toISOString() } },
    };
    if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, services.now()))) return;
    await applicationStore(services).audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("loan.closing", "signedPdf"),
      applicationId,
      changed: ["/loanFile/closing/signedPdf"],
    });
  });
}

/** The signed package's PDF: the stored copy, or made (and stored) from the record. */
export async function signedPackagePdf(
  services: Services,
  applicationId: string,
): Promise<SignedPackageResult> {
  const loan = await readLoanFile(services.db, applicationId);
  if (!loan) return { ok: false, status: 404, message: NOT_SIGNED };
  const app = await applicationStore(services).byId(services.db, applicationId);
  if (!app) return { ok: false, status: 404, message: NOT_SIGNED };
  const kept = loan.file.closing?.signedPdf?.sha256;
  if (kept) {
    const stored = await services.storage.get(kept);
    if (stored && sha256Hex(stored) === kept) return { ok: true, bytes: stored };
  }
  const made = await renderSignedPackage(
    services,
    applicationId,
    borrowersOf(services, app.doc),
    loan.file.closing,
  );
  if (!made.ok) return made;
  try {
    const { key } = await keepFile(services, made.bytes, "signedPackage");
    await recordKey(services, applicationId, key);
  } catch (error) {
    services.log.error({ err: errorKind(error) }, "closing: the signed package's PDF could not be stored");
  }
  return made;
}

/** After a signature commits: once every borrower has signed, the package's PDF is made and kept. */
export async function keepSignedPackage(services: Services, applicationId: string): Promise<void> {
  const result = await signedPackagePdf(services, applicationId).catch((error: unknown) => {
    // The signature stands; the PDF is made again at its first download.
    services.log.error({ err: errorKind(error) }, "closing: the signed package's PDF could not be made");
    return null;
  });
  if (result && !result.ok && result.status === 409)
    services.log.error("closing: the signed package's documents changed since they were signed");
}
