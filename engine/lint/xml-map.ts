// Lints an XML export mapping (engine/export/xml-map.ts; rules/mismo.json): every pointer names a
// field of the export input's schema, every value an enumeration of the application allows has a
// counterpart in the node's table; and, with the target's XML Schema at hand (npm run check), every
// element path and attribute exists, every counterpart is one of the element's enumeration values,
// and siblings come in the schema's order (the order the export uses when no schema is named).
import type { Definitions, Problem } from "../definitions/definitions";
import { expand, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import { escapeSegment, splitPointer } from "../base/pointer";
import type { MapNode, Relate, XmlMapping } from "../export/xml-map";
import { childOrder, enumerationOf, type XsdIndex } from "../export/xsd-index";
import { suggest } from "./logic";

interface Ctx {
  defs: Definitions;
  file: string;
  root: SchemaAt;
  mapping: XmlMapping;
  problems: Problem[];
}

/** The values a field's schema allows, when it is an enumeration (or a boolean); null otherwise. */
function allowedValues(defs: Definitions, ats: SchemaAt[]): string[] | null {
  const values = new Set<string>();
  let enumerated = false;
  for (const at of ats)
    for (const s of expand(defs.files, at)) {
      const { schema } = s;
      if (Array.isArray(schema.enum)) {
        enumerated = true;
        for (const v of schema.enum) if (v !== null) values.add(String(v));
      }
      if ("const" in schema && schema.const !== null) {
        enumerated = true;
        values.add(String(schema.const));
      }
      if (schema.type === "boolean" || (Array.isArray(schema.type) && schema.type.includes("boolean"))) {
        enumerated = true;
        values.add("true").add("false");
      }
    }
  return enumerated ? [...values] : null;
}

const join = (base: string[], pointer: string) => [...base, ...splitPointer(pointer)];

function checkPointer(ctx: Ctx, at: string, key: string, segments: string[]): SchemaAt[] {
  const found = schemasAt(ctx.defs.files, ctx.root, segments);
  if (!found.length)
    ctx.problems.push({
      file: ctx.file,
      pointer: `${at}/${key}`,
      message: `the pointer names no field of the export input (schemas/export-file.json): /${segments.join("/")}`,
    });
  return found;
}

function checkEnum(ctx: Ctx, at: string, table: string, ats: SchemaAt[]) {
  const map = ctx.mapping.enums[table];
  if (!map) {
    const names = Object.keys(ctx.mapping.enums);
    ctx.problems.push({
      file: ctx.file,
      pointer: `${at}/enum`,
      message: `unknown enumeration table "${table}"${suggest(table, names)}`,
    });
    return;
  }
  if ("*" in map) return;
  for (const value of allowedValues(ctx.defs, ats) ?? [])
    if (!(value in map))
      ctx.problems.push({
        file: ctx.file,
        pointer: `${at}/enum`,
        message: `the value "${value}" the application allows has no counterpart in the enumeration table "${table}"`,
      });
}

/** The scopes (schema paths of the current item) a node's `each` makes. */
function scopesOf(ctx: Ctx, at: string, scopes: string[][], each: string | string[] | undefined): string[][] {
  if (each === undefined) return scopes;
  const pointers = Array.isArray(each) ? each : [each];
  return scopes.flatMap((scope) =>
    pointers.flatMap((p, i) => {
      const segments = join(scope, p);
      const key = Array.isArray(each) ? `each/${i}` : "each";
      if (!checkPointer(ctx, at, key, segments).length) return [];
      return [Array.isArray(each) ? segments : [...segments, "*"]];
    }),
  );
}

function checkRelate(ctx: Ctx, at: string, scopes: string[][], relate: Relate) {
  const inner = scopesOf(ctx, `${at}/relate`, scopes, relate.each);
  if (typeof relate.to === "object" && "from" in relate.to) {
    const target = relate.to;
    for (const scope of inner) {
      const found = checkPointer(ctx, `${at}/relate/to`, "from", join(scope, target.from));
      if (found.length) checkEnum(ctx, `${at}/relate/to`, target.enum, found);
    }
  }
}

function checkNode(ctx: Ctx, node: MapNode, at: string, scopes: string[][]) {
  const inner = scopesOf(ctx, at, scopes, node.each);
  for (const key of ["unless", "when"] as const)
    if (node[key] !== undefined)
      for (const scope of inner) checkPointer(ctx, at, key, join(scope, node[key]!));
  if (node.relate) checkRelate(ctx, at, scopes, node.relate);
  const targets: SchemaAt[] = [];
  if (node.from !== undefined)
    for (const scope of inner) targets.push(...checkPointer(ctx, at, "from", join(scope, node.from)));
  if (node.fromInput !== undefined)
    targets.push(...checkPointer(ctx, at, "fromInput", splitPointer(node.fromInput)));
  if (node.enum !== undefined && node.value === undefined) checkEnum(ctx, at, node.enum, targets);
  (node.children ?? []).forEach((child, i) => checkNode(ctx, child, `${at}/children/${i}`, inner));
}

/** What a mapping's pointers and enumeration tables get wrong about the export input. */
export function checkXmlMapping(defs: Definitions, ruleSetId: string, inputSchema: string): Problem[] {
  const ruleSet = defs.ruleSets.get(ruleSetId);
  const mapping = defs.params[ruleSetId] as unknown as XmlMapping | undefined;
  const root = schemaFile(defs.files, inputSchema);
  if (!ruleSet || !mapping || !root) return [];
  const ctx: Ctx = { defs, file: ruleSet.file, root, mapping, problems: [] };
  (mapping.tree ?? []).forEach((node, i) => checkNode(ctx, node, `/params/tree/${i}`, [[]]));
  return ctx.problems;
}

interface XsdCtx {
  file: string;
  mapping: XmlMapping;
  index: XsdIndex;
  problems: Problem[];
}

function checkXsdNode(ctx: XsdCtx, node: MapNode, at: string, parentType: string) {
  let type = parentType;
  for (const name of node.element ? node.element.split("/") : []) {
    const child = ctx.index.children.get(type)?.find((c) => c.name === name);
    if (!child) {
      const names = (ctx.index.children.get(type) ?? []).map((c) => c.name);
      ctx.problems.push({
        file: ctx.file,
        pointer: `${at}/element`,
        message: `the MISMO schema has no element ${name} in ${type}${suggest(name, names)}`,
      });
      return;
    }
    type = child.type;
  }
  const attributes = ctx.index.attributes.get(type) ?? new Set<string>();
  for (const name of [...Object.keys(node.attributes ?? {}), ...(node.label ? ["xlink:label"] : [])])
    if (!attributes.has(name))
      ctx.problems.push({
        file: ctx.file,
        pointer: `${at}/${name === "xlink:label" ? "label" : `attributes/${escapeSegment(name)}`}`,
        message: `the MISMO schema's ${type} has no attribute ${name}`,
      });
  const allowed = enumerationOf(ctx.index, type);
  if (allowed) {
    const given =
      node.value !== undefined
        ? [node.value]
        : node.enum !== undefined
          ? Object.values(ctx.mapping.enums[node.enum] ?? {}).flat()
          : [];
    for (const value of given)
      if (!allowed.includes(value))
        ctx.problems.push({
          file: ctx.file,
          pointer: `${at}/${node.value !== undefined ? "value" : "enum"}`,
          message: `"${value}" is not a value of the MISMO enumeration of ${node.element.split("/").at(-1)}${suggest(value, allowed)}`,
        });
  }
  const order = childOrder(ctx.index, type);
  let last = -1;
  (node.children ?? []).forEach((child, i) => {
    const first = child.element.split("/")[0]!;
    const position = order.get(first);
    if (position !== undefined && position < last)
      ctx.problems.push({
        file: ctx.file,
        pointer: `${at}/children/${i}/element`,
        message: `${first} comes before its previous sibling in the MISMO schema's ${type}: move it up`,
      });
    if (position !== undefined) last = Math.max(last, position);
    checkXsdNode(ctx, child, `${at}/children/${i}`, type);
  });
}

/** What a mapping gets wrong about the target's XML Schema: unknown paths, attributes, enumeration values, order. */
export function checkXmlMappingAgainstXsd(defs: Definitions, ruleSetId: string, index: XsdIndex): Problem[] {
  const ruleSet = defs.ruleSets.get(ruleSetId);
  const mapping = defs.params[ruleSetId] as unknown as XmlMapping | undefined;
  if (!ruleSet || !mapping) return [];
  const rootType = index.roots.get(mapping.root);
  if (!rootType)
    return [
      {
        file: ruleSet.file,
        pointer: "/params/root",
        message: `the schema has no root element ${mapping.root}`,
      },
    ];
  const ctx: XsdCtx = { file: ruleSet.file, mapping, index, problems: [] };
  checkXsdNode(ctx, { element: "", children: mapping.tree }, "/params", rootType);
  return ctx.problems.map((p) =>
    p.pointer.startsWith("/params/children")
      ? { ...p, pointer: p.pointer.replace("/params/children", "/params/tree") }
      : p,
  );
}

interface FieldRow {
  name: string;
  fromInput?: string;
  enum?: string;
}

/** What a flat field list (rules/hmda-lar.json) gets wrong about the export input: pointers and enumeration tables. */
export function checkFieldMapping(defs: Definitions, ruleSetId: string, inputSchema: string): Problem[] {
  const ruleSet = defs.ruleSets.get(ruleSetId);
  const params = defs.params[ruleSetId] as { fields?: FieldRow[]; enums?: XmlMapping["enums"] } | undefined;
  const root = schemaFile(defs.files, inputSchema);
  if (!ruleSet || !params?.fields || !root) return [];
  const mapping = { enums: params.enums ?? {} } as XmlMapping;
  const ctx: Ctx = { defs, file: ruleSet.file, root, mapping, problems: [] };
  params.fields.forEach((field, i) => {
    const at = `/params/fields/${i}`;
    const found =
      field.fromInput !== undefined ? checkPointer(ctx, at, "fromInput", splitPointer(field.fromInput)) : [];
    if (field.enum !== undefined) checkEnum(ctx, at, field.enum, found);
  });
  return ctx.problems;
}
