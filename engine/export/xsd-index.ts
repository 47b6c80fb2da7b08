// What an XML Schema (the MISMO reference model's split set of files) says about element names: the
// children a complex type has, in their schema order, each child's type, the attributes a type takes,
// and the enumeration values of a simple type. Read with a plain scan of the schema's text: the
// MISMO files declare every complex type at top level with local elements, so nothing more general
// than that is needed to lint a mapping (does this path exist, is this value one of its enumeration)
// and to put children in the schema's order.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";

export interface XsdChild {
  name: string;
  type: string;
}

export interface XsdIndex {
  /** A top-level element's type by its name (MESSAGE → MESSAGE). */
  roots: Map<string, string>;
  /** A complex type's child elements in schema order. */
  children: Map<string, XsdChild[]>;
  /** A complex type's attribute names (xlink attribute groups as "xlink:label", ...). */
  attributes: Map<string, Set<string>>;
  /** A type's base (simpleContent extension or restriction). */
  bases: Map<string, string>;
  /** A simple type's enumeration values. */
  enumerations: Map<string, string[]>;
}

const XLINK_GROUPS: Record<string, string[]> = {
  "xlink:MISMOresourceLink": ["xlink:label"],
  "xlink:MISMOarcLink": ["xlink:from", "xlink:to", "xlink:arcrole", "xlink:label"],
};

const BLOCK = /<xsd:(complexType|simpleType) name="([^"]+)">([\s\S]*?)<\/xsd:\1>/g;
const ELEMENT = /<xsd:element name="([^"]+)" type="([^"]+)"/g;
const ATTRIBUTE = /<xsd:attribute name="([^"]+)"/g;
const ATTRIBUTE_GROUP = /<xsd:attributeGroup ref="([^"]+)"/g;
const BASE = /<xsd:(?:extension|restriction) base="([^"]+)"/;
const ENUMERATION = /<xsd:enumeration value="([^"]*)"/g;
const ROOT = /^\t<xsd:element name="([^"]+)" type="([^"]+)"/gm;

/** Indexes the schema files of a folder (every *.xsd in it). */
export function readXsdIndex(dir: string): XsdIndex {
  const index: XsdIndex = {
    roots: new Map(),
    children: new Map(),
    attributes: new Map(),
    bases: new Map(),
    enumerations: new Map(),
  };
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".xsd"))) {
    const text = readFileSync(join(dir, name), "utf8");
    for (const m of text.matchAll(ROOT)) index.roots.set(m[1]!, m[2]!);
    for (const [, kind, typeName, body] of text.matchAll(BLOCK)) {
      const base = BASE.exec(body!)?.[1];
      if (base) index.bases.set(typeName!, base);
      if (kind === "simpleType") {
        const values = [...body!.matchAll(ENUMERATION)].map((m) => m[1]!);
        if (values.length) index.enumerations.set(typeName!, values);
        continue;
      }
      const kids = [...body!.matchAll(ELEMENT)].map((m) => ({ name: m[1]!, type: m[2]! }));
      if (kids.length) index.children.set(typeName!, kids);
      const attrs = new Set([...body!.matchAll(ATTRIBUTE)].map((m) => m[1]!));
      for (const m of body!.matchAll(ATTRIBUTE_GROUP))
        for (const a of XLINK_GROUPS[m[1]!] ?? []) attrs.add(a);
      index.attributes.set(typeName!, attrs);
    }
  }
  return index;
}

/** The enumeration values an element of this type may hold, or null when it is not an enumeration. */
export function enumerationOf(index: XsdIndex, type: string): string[] | null {
  for (let t: string | undefined = type, hops = 0; t && hops < 5; t = index.bases.get(t), hops++) {
    const values = index.enumerations.get(t);
    if (values) return values;
  }
  return null;
}

/** The type of the element a path of names reaches from a root element, or null when the schema has no such path. */
export function typeAt(index: XsdIndex, path: string[]): string | null {
  const [root, ...rest] = path;
  let type = root === undefined ? undefined : index.roots.get(root);
  for (const name of rest) {
    if (!type) return null;
    type = index.children.get(type)?.find((c) => c.name === name)?.type;
  }
  return type ?? null;
}

/** The schema's position of each child name of a complex type (for ordering). */
export function childOrder(index: XsdIndex, type: string): Map<string, number> {
  return new Map((index.children.get(type) ?? []).map((c, i) => [c.name, i]));
}

/**
 * The folder of the MISMO schemas, if there is one: MISMO_SCHEMA_DIR (a lender's own copy: the
 * schemas are MISMO's and never part of this product), else the workplace's shared copy beside the repository.
 */
export function mismoSchemaDir(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env.MISMO_SCHEMA_DIR;
  if (named) return existsSync(join(named, MISMO_XSD)) ? named : null;
  const beside = join(repoRoot, "..", "shared", "mismo-3.4");
  return existsSync(join(beside, MISMO_XSD)) ? beside : null;
}

export const MISMO_XSD = "MISMO_3.4.0_B324.xsd";
