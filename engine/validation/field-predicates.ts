// Field rules of spec §5 "Validation rules" as total predicates (any input, never throws), plus the
// `formats` table that the ajv validator factory registers, the same in browser and server.
//
// Lengths count Unicode code points, as JSON Schema's minLength/maxLength do (and ajv with them),
// so a rule here and a schema keyword agree on "😀" being one character.

import { isIsoDate } from "../base/dates.ts";

export { isIsoDate };

export const PASSWORD_MIN_LENGTH = 8;
export const TEXT_MAX_LENGTH = 512;
/** RFC 5321 caps a forward path at 256 octets including the angle brackets, so an address at 254. */
export const EMAIL_MAX_LENGTH = 254;

function codePoints(s: string): number {
  return Array.from(s).length;
}

// The WHATWG HTML "valid e-mail address" pattern (input type=email,
// https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address), with one change: the
// final `*` is a `+`, so the domain needs at least one dot ("a@localhost" is refused).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** A standard email address with a dotted domain: isEmail("ann@example.com") === true; isEmail("ann@example") === false. */
export function isEmail(value: unknown): value is string {
  return typeof value === "string" && value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

/** A password of at least 8 characters: isPassword("12345678") === true; isPassword("1234567") === false. */
export function isPassword(value: unknown): value is string {
  return typeof value === "string" && codePoints(value) >= PASSWORD_MIN_LENGTH;
}

/** A debt balance in whole dollars, 0 or more: isNonNegativeInteger(0) === true; isNonNegativeInteger(1.5) === false. */
export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** Trims a text answer before it is stored: normalizeText("  Acme Inc ") === "Acme Inc"; a non-string gives "". */
export function normalizeText(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Generic text: 1 to 512 characters, already trimmed: isText("Acme") === true; isText(" Acme") === false. */
export function isText(value: unknown): value is string {
  if (typeof value !== "string" || value !== value.trim()) return false;
  const length = codePoints(value);
  return length >= 1 && length <= TEXT_MAX_LENGTH;
}

/** A fraction from 0 up to but below 1: isFraction(0.999) === true; isFraction(1) === false. */
export function isFraction(value: unknown): value is number {
  return typeof value === "number" && value >= 0 && value < 1;
}

/**
 * A phone as stored, 10 digits that the North American Numbering Plan could assign:
 * isPhoneDigits("3035550142") === true; isPhoneDigits("0000000000") === false.
 *
 * NANP numbers are NXX-NXX-XXXX, N being 2 to 9: neither the area code nor the exchange starts
 * with 0 or 1, and neither is an N11 service code (211, 411, 911...); area codes with 9 in the
 * middle (N9X) are held for expansion (NANPA, "NPA Allocation Plan and Assignment Guidelines" §3).
 */
export function isPhoneDigits(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{10}$/.test(value)) return false;
  const serviceCode = (nxx: string) => nxx[1] === "1" && nxx[2] === "1";
  const area = value.slice(0, 3);
  const exchange = value.slice(3, 6);
  return (
    /^[2-9][0-8]\d$/.test(area) &&
    /^[2-9]\d\d$/.test(exchange) &&
    !serviceCode(area) &&
    !serviceCode(exchange)
  );
}

/**
 * An SSN as stored, 9 digits that the SSA could have issued: isSsnDigits("123456789") === true;
 * isSsnDigits("666123456") === false.
 *
 * The SSA never assigns area number 000, 666 or 900-999, group number 00 or serial number 0000
 * (SSA, "Social Security Number Randomization", https://www.ssa.gov/employer/randomization.html;
 * 9xx numbers are IRS ITINs, not SSNs).
 */
export function isSsnDigits(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{9}$/.test(value)) return false;
  const area = value.slice(0, 3);
  const group = value.slice(3, 5);
  const serial = value.slice(5);
  return area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";
}

/**
 * A US ZIP code, 5 digits or ZIP+4, in a range the USPS uses: isZip("02134") === true;
 * isZip("02134-1234") === true; isZip("2134") === false; isZip("00000") === false.
 * No ZIP code starts with 000 (the lowest in use is 00501, the IRS in Holtsville, NY).
 */
export function isZip(value: unknown): value is string {
  return typeof value === "string" && /^\d{5}(?:-\d{4})?$/.test(value) && !value.startsWith("000");
}

/**
 * String formats for ajv (`ajv.addFormat(name, fn)`), keyed by the JSON Schema `format` name.
 * `email` and `date` share names with ajv-formats: register this table after ajv-formats (or
 * instead of it for these names) so the rules above win in both browser and server.
 */
export const formats: Record<string, (value: string) => boolean> = {
  email: isEmail,
  date: isIsoDate,
  phone: isPhoneDigits,
  ssn: isSsnDigits,
  zip: isZip,
};
