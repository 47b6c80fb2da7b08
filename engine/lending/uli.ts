// The Universal Loan Identifier (Regulation C 1003.4(a)(1)(i); the CFPB's Filing Instructions
// Guide, appendix C): the LEI, the institution's own loan id, then two ISO 7064 Mod 97-10 check digits.
const LETTER = (c: string) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c);

/** The two check digits of a ULI's base. */
export function uliCheckDigits(base: string): string {
  const digits = `${base.toUpperCase().split("").map(LETTER).join("")}00`;
  let mod = 0;
  for (const d of digits) mod = (mod * 10 + Number(d)) % 97;
  return String(98 - mod).padStart(2, "0");
}

/** The ULI of an application: the LEI, then its id's letters and digits (23 of them), then the check digits. */
export function uliOf(lei: string, id: string): string {
  const base = `${lei}${id
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 23)}`;
  return `${base}${uliCheckDigits(base)}`;
}
