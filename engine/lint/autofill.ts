// The autocomplete values browsers understand (the HTML standard's autofill detail tokens): a
// misspelt one ("adress-line1") is ignored by the browser without a word, so it fills nothing, and
// WCAG 1.3.5 (identify input purpose) asks for the right one on every field about the applicant.
import { suggest } from "../base/text";

/** Field names of the HTML standard's autofill (4.10.18.7.1), the contact ones apart. */
const FIELD_NAMES = [
  "name",
  "honorific-prefix",
  "given-name",
  "additional-name",
  "family-name",
  "honorific-suffix",
  "nickname",
  "username",
  "new-password",
  "current-password",
  "one-time-code",
  "organization-title",
  "organization",
  "street-address",
  "address-line1",
  "address-line2",
  "address-line3",
  "address-level4",
  "address-level3",
  "address-level2",
  "address-level1",
  "country",
  "country-name",
  "postal-code",
  "cc-name",
  "cc-given-name",
  "cc-additional-name",
  "cc-family-name",
  "cc-number",
  "cc-exp",
  "cc-exp-month",
  "cc-exp-year",
  "cc-csc",
  "cc-type",
  "transaction-currency",
  "transaction-amount",
  "language",
  "bday",
  "bday-day",
  "bday-month",
  "bday-year",
  "sex",
  "url",
  "photo",
];
/** Field names a contact kind (home, work, mobile, fax, pager) may stand before. */
const CONTACT_NAMES = [
  "tel",
  "tel-country-code",
  "tel-national",
  "tel-area-code",
  "tel-local",
  "tel-local-prefix",
  "tel-local-suffix",
  "tel-extension",
  "email",
  "impp",
];
const CONTACT_KINDS = ["home", "work", "mobile", "fax", "pager"];

/** Why a ui:autocomplete value is not one browsers understand, or null when it is. */
export function autofillMistake(value: string): string | null {
  const tokens = value.trim().toLowerCase().split(/\s+/);
  if (tokens.length === 1 && (tokens[0] === "on" || tokens[0] === "off")) return null;
  if (tokens.at(-1) === "webauthn") tokens.pop();
  const name = tokens.pop() ?? "";
  if (CONTACT_NAMES.includes(name) && CONTACT_KINDS.includes(tokens.at(-1) ?? "")) tokens.pop();
  if (tokens.at(-1) === "shipping" || tokens.at(-1) === "billing") tokens.pop();
  if (tokens.at(-1)?.startsWith("section-")) tokens.pop();
  const known = FIELD_NAMES.includes(name) || CONTACT_NAMES.includes(name);
  if (known && !tokens.length) return null;
  return known
    ? `"${value}" is not an autocomplete value browsers understand ("${tokens.join(" ")}" cannot stand before "${name}"), so the browser fills nothing here`
    : `"${name}" is not an autocomplete field name browsers know, so the browser fills nothing here${suggest(name, [...FIELD_NAMES, ...CONTACT_NAMES, "on", "off"])}`;
}
