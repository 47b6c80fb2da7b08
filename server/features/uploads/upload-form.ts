// The multipart form of POST /api/upload, read and checked before anything is stored: the text
// fields (each at most once, a short string of the expected shape) and exactly one file, not
// empty, within the limit, and really a PDF, JPEG, PNG or HEIC. A refusal is an UploadError.
import { borrowerRoles, isBorrowerRole } from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import { ACCEPTED_KINDS, sniffType } from "./sniff";
import { UploadError } from "./upload-error";

export const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SUBTYPE = /^[A-Za-z0-9_-]{1,64}$/;

export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const bad = (message: string, field: string) => new UploadError(400, "BAD_REQUEST", message, field);

const FIELDS = ["documentType", "borrower", "propertyId", "subtype", "side", "applicationId"] as const;
export type UploadFields = Record<(typeof FIELDS)[number], string | null> & { documentType: string };

/** The text fields: each at most once, each a short string of the expected shape. */
export function uploadFields(defs: Definitions, form: FormData): UploadFields | UploadError {
  const text = (name: string): string | null | UploadError => {
    const values = form.getAll(name);
    if (values.length === 0) return null;
    if (values.length > 1 || typeof values[0] !== "string") return bad(`Send "${name}" once, as text.`, name);
    const value = values[0].trim();
    return value === "" ? null : value;
  };
  const read = FIELDS.map((name) => [name, text(name)] as const);
  for (const [, value] of read) if (value instanceof UploadError) return value;
  const f = Object.fromEntries(read) as Record<(typeof FIELDS)[number], string | null>;
  return shapeError(defs, f) ?? (f as UploadFields);
}

function shapeError(defs: Definitions, f: Record<(typeof FIELDS)[number], string | null>) {
  if (!f.documentType) return bad("Say which document this is (documentType).", "documentType");
  if (!SUBTYPE.test(f.documentType))
    return bad("documentType must be a document type such as bank_statements.", "documentType");
  if (f.borrower !== null && !isBorrowerRole(defs, f.borrower))
    return bad(
      `borrower must be ${borrowerRoles(defs)
        .map((r) => `"${r}"`)
        .join(" or ")}.`,
      "borrower",
    );
  if (f.propertyId !== null && !ID.test(f.propertyId))
    return bad("propertyId must be a property's id.", "propertyId");
  if (f.subtype !== null && !SUBTYPE.test(f.subtype))
    return bad("subtype must be a document subtype such as driver_license.", "subtype");
  if (f.side !== null && f.side !== "front" && f.side !== "back")
    return bad('side must be "front" or "back".', "side");
  if (f.applicationId !== null && !ID.test(f.applicationId))
    return bad("applicationId must be an application's id.", "applicationId");
  return null;
}

/** The one file of the form, its bytes and its real type. */
export async function uploadedFile(form: FormData, maxBytes: number) {
  const files = form.getAll("file");
  if (files.length === 0) return bad('Choose a file to upload (the form field "file" is missing).', "file");
  if (files.length > 1) return bad("Upload one file at a time.", "file");
  const file = files[0]!;
  if (typeof file === "string") return bad('The field "file" must hold a file, not text.', "file");
  if (file.size === 0) return bad("The file is empty. Choose the file again.", "file");
  if (file.size > maxBytes)
    return new UploadError(
      413,
      "PAYLOAD_TOO_LARGE",
      `The file is too large: the limit is ${megabytes(maxBytes)}.`,
      "file",
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type)
    return new UploadError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `This file is not a ${ACCEPTED_KINDS} file. Upload a PDF or a photo (JPEG, PNG or HEIC).`,
      "file",
    );
  return { name: file.name, bytes, type };
}
