// A generic mapping from a JSON document to an XML tree, read from data (rules/mismo.json): each
// node of the mapping names an element path, and either a value (a JSON pointer, a constant, an
// enumeration table) or children; `each` repeats a node over a list. The engine knows pointers,
// templates and element order, not lending: what maps where is the mapping file's.
import { getAt } from "../base/pointer";
import { childOrder, type XsdIndex } from "./xsd-index";

export type ValueFormat =
  "text" | "amount" | "monthlyAmount" | "date" | "indicator" | "count" | "percent" | "digits";

export interface MapNode {
  /** One element name, or several joined by "/" (the ones before the last are shared with siblings). */
  element: string;
  /** Repeat per item: a pointer (into the current item) to a list, or several pointers each naming one item (absent/null ones skipped). */
  each?: string | string[];
  /** Skip an item (or the node) when the pointer, read from the current item, is true. */
  unless?: string;
  /** Keep the node only when the pointer, read from the current item, is present and not null/false. */
  when?: string;
  /** xlink:label of the element; {n} is the 1-based number of the item within `each`. */
  label?: string;
  /** Other attributes, by name: a template ({n}) or a constant. */
  attributes?: Record<string, string>;
  /** The value: a pointer into the current item. */
  from?: string;
  /** The value: a pointer into the whole input. */
  fromInput?: string;
  /** The value: a constant (a template with {n}). */
  value?: string;
  /** The name of an enumeration table of the mapping the value is translated through. */
  enum?: string;
  format?: ValueFormat;
  children?: MapNode[];
  /** A RELATIONSHIP element per item and target: from/to labels and the arcrole. */
  relate?: Relate;
}

export interface Relate {
  each?: string | string[];
  unless?: string;
  from: string;
  /** A label template, or the targets an enumeration table gives for a pointer of the item. */
  to: string | { from: string; enum: string } | { labels: string[] };
  arcrole: string;
}

export interface XmlMapping {
  root: string;
  namespaces: Record<string, string>;
  rootAttributes: Record<string, string>;
  enums: Record<string, Record<string, string | string[]>>;
  tree: MapNode[];
}

export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlElement[];
  text?: string;
}

interface Scope {
  input: unknown;
  item: unknown;
  n: number;
}

const fill = (template: string, scope: Scope) => template.replace(/\{n\}/g, String(scope.n));

/** The value at a pointer ("" is the item itself). */
const read = (doc: unknown, pointer: string) => (pointer === "" ? doc : getAt(doc, pointer));

const truthy = (v: unknown) => v !== undefined && v !== null && v !== false;

/** The items a node repeats over, each with its number; the node's own scope when it does not repeat. */
function items(each: string | string[] | undefined, scope: Scope): Scope[] {
  if (each === undefined) return [scope];
  const list = Array.isArray(each)
    ? each.map((p) => read(scope.item, p))
    : ((read(scope.item, each) as unknown[] | undefined) ?? []);
  return (Array.isArray(list) ? list : [])
    .filter(truthy)
    .map((item, i) => ({ input: scope.input, item, n: i + 1 }));
}

const AMOUNT = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** A value in MISMO's lexical form, or null when there is none. */
export function formatValue(value: unknown, format: ValueFormat = "text"): string | null {
  if (value === undefined || value === null || value === "") return null;
  switch (format) {
    case "amount":
    case "percent":
      return typeof value === "number" && Number.isFinite(value) ? AMOUNT(value) : null;
    case "monthlyAmount":
      // An annual figure of the application as MISMO's monthly one.
      return typeof value === "number" && Number.isFinite(value)
        ? AMOUNT(Math.round((value / 12) * 100) / 100)
        : null;
    case "count":
      return typeof value === "number" && Number.isInteger(value) ? String(value) : null;
    case "indicator":
      return typeof value === "boolean"
        ? String(value)
        : value === "true" || value === "false"
          ? value
          : null;
    case "date":
      return typeof value === "string" ? value.slice(0, 10) : null;
    case "digits":
      return String(value).replace(/\D/g, "") || null;
    default:
      return typeof value === "object" ? null : String(value);
  }
}

function nodeValue(node: MapNode, scope: Scope, mapping: XmlMapping): string[] {
  let raw: unknown =
    node.value !== undefined
      ? fill(node.value, scope)
      : node.from !== undefined
        ? read(scope.item, node.from)
        : node.fromInput !== undefined
          ? read(scope.input, node.fromInput)
          : undefined;
  if (node.enum) {
    const table = mapping.enums[node.enum] ?? {};
    const key = raw === undefined || raw === null ? "null" : String(raw);
    const mapped = table[key] ?? table["*"];
    if (mapped === undefined) {
      if (key === "null") return [];
      throw new Error(`the enumeration table ${node.enum} has no value for ${JSON.stringify(raw)}`);
    }
    raw = mapped;
  }
  const values = Array.isArray(raw) ? raw : [raw];
  return values.map((v) => formatValue(v, node.format)).filter((v): v is string => v !== null);
}

