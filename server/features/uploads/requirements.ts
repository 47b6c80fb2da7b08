// Which requirement an upload counts toward. The requirements are those documents.required
// shows the applicant (rules/documents.json on the stored application, engine/lending/documents.ts); an
// upload must name one of them by document type, borrower and property, and, for a photo ID, a
// side the sides rule (rules/identity-documents.json) asks for.
import { isUploadOf, ownerRole, roleWords, type BorrowerRole } from "@engine/lending/borrowers";
import { roleLabel } from "@engine/funnel/members";
import type { Definitions } from "@engine/definitions/definitions";
import { documentTitle, idTypes, idTypeTitle, isSatisfied } from "@engine/lending/catalogue";
import { said, type Said } from "@engine/locale/server-words";
import {
  chosenIdType,
  idDocumentType,
  idSides,
  inSentence,
  requirementsOf,
  subjectPropertyId,
  uploadsOf,
  type Requirement,
} from "@engine/lending/documents";

export interface UploadTarget {
  documentType: string;
  borrower: BorrowerRole;
  propertyId: string | null;
  subtype: string | null;
  side: string | null;
}

export type Resolved =
  | { ok: true; requirement: Requirement; target: UploadTarget; label: string }
  | {
      ok: false;
      field: "documentType" | "borrower" | "propertyId" | "subtype" | "side";
      /** English, or an engine word the route writes in the reader's language. */
      message: string | Said;
    };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** Sides named by a requirement, whether listed as strings or as {side} objects. */
const sidesListed = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((v) =>
        typeof v === "string"
          ? [v]
          : v && typeof v === "object" && typeof (v as { side?: unknown }).side === "string"
            ? [(v as { side: string }).side]
            : [],
      )
    : [];

const norm = (id: string | null | undefined) => id ?? null;

export interface UploadAsk {
  documentType: string;
  borrower: BorrowerRole;
  propertyId?: string | null;
  subtype?: string | null;
  side?: string | null;
}

/** The files an applicant may add to a document beyond its count (rules/documents.json params.documents.extraFiles). */
const extraFiles = (defs: Definitions): number => {
  const extra = (defs.params.documents as { extraFiles?: unknown } | undefined)?.extraFiles;
  return typeof extra === "number" && Number.isInteger(extra) && extra >= 0 ? extra : 0;
};

/**
 * The requirement an upload is for, with its subtype and side settled, or why it is refused:
 * not a document the application needs, the wrong borrower or property, a subtype or side the
 * requirement does not have, or a requirement that already has all its files.
 */
