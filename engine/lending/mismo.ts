// One application as a MISMO 3.4 MESSAGE: the mapping of rules/mismo.json applied to its export
// input (engine/lending/export-file.ts) by the generic engine (engine/export/xml-map.ts), checked
// against the MISMO schema when the lender's copy is at hand, and always checked for what the schema
// cannot see: every xlink:from/xlink:to names a label of the file, labels are unique, one BORROWER
// role per borrower, every liability and asset tied to a role, and no identifier or amount dropped.
import { join } from "node:path";
import type { Definitions } from "../definitions/definitions";
import type { ExportFile } from "../generated/schema-types";
import { buildXml, serializeXml, type XmlElement, type XmlMapping } from "../export/xml-map";
import { MISMO_XSD, readXsdIndex, type XsdIndex } from "../export/xsd-index";
import { validateXml } from "../export/xsd-validate";
import { evaluate } from "../logic/logic";

export interface MismoExport {
  xml: string;
  /** Whether the file was validated against the MISMO schema (a folder was named). */
  schemaChecked: boolean;
  /** Schema errors, then link and completeness problems: empty when the file is good. */
  problems: string[];
}

/** Whether an application has reached the stage rules/mismo.json `exportWhen` names (any, when it names none). */
export function readyForExport(defs: Definitions, input: ExportFile): boolean {
  const when = (defs.params.mismo as { exportWhen?: unknown }).exportWhen;
  return when === undefined || Boolean(evaluate(when, input as never));
}

export const mismoMapping = (defs: Definitions): XmlMapping => defs.params.mismo as unknown as XmlMapping;

const indexes = new Map<string, XsdIndex>();
const indexOf = (dir: string) => {
  let index = indexes.get(dir);
  if (!index) indexes.set(dir, (index = readXsdIndex(dir)));
  return index;
};

function* walk(e: XmlElement): Generator<XmlElement> {
  yield e;
  for (const c of e.children) yield* walk(c);
}

const attr = (e: XmlElement, name: string) => e.attributes.find(([k]) => k === name)?.[1];

/** What the schema cannot check: links, one role per borrower, every debt and asset tied, nothing dropped. */
export function mismoLinkProblems(root: XmlElement, input: ExportFile): string[] {
  const problems: string[] = [];
  const labels = new Map<string, XmlElement>();
  const relationships: XmlElement[] = [];
  for (const e of walk(root)) {
    const label = attr(e, "xlink:label");
    if (label !== undefined) {
      if (labels.has(label)) problems.push(`the label ${label} is on more than one element`);
      labels.set(label, e);
    }
    if (e.name === "RELATIONSHIP") relationships.push(e);
  }
  const tied = new Set<string>();
  for (const r of relationships) {
    const from = attr(r, "xlink:from") ?? "";
    const to = attr(r, "xlink:to") ?? "";
    for (const end of [from, to])
      if (!labels.has(end)) problems.push(`a RELATIONSHIP names ${end || "no label"}, which no element has`);
    if (labels.get(to)?.name === "ROLE") tied.add(from);
  }
  const all = [...walk(root)];
  const roles = all.filter((e) => e.name === "ROLE" && e.children.some((c) => c.name === "BORROWER"));
  if (roles.length !== input.borrowers.length)
    problems.push(`${roles.length} BORROWER roles for ${input.borrowers.length} borrowers`);
  for (const e of all)
    if ((e.name === "LIABILITY" || e.name === "ASSET") && !tied.has(attr(e, "xlink:label") ?? ""))
      problems.push(`the ${e.name} ${attr(e, "xlink:label") ?? "(no label)"} is tied to no borrower's role`);
  const count = (name: string) => all.filter((e) => e.name === name).length;
  const debts = (input.application.liabilities ?? []).length + (input.application.mortgages ?? []).length;
  if (count("LIABILITY") !== debts)
    problems.push(`${count("LIABILITY")} LIABILITY elements for ${debts} debts`);
  const owned = (input.application.propertyOwnership ?? []).length;
  if (count("ASSET") !== owned)
    problems.push(`${count("ASSET")} ASSET elements for ${owned} other properties`);
  // Every SSN and every debt balance of the application is in the file.
  const texts = new Set(all.map((e) => e.text).filter((t): t is string => t !== undefined));
  for (const b of input.borrowers)
    if (b.person.ssn && !texts.has(b.person.ssn.replace(/\D/g, "")))
      problems.push(`the ${b.role}'s SSN is not in the file`);
  const employers = input.borrowers.reduce((n, b) => n + (b.person.employments ?? []).length, 0);
  if (count("EMPLOYER") !== employers)
    problems.push(`${count("EMPLOYER")} EMPLOYER elements for ${employers} employers`);
  return problems;
}

/**
 * The MESSAGE of one application. With schemaDir (the lender's copy of the MISMO schemas) children
 * are put in the schema's order and the file is validated; without it the mapping's order is used
 * (npm run check keeps it the schema's) and the file says it was not schema-checked.
 */
export function exportMismo(defs: Definitions, input: ExportFile, schemaDir: string | null): MismoExport {
  const index = schemaDir ? indexOf(schemaDir) : undefined;
  const root = buildXml(mismoMapping(defs), input, index);
  const xml = serializeXml(root);
  const problems = mismoLinkProblems(root, input);
  if (!schemaDir) return { xml, schemaChecked: false, problems };
  const check = validateXml(xml, join(schemaDir, MISMO_XSD));
  return { xml, schemaChecked: true, problems: [...check.errors, ...problems] };
}
