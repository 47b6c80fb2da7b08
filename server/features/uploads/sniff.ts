// What a file really is, from its first bytes (its "magic number"). The name's extension and the
// content type the browser declared are the sender's word and are not trusted: only these four
// kinds of document are accepted.
export interface SniffedType {
  contentType: "application/pdf" | "image/jpeg" | "image/png" | "image/heic";
  /** The extension a downloaded copy gets, and the ones a name may already carry. */
  extension: string;
  extensions: string[];
  label: string;
}

const PDF: SniffedType = {
  contentType: "application/pdf",
  extension: "pdf",
  extensions: ["pdf"],
  label: "PDF",
};
const JPEG: SniffedType = {
  contentType: "image/jpeg",
  extension: "jpg",
  extensions: ["jpg", "jpeg"],
  label: "JPEG",
};
const PNG: SniffedType = { contentType: "image/png", extension: "png", extensions: ["png"], label: "PNG" };
const HEIC: SniffedType = {
  contentType: "image/heic",
  extension: "heic",
  extensions: ["heic", "heif"],
  label: "HEIC",
};

/** Major brands of an ISO BMFF `ftyp` box that mark a HEIC/HEIF still image. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "mif1", "msf1"]);

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  // ISO BMFF: a 4-byte big-endian box size, then "ftyp", then the major brand.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    if (boxSize >= 16 && boxSize <= bytes.length && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return HEIC;
  }
  return null;
}
