// The documents an application needs (rules/documents.json) and the sides of each borrower's photo
// ID (rules/identity-documents.json), read the one way server and web share: one Requirement (its
// uploaded count is the rules' answer, the only count of the files toward it), the photo ID's
// document type from the catalogue (catalogue.ts), the ID type a borrower chose and the sides it
// needs. Read tolerantly: a requirement's optional parts (subtypes, sides, label) may or may not be
// there.
import { isUploadOf, ownerRole, type BorrowerRole } from "./borrowers";
import type { Definitions } from "../definitions/definitions";
import { getAt } from "../base/pointer";
import { evaluateRuleSet } from "../logic/rules";
import { documentKind, idTypes, idTypeSides, photoIdType } from "./catalogue";

/** One requirement as rules/documents.json emits it, with the rule that asks for it and why. */
export interface Requirement {
  documentType: string;
  /** The borrower it is for; null for a property document. */
  borrower: BorrowerRole | null;
  /** The property a property document is for; null for a borrower's own document. */
  propertyId: string | null;
  /** How many are needed. */
  count: number;
  /** How many are uploaded (a photo ID: 1 once every side needed is in). */
  uploaded: number;
  /** The kinds accepted (photo ID types, alimony proof kinds); empty when any will do. */
  subtypes: string[];
  /** The sides to upload (photo IDs: ["front"] for a passport, ["front", "back"] otherwise); empty for other documents. */
  sides: string[];
  /** What to upload, in the applicant's words, e.g. "W-2 forms for 2024 and 2025". */
  label: string;
  ruleId: string;
  reason: string;
}

/** One entry of the application document's `uploads` (schemas/upload.json), as far as matching reads it. */
export interface UploadEntry {
  id?: string;
  type: string;
  subtype?: string | null;
  side?: string | null;
  isCoborrower?: boolean;
  propertyId?: string | null;
}

const RULE_SET = "identity-documents";

/** The document type of a photo ID (the catalogue's params.photoId). */
export const idDocumentType = photoIdType;

/** The requirements of an application, evaluated as documents.required does. */
export function requirementsOf(
  defs: Definitions,
  doc: Record<string, unknown>,
  today: string,
): Requirement[] {
  const { decisions } = evaluateRuleSet(defs, "documents", doc, { today });
  return decisions
    .filter((d) => d.output === "requirements" && d.value && typeof d.value === "object")
    .map((d) => ({
      ...(d.value as Omit<Requirement, "ruleId" | "reason">),
      ruleId: d.ruleId,
      reason: d.reason,
    }));
}

/** Each photo ID type and the sides it needs (the catalogue's idTypes). */
export const sidesByIdType = (defs: Definitions): Record<string, string[]> =>
  Object.fromEntries(idTypes(defs).map((type) => [type, idTypeSides(defs, type)]));

/**
 * The sides of an ID type: the catalogue's (the photo ID's sides when the type is not in it), the
 * lookup the sides rule (rules/identity-documents.json) makes for each borrower who chose that type.
 */
export const idSides = (defs: Definitions, idType: string): string[] => idTypeSides(defs, idType);

/** Who on the application shows a photo ID, as rules/identity-documents.json decides (the co-borrower only while one applies). */
export function idHolders(defs: Definitions, doc: Record<string, unknown>, today: string): BorrowerRole[] {
  try {
    const { outputs } = evaluateRuleSet(defs, RULE_SET, doc, { today });
    return ((outputs.sides as { borrower?: unknown }[] | undefined) ?? [])
      .map((s) => s.borrower)
      .filter((b): b is BorrowerRole => typeof b === "string");
  } catch {
    return [ownerRole(defs)]; // answers the rule set cannot read yet: the borrower alone
  }
}

/** The ID type a borrower chose on the identity-verification step (schemas/identity-verification.json, one choice per borrower), if any. */
export function chosenIdType(doc: unknown, borrower: BorrowerRole): string | null {
  const idType = getAt(doc, `/identityVerification/${borrower}/idType`);
  return typeof idType === "string" ? idType : null;
}

export const uploadsOf = (doc: Record<string, unknown>): UploadEntry[] =>
  Array.isArray(doc.uploads) ? (doc.uploads as UploadEntry[]) : [];

/** A borrower's own photo ID uploads. */
export const idUploadsOf = (
  defs: Definitions,
  doc: Record<string, unknown>,
  borrower: BorrowerRole,
): UploadEntry[] =>
  uploadsOf(doc).filter((u) => u.type === idDocumentType(defs) && isUploadOf(defs, u, borrower));

/**
 * The id the document rules give the subject property: its own id, else the rules' fixed one
 * (params.documents.subjectPropertyId). An upload without a property id counts toward it.
 */
export function subjectPropertyId(defs: Definitions, doc: Record<string, unknown>): string {
  const own = (doc.property as { id?: unknown } | undefined)?.id;
  if (typeof own === "string" && own) return own;
  const fixed = (defs.params.documents as { subjectPropertyId?: unknown } | undefined)?.subjectPropertyId;
  return typeof fixed === "string" && fixed ? fixed : "subject";
}

type EnumDefs = {
  $defs?: Record<string, { oneOf?: { const: string; title: string }[] }>;
};

/** The titles of an enumeration of schemas/enums.json ("alimonyProofSubtype": divorce_decree → "Divorce decree"). */
export function enumTitles(defs: Definitions, enumName: string): Map<string, string> {
  const enums = defs.files.schemas["enums.json"] as EnumDefs | undefined;
  return new Map((enums?.$defs?.[enumName]?.oneOf ?? []).map((o) => [o.const, o.title]));
}

export const enumTitle = (defs: Definitions, enumName: string, value: string): string | undefined =>
  enumTitles(defs, enumName).get(value);

/** A label inside a sentence: an initial capital before a lower-case letter is lowered (Pay stubs → pay stubs), W-2 stays. */
export const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

/**
 * Why a document is asked for, in the applicant's words (the catalogue's applicantText), or null
 * when the data has none. The rules' descriptions are for compliance review and are not shown to
 * the applicant.
 */
export function applicantText(defs: Definitions, documentType: string): string | null {
  const text = documentKind(defs, documentType)?.applicantText;
  return text?.trim() ? text : null;
}