const isLeaf = (node: MapNode) =>
  node.from !== undefined || node.fromInput !== undefined || node.value !== undefined;

function childNamed(parent: XmlElement, name: string): XmlElement {
  const found = parent.children.findLast((c) => c.name === name);
  if (found) return found;
  const made: XmlElement = { name, attributes: [], children: [] };
  parent.children.push(made);
  return made;
}

function relationships(relate: Relate, scope: Scope, mapping: XmlMapping): XmlElement[] {
  const out: XmlElement[] = [];
  for (const at of items(relate.each, scope)) {
    if (relate.unless && truthy(getAt(at.item, relate.unless))) continue;
    const targets =
      typeof relate.to === "string"
        ? [fill(relate.to, at)]
        : "labels" in relate.to
          ? relate.to.labels
          : [mapping.enums[relate.to.enum]?.[String(getAt(at.item, relate.to.from))] ?? []].flat();
    for (const to of targets)
      out.push({
        name: "RELATIONSHIP",
        attributes: [
          ["xlink:arcrole", relate.arcrole],
          ["xlink:from", fill(relate.from, at)],
          ["xlink:to", to],
        ],
        children: [],
      });
  }
  return out;
}

function place(parent: XmlElement, node: MapNode, scope: Scope, mapping: XmlMapping): void {
  for (const at of items(node.each, scope)) {
    if (node.unless && truthy(getAt(at.item, node.unless))) continue;
    if (node.when && !truthy(getAt(at.item, node.when))) continue;
    const names = node.element.split("/");
    const last = names.pop()!;
    let host = parent;
    for (const name of names) host = childNamed(host, name);
    if (node.relate) {
      host.children.push(...relationships(node.relate, at, mapping));
      continue;
    }
    if (isLeaf(node)) {
      for (const text of nodeValue(node, at, mapping))
        host.children.push({ name: last, attributes: [], children: [], text });
      continue;
    }
    const element: XmlElement = { name: last, attributes: [], children: [] };
    if (node.label) element.attributes.push(["xlink:label", fill(node.label, at)]);
    for (const [name, template] of Object.entries(node.attributes ?? {}))
      element.attributes.push([name, fill(template, at)]);
    for (const child of node.children ?? []) place(element, child, at, mapping);
    host.children.push(element);
  }
}

/** Removes containers left without content (a section whose every value was absent). */
function prune(element: XmlElement): boolean {
  element.children = element.children.filter(prune);
  return element.text !== undefined || element.children.length > 0 || element.name === "RELATIONSHIP";
}

/** Children in the order of the schema (stable: items of one name keep their order). */
export function orderBySchema(element: XmlElement, type: string, index: XsdIndex): void {
  const order = childOrder(index, type);
  const kinds = new Map((index.children.get(type) ?? []).map((c) => [c.name, c.type]));
  element.children.sort((a, b) => (order.get(a.name) ?? 1e6) - (order.get(b.name) ?? 1e6));
  for (const child of element.children) {
    const childType = kinds.get(child.name);
    if (childType) orderBySchema(child, childType, index);
  }
}

/** The XML tree of one input under a mapping; ordered by the schema when its index is given. */
export function buildXml(mapping: XmlMapping, input: unknown, index?: XsdIndex): XmlElement {
  const root: XmlElement = {
    name: mapping.root,
    attributes: [
      ...Object.entries(mapping.namespaces).map(([prefix, uri]): [string, string] => [
        prefix ? `xmlns:${prefix}` : "xmlns",
        uri,
      ]),
      ...Object.entries(mapping.rootAttributes),
    ],
    children: [],
  };
  const scope: Scope = { input, item: input, n: 1 };
  for (const node of mapping.tree) place(root, node, scope, mapping);
  prune(root);
  const rootType = index?.roots.get(mapping.root);
  if (index && rootType) orderBySchema(root, rootType, index);
  return root;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** The tree as an XML document, indented two spaces. */
export function serializeXml(root: XmlElement): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const write = (e: XmlElement, depth: number) => {
    const pad = "  ".repeat(depth);
    const attrs = e.attributes.map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join("");
    if (e.text !== undefined) lines.push(`${pad}<${e.name}${attrs}>${escapeXml(e.text)}</${e.name}>`);
    else if (e.children.length === 0) lines.push(`${pad}<${e.name}${attrs}/>`);
    else {
      lines.push(`${pad}<${e.name}${attrs}>`);
      for (const c of e.children) write(c, depth + 1);
      lines.push(`${pad}</${e.name}>`);
    }
  };
  write(root, 0);
  return `${lines.join("\n")}\n`;
}
