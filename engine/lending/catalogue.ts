// The document catalogue (rules/document-types.json): every document type with its title, the
// applicant's label, the count needed, the subtypes and sides accepted and why we ask, and every
// photo ID type with its sides. The rules read it as params.document-types; everything else reads
// it here, so a document's words and numbers have one home.
import type { Definitions } from "../definitions/definitions";
import { CATALOGUE } from "../lint/catalogue";
import { paramPlace, type Place } from "../definitions/param-place";

/** One document type of the catalogue. */
export interface DocumentKind {
  title: string;
  label: string;
  count: number;
  /** The kinds accepted; empty when any will do. */
  subtypes: string[];
  /** The sides to upload while the kind is not known; empty for a one-sided document. */
  sides: string[];
  applicantText: string;
}

/** One photo ID type: its title and the sides to upload. */
export interface IdKind {
  title: string;
  sides: string[];
}

interface Catalogue {
  photoId?: string;
  types?: Record<string, Partial<DocumentKind>>;
  idTypes?: Record<string, Partial<IdKind>>;
}

const catalogue = (defs: Definitions): Catalogue => (defs.params[CATALOGUE] ?? {}) as Catalogue;

const own = <T>(table: Record<string, T> | undefined, key: string): T | undefined =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The document types the catalogue lists, in its order. */
export const documentTypes = (defs: Definitions): string[] => Object.keys(catalogue(defs).types ?? {});

/** A document type's entry, or undefined for a type the catalogue does not list. */
export function documentKind(defs: Definitions, type: string): DocumentKind | undefined {
  const kind = own(catalogue(defs).types, type);
  if (!kind) return undefined;
  return {
    title: kind.title ?? type,
    label: kind.label ?? kind.title ?? type,
    count: typeof kind.count === "number" ? kind.count : 1,
    subtypes: strings(kind.subtypes),
    sides: strings(kind.sides),
    applicantText: kind.applicantText ?? "",
  };
}

/** What staff and forms call a document type (its title, for paystub: Pay stubs); the type itself when not listed. */
export const documentTitle = (defs: Definitions, type: string): string =>
  own(catalogue(defs).types, type)?.title ?? type;

/**
 * The subtypes a request accepts (a condition's, a lender's): its own list, or when it lists none
 * the document type's in the catalogue (none there: any).
 */
export const acceptedSubtypes = (defs: Definitions, type: string, listed: string[] = []): string[] =>
  listed.length ? listed : (documentKind(defs, type)?.subtypes ?? []);

/** A condition's short name: its own label, else its document type's title (the catalogue's). */
export const conditionLabel = (
  defs: Definitions,
  condition: { label?: string | null; documentType?: string | null },
): string => condition.label ?? (condition.documentType ? documentTitle(defs, condition.documentType) : "");

/** Where conditionLabel's words for a catalogue condition are written: its own label at `own`, else its document type's title. */
export const conditionLabelPlace = (
  defs: Definitions,
  condition: { label?: string | null; documentType?: string | null },
  own: Place,
): Place =>
  condition.label == null && condition.documentType
    ? paramPlace(defs, CATALOGUE, "types", condition.documentType, "title")
    : own;

/** The document type of a photo ID (params.photoId). */
export function photoIdType(defs: Definitions): string {
  const type = catalogue(defs).photoId;
  if (!type) throw new Error(`rules/${CATALOGUE}.json has no params.photoId`);
  return type;
}

/** The photo ID types the catalogue lists, in its order. */
export const idTypes = (defs: Definitions): string[] => Object.keys(catalogue(defs).idTypes ?? {});

/** What a photo ID type is called (its title); undefined for a type not listed. */
export const idTypeTitle = (defs: Definitions, idType: string): string | undefined =>
  own(catalogue(defs).idTypes, idType)?.title;

/**
 * The sides of a photo ID type; a type the catalogue does not list (or none yet) needs the photo
 * ID document type's sides, as the sides rule (rules/identity-documents.json) decides.
 */
export function idTypeSides(defs: Definitions, idType: string | null): string[] {
  const listed = idType === null ? undefined : own(catalogue(defs).idTypes, idType)?.sides;
  if (listed) return strings(listed);
  const photoId = catalogue(defs).photoId;
  return photoId ? strings(own(catalogue(defs).types, photoId)?.sides) : [];
}

/** A requirement's counts, as documents.required gives them. */
export interface Counted {
  count: number;
  uploaded: number;
}

/** Whether a requirement has all it needs: the one test of "done" for every reader. */
export const isSatisfied = (r: Counted): boolean => r.uploaded >= r.count;

/** How many files a requirement still needs (0 once satisfied). */
export const stillNeeded = (r: Counted): number => Math.max(0, r.count - r.uploaded);
