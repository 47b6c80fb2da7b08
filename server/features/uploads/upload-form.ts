// The multipart form of POST /api/upload, read and checked before anything is stored: the text
// fields (each at most once, a short string of the expected shape) and exactly one file, not
// empty, within the limit, and really a PDF, JPEG, PNG or HEIC. A refusal is an UploadError.
import { said, type Said } from "@engine/locale/server-words";
import { borrowerRoles, isBorrowerRole } from "@engine/lending/borrowers";
import type { Definitions } from "@engine/definitions/definitions";
import { sniffType } from "./sniff";
import { UploadError } from "./upload-error";

export const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SUBTYPE = /^[A-Za-z0-9_-]{1,64}$/;

export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const bad = (message: Said, field: string) => new UploadError(400, "BAD_REQUEST", message, field);

const FIELDS = ["documentType", "borrower", "propertyId", "subtype", "side", "applicationId"] as const;
export type UploadFields = Record<(typeof FIELDS)[number], string | null> & { documentType: string };

/** The text fields: each at most once, each a short string of the expected shape. */
export function uploadFields(defs: Definitions, form: FormData): UploadFields | UploadError {
  const text = (name: string): string | null | UploadError => {
    const values = form.getAll(name);
    if (values.length === 0) return null;
    if (values.length > 1 || typeof values[0] !== "string")
      return bad(said("refusal.upload.fieldOnce", { field: name }), name);
    const value = values[0].trim();
    return value === "" ? null : value;
  };
  const read = FIELDS.map((name) => [name, text(name)] as const);
  for (const [, value] of read) if (value instanceof UploadError) return value;
  const f = Object.fromEntries(read) as Record<(typeof FIELDS)[number], string | null>;
  return shapeError(defs, f) ?? (f as UploadFields);
}

function shapeError(defs: Definitions, f: Record<(typeof FIELDS)[number], string | null>) {
  if (!f.documentType) return bad(said("refusal.upload.whichDocument"), "documentType");
  if (!SUBTYPE.test(f.documentType)) return bad(said("refusal.upload.documentType"), "documentType");
  if (f.borrower !== null && !isBorrowerRole(defs, f.borrower))
    return bad(
      said("refusal.upload.borrower", {
        roles: borrowerRoles(defs)
          .map((r) => `"${r}"`)
          .join(" or "),
      }),
      "borrower",
    );
  if (f.propertyId !== null && !ID.test(f.propertyId))
    return bad(said("refusal.upload.propertyId"), "propertyId");
  if (f.subtype !== null && !SUBTYPE.test(f.subtype)) return bad(said("refusal.upload.subtype"), "subtype");
  if (f.side !== null && f.side !== "front" && f.side !== "back")
    return bad(said("refusal.upload.side"), "side");
  if (f.applicationId !== null && !ID.test(f.applicationId))
    return bad(said("refusal.upload.applicationId"), "applicationId");
  return null;
}

/** The one file of the form, its bytes and its real type. */
export async function uploadedFile(form: FormData, maxBytes: number) {
  const files = form.getAll("file");
  if (files.length === 0) return bad(said("refusal.upload.noFile"), "file");
  if (files.length > 1) return bad(said("refusal.upload.oneFile"), "file");
  const file = files[0]!;
  if (typeof file === "string") return bad(said("refusal.upload.notAFile"), "file");
  if (file.size === 0) return bad(said("refusal.upload.empty"), "file");
  if (file.size > maxBytes)
    return new UploadError(
      413,
      "PAYLOAD_TOO_LARGE",
      said("refusal.upload.tooLarge", { limit: megabytes(maxBytes) }),
      "file",
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type) return new UploadError(415, "UNSUPPORTED_MEDIA_TYPE", said("refusal.upload.wrongType"), "file");
  return { name: file.name, bytes, type };
}
