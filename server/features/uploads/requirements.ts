// Which requirement an upload counts toward. The requirements are those documents.required
// shows the applicant (rules/documents.json on the stored application, engine/lending/documents.ts); an
// upload must name one of them by document type, borrower and property, and, for a photo ID, a
// side the sides rule (rules/identity-documents.json) asks for.
import { isUploadOf, ownerRole, type BorrowerRole } from "@engine/lending/borrowers";
import { roleLabel } from "@engine/funnel/members";
import type { Definitions } from "@engine/definitions/definitions";
import { documentTitle, idTypes, idTypeTitle, isSatisfied } from "@engine/lending/catalogue";
import { said, type Said, type SaidValue } from "@engine/locale/server-words";
import { sideWordId } from "@engine/locale/display-words";
import {
  chosenIdType,
  idDocumentType,
  idSides,
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

/** A side as the checklist names it ("front", "back": engine words), or as written when it has no word. */
const sideWord = (side: string): SaidValue => {
  const id = sideWordId(side);
  return id ? said(id) : side;
};

/** Items as a sentence lists them: "a, b and c" (`list.and`) or "a, b or c" (`refusal.upload.or`). */
function listOf(items: string[], joiner: "list.and" | "refusal.upload.or"): SaidValue {
  const words = items.map(sideWord);
  return words.length === 1
    ? words[0]!
    : said(joiner, { first: { list: words.slice(0, -1) }, last: words.at(-1)! });
}

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
  const photoId = idDocumentType(defs);
  const typeLabel = documentTitle(defs, ask.documentType);
  // The refusals name a document by its catalogue title (a photo ID, once its type is known, by
  // that type's), a definitions string the reader's language translates, as a sentence's inside writes it.
  let document: SaidValue = { text: typeLabel, lower: true };
  const own = ask.borrower === ownerRole(defs);
  const role: SaidValue = { text: roleLabel(defs, ask.borrower), lower: true };
  /** The borrower's word: the owner's own (`.own`) or a member's, naming their role (`.member`). */
  const byBorrower = (
    id: "notForBorrower" | "sideUploaded" | "full.one",
    values: Record<string, SaidValue>,
  ): Said =>
    own ? said(`refusal.upload.${id}.own`, values) : said(`refusal.upload.${id}.member`, { ...values, role });
  const ofType = requirements.filter((r) => r.documentType === ask.documentType);
  if (ofType.length === 0)
    return { ok: false, field: "documentType", message: said("refusal.upload.notNeeded", { document }) };

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
      return { ok: false, field: "propertyId", message: said("refusal.upload.whichProperty", { document }) };
    if (forProperties || propertyId !== null)
      return { ok: false, field: "propertyId", message: said("refusal.upload.notForProperty", { document }) };
    return { ok: false, field: "borrower", message: byBorrower("notForBorrower", { document }) };
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
        message: said("refusal.upload.whichIdType", { types: idTypes(defs).join(", ") }),
      };
    if (allowedSubtypes.length > 0 && !allowedSubtypes.includes(subtype))
      return {
        ok: false,
        field: "subtype",
        message: said("refusal.upload.idNotAccepted", { subtype, types: allowedSubtypes.join(", ") }),
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
    document = { text: idTypeTitle(defs, subtype) ?? typeLabel, lower: true };
  } else if (subtype !== null && !allowedSubtypes.includes(subtype)) {
    return {
      ok: false,
      field: "subtype",
      message: allowedSubtypes.length
        ? said("refusal.upload.subtypeNotAccepted", { subtype, document, types: allowedSubtypes.join(", ") })
        : said("refusal.upload.noSubtypes", { document }),
    };
  }

  // The side: what the sides rule asks for this ID type (or the requirement's own list for other documents).
  const sides = ask.documentType === photoId ? idSides(defs, subtype!) : sidesListed(requirement.sides);
  let side = ask.side ?? null;
  if (sides.length === 0) {
    if (side !== null)
      return { ok: false, field: "side", message: said("refusal.upload.noSides", { document }) };
  } else {
    side ??= sides.length === 1 ? sides[0]! : null;
    if (side === null)
      return {
        ok: false,
        field: "side",
        message: said("refusal.upload.whichSide", { document, sides: listOf(sides, "refusal.upload.or") }),
      };
    if (!sides.includes(side))
      return {
        ok: false,
        field: "side",
        message: said(sides.length === 1 ? "refusal.upload.onlySide" : "refusal.upload.onlySides", {
          sides: listOf(sides, "list.and"),
          side: sideWord(side),
        }),
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
    const mine = uploadsOf(doc).filter(
      (u) => u.type === ask.documentType && isUploadOf(defs, u, ask.borrower),
    );
    if (mine.some((u) => u.side === side && (u.subtype ?? null) === subtype))
      return {
        ok: false,
        field: "side",
        message: byBorrower("sideUploaded", { side: sideWord(side), document }),
      };
  } else if (
    needed > 0 &&
    isSatisfied({ count: needed + extraFiles(defs), uploaded: requirement.uploaded })
  ) {
    // Room for a missed page or two beyond the count (params.documents.extraFiles), not for a flood.
    const extra = extraFiles(defs);
    const message =
      needed === 1
        ? byBorrower("full.one", { document, extra })
        : said("refusal.upload.full.many", { count: needed, document, extra });
    return { ok: false, field: "documentType", message };
  }
  return { ok: true, requirement, target, label };
}