export function resolveUpload(
  defs: Definitions,
  doc: Record<string, unknown>,
  ask: UploadAsk,
  today: string,
): Resolved {
  const requirements = requirementsOf(defs, doc, today);
  const whose = (borrower: BorrowerRole) => roleWords(defs, borrower).whose;
  const photoId = idDocumentType(defs);
  const typeLabel = documentTitle(defs, ask.documentType);
  const ofType = requirements.filter((r) => r.documentType === ask.documentType);
  if (ofType.length === 0)
    return {
      ok: false,
      field: "documentType",
      message: `Your application does not need ${inSentence(typeLabel)}, so it cannot be uploaded.`,
    };

  const subjectId = subjectPropertyId(defs, doc);
  const forBorrower = (r: Requirement) => (r.borrower ?? ownerRole(defs)) === ask.borrower;
  let propertyId = norm(ask.propertyId);
  let matches = ofType.filter((r) => norm(r.propertyId) === propertyId && forBorrower(r));
  // A property document sent without a property id is for the subject property, as the rules count it.
  if (matches.length === 0 && propertyId === null) {
    matches = ofType.filter((r) => r.propertyId === subjectId && forBorrower(r));
    if (matches.length > 0) propertyId = subjectId;
  }
  if (matches.length === 0) {
    const forProperties = ofType.some((r) => r.propertyId !== null && r.propertyId !== undefined);
    if (forProperties && propertyId === null)
      return {
        ok: false,
        field: "propertyId",
        message: `Say which property the ${inSentence(typeLabel)} is for.`,
      };
    if (forProperties || propertyId !== null)
      return {
        ok: false,
        field: "propertyId",
        message: `Your application does not need ${inSentence(typeLabel)} for that property.`,
      };
    return {
      ok: false,
      field: "borrower",
      message: `Your application does not need ${whose(ask.borrower)} ${inSentence(typeLabel)}.`,
    };
  }
  const requirement = matches[0]!;
  const label = typeof requirement.label === "string" && requirement.label ? requirement.label : typeLabel;
  const needed = matches.reduce((sum, r) => sum + (Number.isFinite(r.count) ? r.count : 0), 0);
  const allowedSubtypes = strings(requirement.subtypes);

  // The subtype: for a photo ID the type chosen on the identity step; otherwise one of the requirement's, if it lists any.
  let subtype = ask.subtype ?? null;
  if (ask.documentType === photoId) {
    const chosen = chosenIdType(doc, ask.borrower);
    subtype ??= chosen;
    if (!subtype)
      return {
        ok: false,
        field: "subtype",
        message: `Say which kind of photo ID this is: one of ${idTypes(defs).join(", ")}.`,
      };
    if (allowedSubtypes.length > 0 && !allowedSubtypes.includes(subtype))
      return {
        ok: false,
        field: "subtype",
        message: `"${subtype}" is not a photo ID we accept. Use one of: ${allowedSubtypes.join(", ")}.`,
      };
    if (chosen && subtype !== chosen) {
      // The ID type's title is a definitions string: the reader's language translates it.
      const idType = { text: idTypeTitle(defs, chosen) ?? chosen, lower: true };
      return {
        ok: false,
        field: "subtype",
        message:
          ask.borrower === ownerRole(defs)
            ? said("refusal.upload.idChosen.own", { idType })
            : said("refusal.upload.idChosen.member", {
                idType,
                role: { text: roleLabel(defs, ask.borrower), lower: true },
              }),
      };
    }
  } else if (subtype !== null && !allowedSubtypes.includes(subtype)) {
    return {
      ok: false,
      field: "subtype",
      message: allowedSubtypes.length
        ? `"${subtype}" is not a kind of ${inSentence(label)} we accept. Use one of: ${allowedSubtypes.join(", ")}.`
        : `${label} has no kinds to choose from: leave the subtype out.`,
    };
  }

  // The side: what the sides rule asks for this ID type (or the requirement's own list for other documents).
  const sides = ask.documentType === photoId ? idSides(defs, subtype!) : sidesListed(requirement.sides);
  let side = ask.side ?? null;
  if (sides.length === 0) {
    if (side !== null)
      return { ok: false, field: "side", message: `${label} has no front and back: leave the side out.` };
  } else {
    side ??= sides.length === 1 ? sides[0]! : null;
    if (side === null)
      return {
        ok: false,
        field: "side",
        message: `Say which side of the ${inSentence(label)} this is: ${sides.join(" or ")}.`,
      };
    if (!sides.includes(side))
      return {
        ok: false,
        field: "side",
        message: `Only the ${sides.join(" and ")} ${sides.length === 1 ? "is" : "are"} needed for this document, not the ${side}.`,
      };
  }

  const target: UploadTarget = {
    documentType: ask.documentType,
    borrower: ask.borrower,
    propertyId,
    subtype,
    side,
  };
  // How many count is the rules' answer (the requirement's uploaded, every match counting the same
  // files); only a side already in is looked up among the borrower's own files of the type.
  if (side !== null) {
    const own = uploadsOf(doc).filter(
      (u) => u.type === ask.documentType && isUploadOf(defs, u, ask.borrower),
    );
    if (own.some((u) => u.side === side && (u.subtype ?? null) === subtype))
      return {
        ok: false,
        field: "side",
        message: `The ${side} of ${whose(ask.borrower)} ${inSentence(label)} is already uploaded. Remove it first to upload a new one.`,
      };
  } else if (
    needed > 0 &&
    isSatisfied({ count: needed + extraFiles(defs), uploaded: requirement.uploaded })
  ) {
    // Room for a missed page or two beyond the count (params.documents.extraFiles), not for a flood.
    const message =
      needed === 1
        ? `You have already uploaded ${whose(ask.borrower)} ${inSentence(label)} and ${extraFiles(defs)} more files. Remove one first to upload a new one.`
        : `You have already uploaded all ${needed} ${inSentence(label)} needed and ${extraFiles(defs)} more files. Remove one first to upload a new one.`;
    return { ok: false, field: "documentType", message };
  }
  return { ok: true, requirement, target, label };
}
