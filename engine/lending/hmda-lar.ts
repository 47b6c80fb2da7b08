// The HMDA Loan/Application Register (Regulation C; the CFPB's Filing Instructions Guide): a
// transmittal sheet row, then one pipe-delimited row of 110 fields per application with an action
// taken in the year. Which field comes from where is rules/hmda-lar.json; this module reads values,
// formats them as the CFPB's file asks, and writes the rows.
import { getAt } from "../base/pointer";
import type { Definitions } from "../definitions/definitions";
import { evaluate } from "../logic/logic";
import type { ExportFile, LenderProfile } from "../generated/schema-types";
import { runEdits, type EditFailure } from "./hmda-edits";
import { uliOf } from "./uli";

export interface LarField {
  name: string;
  value?: string;
  fromInput?: string;
  logic?: unknown;
  enum?: string;
  format?: "yyyymmdd" | "integer" | "thousands" | "uli";
  default?: string;
}

export interface LarParams {
  fields: LarField[];
  enums: Record<string, Record<string, string>>;
}

export const larParams = (defs: Definitions): LarParams => defs.params["hmda-lar"] as unknown as LarParams;

function format(value: unknown, field: LarField, input: ExportFile): string | null {
  if (value === undefined || value === null || value === "") return null;
  switch (field.format) {
    case "yyyymmdd":
      return typeof value === "string" ? value.slice(0, 10).replace(/-/g, "") : null;
    case "integer":
      return typeof value === "number" ? String(Math.round(value)) : null;
    case "thousands":
      return typeof value === "number" ? String(Math.round(value / 1000)) : null;
    case "uli":
      return input.lender.hmda ? uliOf(input.lender.hmda.lei, String(value)) : null;
    default:
      return String(value);
  }
}

/** One field's text in the row. */
function fieldValue(field: LarField, input: ExportFile, enums: LarParams["enums"]): string {
  let raw: unknown =
    field.value !== undefined
      ? field.value
      : field.fromInput !== undefined
        ? getAt(input, field.fromInput)
        : field.logic !== undefined
          ? evaluate(field.logic, input as unknown as Record<string, unknown>)
          : undefined;
  if (field.enum && raw !== undefined && raw !== null) {
    const table = enums[field.enum] ?? {};
    const mapped = table[String(raw)] ?? table["*"];
    if (mapped === undefined)
      throw new Error(`${field.name}: the table ${field.enum} has no code for ${String(raw)}`);
    raw = mapped === "=" ? raw : mapped;
  }
  return format(raw, field, input) ?? field.default ?? "";
}

/** A LAR row's fields by name, in the file's order. */
export function larRow(input: ExportFile, params: LarParams): Map<string, string> {
  return new Map(params.fields.map((f) => [f.name, fieldValue(f, input, params.enums).replace(/\|/g, " ")]));
}

/** The transmittal sheet's fields by name (the CFPB's order). */
export function transmittalSheet(lender: LenderProfile, year: number, entries: number): Map<string, string> {
  const hmda = lender.hmda;
  return new Map([
    ["recordId", "1"],
    ["institutionName", lender.legalName],
    ["calendarYear", String(year)],
    ["calendarQuarter", "4"],
    ["contactName", hmda?.contact.name ?? ""],
    ["contactPhone", hmda?.contact.phone ?? ""],
    ["contactEmail", hmda?.contact.email ?? ""],
    ["contactStreet", lender.address.line1],
    ["contactCity", lender.address.city],
    ["contactState", lender.address.state],
    ["contactZip", lender.address.zip],
    ["agencyCode", String(hmda?.agencyCode ?? "")],
    ["totalEntries", String(entries)],
    ["taxId", hmda?.taxId ?? ""],
    ["lei", hmda?.lei ?? ""],
  ]);
}

export const pipeLine = (row: Map<string, string>) => [...row.values()].join("|");

/** Whether an application is reported in the year's LAR: an action taken, dated in that year. */
export const reportableIn = (input: ExportFile, year: number) =>
  input.action.code !== null &&
  input.action.code !== undefined &&
  (input.action.date ?? "").startsWith(`${year}-`);

export interface LarFile {
  text: string;
  rows: number;
  /** The CFPB edits the file breaks (engine/lending/hmda-edits.ts); empty when it passes them. */
  failures: EditFailure[];
}

/** The year's LAR of these applications: the transmittal sheet, then a row per reportable one, by ULI. */
export function larFile(
  inputs: ExportFile[],
  year: number,
  lender: LenderProfile,
  params: LarParams,
): LarFile {
  const rows = inputs
    .filter((input) => reportableIn(input, year))
    .map((input) => larRow(input, params))
    .sort((a, b) => (a.get("uli") ?? "").localeCompare(b.get("uli") ?? ""));
  const ts = transmittalSheet(lender, year, rows.length);
  const text = `${[ts, ...rows].map(pipeLine).join("\n")}\n`;
  return { text, rows: rows.length, failures: runEdits(ts, rows, year) };
}
