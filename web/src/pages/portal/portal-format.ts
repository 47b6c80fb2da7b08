// How the portal words and formats what the server sends: times, sizes, borrowers, enumeration
// labels from the definitions (schemas/enums.json). Audit actions are worded by their table,
// engine/lending/audit-actions.ts. Pure.
import { humanize } from "@engine/base/text";

/** "divorce_decree" → "Divorce decree". */
const humanizeKey = (key: string) => humanize(key) || key;

const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : DATE_TIME.format(when);
}

export function date(iso: string | null | undefined): string {
  if (!iso) return "—";
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : DATE.format(when);
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A borrower role as the portal names it (the names come from rules/members.json through portal.me); a document without one is the property's. */
export const borrowerLabel = (labels: Readonly<Record<string, string>>, role: string | null | undefined) =>
  role ? (labels[role] ?? role) : "Property";

export interface Borrower {
  role: string;
  name: string | null;
  ssn: string | null;
}

/** "Maria Alvarez and Luis Alvarez"; an application nobody has named yet says so. */
export function borrowerNames(borrowers: readonly Borrower[]): string {
  const names = borrowers.map((b) => b.name).filter((n): n is string => !!n);
  return names.length ? names.join(" and ") : "Unnamed applicant";
}

type Enumeration = { oneOf?: { const?: unknown; title?: string }[]; anyOf?: { $ref?: string }[] };
type EnumFile = { $defs?: Record<string, Enumeration> };

/** The option of `value` in one enumeration, following an enumeration made of others (documentSubtype's anyOf). */
function optionOf(
  enums: EnumFile | undefined,
  name: string,
  value: string,
  depth = 0,
): { title?: string } | undefined {
  const enumeration = enums?.$defs?.[name];
  const own = enumeration?.oneOf?.find((o) => o.const === value);
  if (own || depth > 3) return own;
  for (const part of enumeration?.anyOf ?? []) {
    const ref = part.$ref?.split("#/$defs/")[1];
    const found = ref ? optionOf(enums, ref, value, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The title schemas/enums.json gives a value of one enumeration, else the value in words. */
export function enumLabel(enums: unknown, name: string, value: string | null | undefined): string {
  if (!value) return "—";
  return optionOf(enums as EnumFile | undefined, name, value)?.title ?? humanizeKey(value);
}

const MONEY = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** 225000 → "$225,000". */
export const money = (amount: number) => MONEY.format(amount);

/** An APR in percent: 8.24 → "8.24%". */
export const aprText = (apr: number | null) => (apr === null ? "—" : `${apr.toFixed(2)}%`);

/** A fraction as a percentage: 0.85 → "85%", 0.8512 → "85.1%". */
export const ratioText = (ratio: number | null) =>
  ratio === null ? "—" : `${Number((ratio * 100).toFixed(1))}%`;
