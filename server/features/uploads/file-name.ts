import type { SniffedType } from "./sniff";

/**
 * A file name fit to keep and show: the last path segment, no control characters, one line, at
 * most 200 characters, with the extension of what the file really is.
 */
export function cleanFileName(raw: string, type: SniffedType, fallback: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    // Control and format characters (\p{Cf}: right-to-left overrides and other bidi controls,
    // zero-width characters) would make a name read as something it is not ("invoice\u202Efdp.exe").
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029"]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1) : "";
  // A real extension is replaced when it does not fit the content ("scan.pdf" that is a JPEG
  // becomes "scan.jpg"); a dot inside a name ("v1.2 final") is kept.
  const looksLikeExtension = /^[A-Za-z0-9]{1,5}$/.test(ext);
  const stem = (looksLikeExtension ? base.slice(0, dot) : base).trim();
  const keep = looksLikeExtension && type.extensions.includes(ext.toLowerCase()) ? ext : type.extension;
  const short = stem.slice(0, 200 - keep.length - 1).trim();
  return `${short || fallback}.${keep}`;
}
