// How the portal words and formats what the server sends: times, sizes, borrowers, enumeration
// labels from the definitions (schemas/enums.json) and audit actions. Pure.
import { humanize } from "@engine/base/text";

/** "driver_license" → "Driver license". */
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

type EnumFile = { $defs?: Record<string, { oneOf?: { const?: unknown; title?: string }[] }> };

/** The title schemas/enums.json gives a value of one enumeration, else the value in words. */
export function enumLabel(enums: unknown, name: string, value: string | null | undefined): string {
  if (!value) return "—";
  const option = (enums as EnumFile | undefined)?.$defs?.[name]?.oneOf?.find((o) => o.const === value);
  return option?.title ?? humanizeKey(value);
}

export interface ActionWords {
  /** A step's label by its id. */
  step(id: string): string | undefined;
  /** A document type's label by its id. */
  document(type: string): string | undefined;
  /** A borrower role's name ("Co-borrower"). */
  borrower(role: string): string;
}

/** An audit event's action in words: "identity.approved:borrower" → "Identity check approved (borrower)". */
export function describeAction(action: string, words: ActionWords): string {
  const [kind = "", arg = "", extra = ""] = action.split(":");
  const doc = (type: string) => words.document(type) ?? humanizeKey(type);
  const who = (role: string) => words.borrower(role).toLowerCase();
  switch (kind) {
    case "step.submit":
      return `Answered ${words.step(arg) ?? humanizeKey(arg)}`;
    case "upload.add":
      return `Uploaded ${doc(arg)}`;
    case "upload.remove":
      return `Removed ${doc(arg)}`;
    case "esign.signed":
      return "Signed the disclosures";
    case "identity.started":
      return `Identity check started (${who(arg)}${extra ? `, ${extra}` : ""})`;
    case "identity.approved":
      return `Identity check approved (${who(arg)})`;
    case "identity.rejected":
      return `Identity check rejected (${who(arg)})`;
    case "identity.withdrawn":
      return `Identity check withdrawn (${who(arg)})`;
    case "portal.application.assigned":
      return "Assigned to a loan officer";
    case "portal.application.unassigned":
      return "Loan officer assignment removed";
    case "portal.note.added":
      return "Added a note";
    case "definitions.recheck":
      return `Re-checked under new definitions (was ${arg || "none"})`;
    case "decision.declined":
      return `Declined (${arg}): adverse action notice given`;
    case "rescission.notice":
      return `Notice of the right to cancel given (${arg})`;
    case "rescission.cancelled":
      return `Cancelled under the right to cancel (${arg})`;
    case "seed.demo":
      return "Demo data created";
    default:
      return action;
  }
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
