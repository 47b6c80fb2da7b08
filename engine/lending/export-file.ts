// What the export mappings read for one application (schemas/export-file.json): the stored answers,
// the lender profile, the priced line, the borrowers with the HMDA codes of their demographic
// answers (content/hmda-codes.json: the one table the LAR, the MISMO file and the portal read) and
// the action taken. The mappings (rules/mismo.json, rules/hmda-lar.json) say where each goes.
import type { Definitions } from "../definitions/definitions";
import { getAt } from "../base/pointer";
import { todayIso } from "../base/dates";
import { evaluateRuleSet, presentResult } from "../logic/rules";
import type { Application, ExportFile, LenderProfile, LoanFile } from "../generated/schema-types";
import { actionTaken, type ActionRow, type ActionTaken } from "./action-taken";
import { answersPointer, borrowerRoles } from "./borrowers";
import { hmdaDenialOf } from "./denial-reasons";
import { hmdaCodes, readHmdaTable, type HmdaTable } from "./hmda";

export interface StoredFile {
  id: string;
  doc: Record<string, unknown>;
  /** When the application was taken (submitted), if it was. */
  submittedAt?: string | null;
  /** When the file was first recorded (the request for credit): the HMDA application date. */
  createdAt?: string | null;
  /** The individual loan originator assigned to the file (URLA section 9), if any. */
  loanOfficer?: ExportFile["loanOfficer"] | null;
  /** The loan file after submission (its milestone and history), if it has one. */
  loan?: {
    milestone: string;
    file: Pick<
      LoanFile,
      "receivedAt" | "history" | "declineReasons" | "counteroffer" | "terms" | "accountOpenedOn" | "funding"
    >;
  } | null;
}

export interface ExportContext {
  defs: Definitions;
  lender: LenderProfile;
  /** "heloc-funnel 0.1.0": the origination system the file names. */
  exporter: string;
  now: Date;
  hmdaTable?: HmdaTable;
  /** The action taken; by default what the stored application shows (engine/lending/action-taken.ts). */
  action?: (file: StoredFile) => ActionTaken;
}

type Hmda = ExportFile["borrowers"][number]["hmda"];

/** A borrower's HMDA codes, grouped the way MISMO nests them: origins under ethnicity, designations under race. */
export function hmdaOf(demographics: Record<string, unknown> | undefined, table: HmdaTable): Hmda {
  const codes = hmdaCodes(demographics, table);
  const ethnicityCodes = codes.ethnicity ?? [];
  const raceCodes = codes.race ?? [];
  const sexCodes = codes.sex ?? [];
  // The CFPB's codes: a level-2 code is its level-1 code followed by one digit (2 → 21 ... 27).
  const top = (list: string[]) => list.filter((c) => c.length === 1);
  return {
    ethnicity: top(ethnicityCodes)[0] ?? table.groups.ethnicity?.whenNothingGiven,
    ethnicityCodes,
    ethnicityOrigins: ethnicityCodes.filter((c) => c.length === 2),
    races: top(raceCodes).map((code) => ({
      code,
      designations: raceCodes.filter((c) => c.length === 2 && c.startsWith(code)),
    })),
    raceCodes,
    sex: sexCodes[0] ?? table.groups.sex?.whenNothingGiven,
  };
}

