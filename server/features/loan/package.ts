// The closing package (rules/milestones.json params.closingPackage), made at clear to close from
// the templates of content/closing/ and the approved terms: the HELOC credit agreement, the
// security instrument the home's state uses (a deed of trust in params.deedOfTrustStates, else a
// mortgage) and the account-opening disclosures of 12 CFR 1026.6(a) with the billing-rights
// statement. Each document is recorded by version and SHA-256 with the values it was filled with,
// so what each borrower signs is exactly what was made. (The notices of the right to cancel are
// made when the account opens, dated from it: ../esign/give-notices.ts.)
import { formatCurrency } from "@engine/base/format";
import { getAt } from "@engine/base/pointer";
import { addressLine, borrowerName } from "@engine/lending/borrowers";
import type { LoanFile } from "@engine/generated/schema-types";
import { lenderTokens } from "@engine/lending/lender";
import type { ClosingPackageToken } from "@engine/lending/text-tokens";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { Services } from "@server/services";
import { fillTokens, MISSING_VALUE, readDisclosure, signedDocument } from "../esign/documents";

type PackageDocument = NonNullable<NonNullable<LoanFile["closing"]>["package"]>["documents"][number];

interface PackageParams {
  documents: { id: string; template: string; securityInstrument?: string }[];
  securityInstrumentNames: Record<string, string>;
}

const paramsOf = (services: Pick<Services, "defs">) => {
  const machine = services.defs.params.milestones as unknown as {
    closingPackage: PackageParams;
    deedOfTrustStates: string[];
  };
  return machine;
};

/** The security instrument of a home in `state`: a deed of trust where the state uses one, else a mortgage. */
export function securityInstrumentOf(services: Pick<Services, "defs">, state: unknown): string {
  const { deedOfTrustStates } = paramsOf(services);
  return typeof state === "string" && deedOfTrustStates.includes(state.toUpperCase())
    ? "deedOfTrust"
    : "mortgage";
}

/**
 * The terms the package states beyond the line and APR (the credit agreement's margin, draw and
 * repayment periods): an approval or counteroffer without one would print a blank in the agreement.
 */
export const TERMS_THE_PACKAGE_STATES = {
  margin: "Give the margin over the index: the credit agreement states it.",
  drawPeriodYears: "Give the draw period in years: the credit agreement states it.",
  repaymentPeriodYears: "Give the repayment period in years: the credit agreement states it.",
} as const;

const percent = (n: number | null | undefined, digits = 2) =>
  typeof n === "number" ? `${n.toFixed(digits)}%` : MISSING_VALUE;

/** The values the package's tokens take: the lender, the borrowers, the home and the approved terms. */
function packageValues(
  services: Pick<Services, "defs">,
  doc: Record<string, unknown>,
  borrowers: string[],
  terms: NonNullable<LoanFile["terms"]>,
  instrument: string,
): Record<string, string> & Record<ClosingPackageToken, string> {
  const { closingPackage } = paramsOf(services);
  const names = borrowers.map((role) => borrowerName(services.defs, doc, role) ?? role);
  return {
    ...lenderTokens(readLenderProfile()),
    borrowerNames: names.join(" and "),
    propertyAddress: addressLine(doc.property) ?? MISSING_VALUE,
    propertyState: String(getAt(doc, "/property/state") ?? MISSING_VALUE),
    lineAmount: formatCurrency(terms.lineAmount),
    apr: percent(terms.apr),
    dailyRate: percent(terms.apr / 365, 5),
    margin: percent(terms.margin),
    originationFee:
      typeof terms.originationFee === "number" ? formatCurrency(terms.originationFee) : formatCurrency(0),
    drawPeriodYears: terms.drawPeriodYears ? String(terms.drawPeriodYears) : MISSING_VALUE,
    repaymentPeriodYears: terms.repaymentPeriodYears ? String(terms.repaymentPeriodYears) : MISSING_VALUE,
    securityInstrument: closingPackage.securityInstrumentNames[instrument] ?? instrument,
  };
}

/** Makes the package for these terms; throws when a template is missing (npm run check refuses that). */
export function makeClosingPackage(
  services: Pick<Services, "defs">,
  doc: Record<string, unknown>,
  borrowers: string[],
  terms: NonNullable<LoanFile["terms"]>,
  now: Date,
): NonNullable<NonNullable<LoanFile["closing"]>["package"]> {
  const { closingPackage } = paramsOf(services);
  const instrument = securityInstrumentOf(services, getAt(doc, "/property/state"));
  const values = packageValues(services, doc, borrowers, terms, instrument);
  const documents: PackageDocument[] = closingPackage.documents
    .filter((d) => !d.securityInstrument || d.securityInstrument === instrument)
    .map((d) => {
      const source = readDisclosure(d.template, services.defs.texts, "closing");
      if (!source)
        throw new Error(`content/closing/${d.template}.md is missing: the closing package cannot be made`);
      const { text: _text, ...record } = signedDocument(source, values);
      return { ...record, id: d.id, template: d.template, holder: null };
    });
  return { generatedAt: now.toISOString(), documents };
}

/** A package document's filled text (its Markdown after the front matter), as signed. */
export function packageText(services: Pick<Services, "defs">, document: PackageDocument): string | null {
  const source = readDisclosure(document.template ?? document.id, services.defs.texts, "closing");
  return source ? fillTokens(source.body, document.values) : null;
}
