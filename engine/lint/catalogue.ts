// The document catalogue (rules/document-types.json) is the one home of document types and photo
// ID types: check refuses a type named elsewhere that it does not list, and schemas/enums.json's
// enumerations that validate uploads (documentType, idDocumentSubtype) must list exactly its types
// with the same titles, since JSON Schema cannot read a rule file's params.
import type { Definitions, Problem } from "../definitions/definitions";
import type { RuleSet } from "../generated/schema-types";
import { escapeSegment } from "../base/pointer";
import { suggest } from "../base/text";

/** The rule set that is the catalogue; engine/lending/catalogue.ts reads it for the server and browser. */
export const CATALOGUE = "document-types";

type Entry = { title?: unknown; subtypes?: unknown };
type Catalogue = { photoId?: unknown; types?: Record<string, Entry>; idTypes?: Record<string, Entry> };
type EnumFile = { $defs?: Record<string, { oneOf?: { const?: unknown; title?: unknown }[] }> };

const ENUMS = "schemas/enums.json";
const objectOrEmpty = <T>(value: unknown): Record<string, T> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, T>) : {};
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An enumeration of schemas/enums.json against a table of the catalogue: same values, same titles. */
function mirrors(
  defs: Definitions,
  enumName: string,
  table: Record<string, Entry>,
  tablePointer: string,
  catalogueFile: string,
  problems: Problem[],
) {
  const options = (defs.files.schemas["enums.json"] as EnumFile | undefined)?.$defs?.[enumName]?.oneOf;
  if (!options) return;
  const listed = new Set<string>();
  options.forEach((option, i) => {
    const value = String(option.const);
    listed.add(value);
    const entry = Object.hasOwn(table, value) ? table[value] : undefined;
    if (!entry)
      problems.push({
        file: ENUMS,
        pointer: `/$defs/${enumName}/oneOf/${i}/const`,
        message: `"${value}" is not in the document catalogue (${catalogueFile}${tablePointer})${suggest(value, Object.keys(table))}: add it there first`,
      });
    else if (entry.title !== option.title)
      problems.push({
        file: ENUMS,
        pointer: `/$defs/${enumName}/oneOf/${i}/title`,
        message: `"${String(option.title)}" differs from the document catalogue's title of "${value}", ${JSON.stringify(entry.title)}`,
      });
  });
  for (const key of Object.keys(table))
    if (!listed.has(key))
      problems.push({
        file: catalogueFile,
        pointer: `${tablePointer}/${escapeSegment(key)}`,
        message: `"${key}" is missing from ${ENUMS} $defs/${enumName}, which validates uploads: add it there with the same title`,
      });
}

/** Each place outside the catalogue that names a document type, as [file, pointer, type]. */
function documentTypesNamed(defs: Definitions): [string, string, string][] {
  const named: [string, string, string][] = [];
  for (const { file, def } of defs.ruleSets.values()) {
    const set = def as RuleSet;
    (set.rules ?? []).forEach((rule, i) => {
      if (typeof rule.require === "string") named.push([file, `/rules/${i}/require`, rule.require]);
    });
  }
  const documents = defs.ruleSets.get("documents");
  for (const name of ["propertyDocumentTypes", "providedByDataConnection"])
    listOf(objectOrEmpty(documents?.def.params)[name]).forEach((type, i) =>
      named.push([documents!.file, `/params/${name}/${i}`, String(type)]),
    );
  const conditions = defs.ruleSets.get("conditions");
  for (const [code, condition] of Object.entries(
    objectOrEmpty<{ documentType?: unknown }>(objectOrEmpty(conditions?.def.params).conditions),
  ))
    if (typeof condition.documentType === "string")
      named.push([conditions!.file, `/params/conditions/${code}/documentType`, condition.documentType]);
  return named;
}

/**
 * A condition's subtypes are some of its document type's (the catalogue's) or a work authorization
 * document (schemas/enums.json conditionDocumentSubtype): a condition narrows, never invents.
 */
function checkConditionSubtypes(defs: Definitions, types: Record<string, Entry>, problems: Problem[]) {
  const conditions = defs.ruleSets.get("conditions");
  if (!conditions) return;
  const extra = (
    (defs.files.schemas["enums.json"] as EnumFile | undefined)?.$defs?.conditionDocumentSubtype?.oneOf ?? []
  ).map((o) => String(o.const));
  type Condition = { documentType?: unknown; subtypes?: unknown };
  for (const [code, c] of Object.entries(
    objectOrEmpty<Condition>(objectOrEmpty(conditions.def.params).conditions),
  )) {
    if (typeof c.documentType !== "string" || !Object.hasOwn(types, c.documentType)) continue;
    const own = listOf(types[c.documentType]!.subtypes).map(String);
    listOf(c.subtypes).forEach((subtype, i) => {
      if (!own.includes(String(subtype)) && !extra.includes(String(subtype)))
        problems.push({
          file: conditions.file,
          pointer: `/params/conditions/${code}/subtypes/${i}`,
          message: `"${String(subtype)}" is not a subtype of "${c.documentType}" in the document catalogue${suggest(String(subtype), own)}`,
        });
    });
  }
}

export function checkCatalogue(defs: Definitions, problems: Problem[]): void {
  const home = defs.ruleSets.get(CATALOGUE);
  if (!home) {
    problems.push({
      file: `rules/${CATALOGUE}.json`,
      pointer: "",
      message: "the document catalogue is missing",
    });
    return;
  }
  const { file } = home;
  const catalogue = objectOrEmpty(home.def.params) as Catalogue;
  const types = objectOrEmpty<Entry>(catalogue.types);
  const idTypes = objectOrEmpty<Entry>(catalogue.idTypes);
  const typeNames = Object.keys(types);

  const photoId = typeof catalogue.photoId === "string" ? catalogue.photoId : "";
  if (!Object.hasOwn(types, photoId))
    problems.push({
      file,
      pointer: "/params/photoId",
      message: `unknown document type "${photoId}"${suggest(photoId, typeNames)}`,
    });
  else {
    // The photo ID's subtypes are the ID types: one list, both ways.
    const subtypes = listOf(types[photoId]!.subtypes).map(String);
    subtypes.forEach((type, i) => {
      if (!Object.hasOwn(idTypes, type))
        problems.push({
          file,
          pointer: `/params/types/${escapeSegment(photoId)}/subtypes/${i}`,
          message: `"${type}" is not an ID type of params.idTypes${suggest(type, Object.keys(idTypes))}`,
        });
    });
    for (const type of Object.keys(idTypes))
      if (!subtypes.includes(type))
        problems.push({
          file,
          pointer: `/params/idTypes/${escapeSegment(type)}`,
          message: `"${type}" is not among the subtypes of the photo ID ("${photoId}")`,
        });
  }

  for (const [where, pointer, type] of documentTypesNamed(defs))
    if (!Object.hasOwn(types, type))
      problems.push({
        file: where,
        pointer,
        message: `unknown document type "${type}"${suggest(type, typeNames)}: the document catalogue (${file}) lists every document type`,
      });

  checkConditionSubtypes(defs, types, problems);
  mirrors(defs, "documentType", types, "/params/types", file, problems);
  mirrors(defs, "idDocumentSubtype", idTypes, "/params/idTypes", file, problems);
}