/** Whole years from a birth date to a day (both YYYY-MM-DD). */
export function ageOn(birth: unknown, day: string | null): number | null {
  if (typeof birth !== "string" || !day) return null;
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return Number.isFinite(age) && age >= 0 ? age : null;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

function offerOf(defs: Definitions, doc: unknown, today: string): ExportFile["offer"] {
  const pricing = (defs.params.pricing ?? {}) as Record<string, unknown>;
  let quote: Record<string, unknown> = {};
  try {
    quote = (presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", doc, { today })).quote ??
      {}) as Record<string, unknown>;
  } catch {
    // answers too incomplete to price: the line's figures stay null
  }
  const eligible = quote.eligible === true;
  const drawYears = num(pricing.drawPeriodYears);
  const repayYears = num(pricing.repaymentPeriodYears);
  return {
    lineAmount: eligible ? num(quote.lineAmount) : null,
    apr: eligible ? num(quote.apr) : null,
    maximumApr: num(pricing.maximumApr),
    minimumDraw: num(pricing.minimumDraw),
    repaymentMonths: repayYears === null ? null : repayYears * 12,
    termMonths: drawYears === null || repayYears === null ? null : (drawYears + repayYears) * 12,
  };
}

/** The moves of rules/milestones.json that set the approved terms: the approval's date is the latest of them. */
const APPROVING_MOVES = new Set(["approve", "acceptCounteroffer"]);

/** The approved terms of the loan file when it has them, else the offer (schemas/export-file.json terms). */
function termsOf(
  offer: ExportFile["offer"],
  doc: Application,
  loan: StoredFile["loan"],
): ExportFile["terms"] {
  const approved = loan?.file.terms;
  const draw = num((doc.disbursement as { drawAmount?: unknown } | undefined)?.drawAmount);
  const dated = {
    approvedOn:
      loan?.file.history.findLast((h) => APPROVING_MOVES.has(h.transition))?.at.slice(0, 10) ?? null,
    accountOpenedOn: loan?.file.accountOpenedOn ?? null,
    fundedOn: loan?.file.funding?.fundedAt.slice(0, 10) ?? null,
  };
  if (!approved)
    return {
      source: "offer",
      lineAmount: offer.lineAmount ?? null,
      apr: offer.apr ?? null,
      margin: null,
      initialDraw: draw,
      repaymentMonths: offer.repaymentMonths,
      termMonths: offer.termMonths,
      ...dated,
    };
  const draws = approved.drawPeriodYears ?? null;
  const repays = approved.repaymentPeriodYears ?? null;
  const repaymentMonths = repays === null ? offer.repaymentMonths : repays * 12;
  return {
    source: "approved",
    lineAmount: approved.lineAmount,
    apr: approved.apr,
    margin: approved.margin ?? null,
    initialDraw: approved.firstDraw ?? draw,
    repaymentMonths,
    termMonths:
      draws !== null && repaymentMonths !== null && repaymentMonths !== undefined
        ? draws * 12 + repaymentMonths
        : offer.termMonths,
    ...dated,
  };
}

/**
 * First lien when no mortgage on the home is kept ahead of the line (owned free and clear, or every
 * mortgage paid off when the line opens: rules/payoff.json helocFirstLien), else second.
 */
function lienPriority(
  defs: Definitions,
  doc: Application,
  today: string,
): ExportFile["file"]["lienPriority"] {
  return evaluateRuleSet(defs, "payoff", doc, { today }).outputs.helocFirstLien === true ? "first" : "second";
}

/** The export input of one stored application. */
export function exportFileOf(file: StoredFile, ctx: ExportContext): ExportFile {
  const doc = file.doc as Application;
  const table = ctx.hmdaTable ?? readHmdaTable();
  const applicationDate = file.createdAt ? file.createdAt.slice(0, 10) : null;
  const borrowers = borrowerRoles(ctx.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(ctx.defs, role)) as Record<string, unknown> | null | undefined;
    if (!person || typeof person !== "object") return [];
    return [
      {
        role: role as "borrower" | "coborrower",
        person: person as ExportFile["borrowers"][number]["person"],
        hmda: hmdaOf(person.demographics as Record<string, unknown> | undefined, table),
        age: ageOn(person.dateOfBirth, applicationDate),
      },
    ];
  });
  const rows =
    (ctx.defs.params.milestones as { hmdaActionTaken?: { rows?: ActionRow[] } } | undefined)?.hmdaActionTaken
      ?.rows ?? [];
  const action = (ctx.action ?? ((f: StoredFile) => actionTaken(f.doc, f.loan, rows)))(file);
  // The rule sets' day: the export's (the server's clock).
  const today = todayIso(ctx.now);
  const offer = offerOf(ctx.defs, doc, today);
  const denial = hmdaDenialOf(ctx.defs, action.code === "3" ? action.reasonCodes : []);
  return {
    application: doc,
    lender: ctx.lender,
    ...(file.loanOfficer ? { loanOfficer: file.loanOfficer } : {}),
    file: {
      id: file.id,
      exporter: ctx.exporter,
      exportedAt: ctx.now.toISOString().replace(/\.\d{3}Z$/, "Z"),
      submittedAt: file.submittedAt ?? file.loan?.file.receivedAt ?? null,
      applicationDate,
      borrowerCount: Math.max(1, borrowers.length),
      lienPriority: lienPriority(ctx.defs, doc, today),
    },
    offer,
    terms: termsOf(offer, doc, file.loan),
    borrowers: borrowers as ExportFile["borrowers"],
    action: {
      code: action.code,
      date: action.date,
      denialReasons: denial.codes as NonNullable<ExportFile["action"]["denialReasons"]>,
      denialReasonText: denial.text,
    },
  };
}
