// Which of Fluent UI's input components (engine/react/fluent-chunks.tsx) a step's form draws with,
// from its answer and UI schemas. Pure: no React, so node's tests read it.
import type { JsonSchema } from "../definitions/bundle";
import { GROUP_WIDGETS } from "../definitions/widget-names";
import { isObject } from "../base/objects";

/** Fluent's inputs, each in a chunk of its own. */
export type ChunkName = "input" | "textarea" | "select" | "checkbox" | "radio" | "spinner";

/** The parts each widget name draws with (engine/definitions/widget-names.ts, and RJSF's default names). */
const PARTS_OF_WIDGET: Record<string, ChunkName[]> = {
  text: ["input"],
  email: ["input"],
  password: ["input"],
  currency: ["input"],
  drawAmount: ["input"],
  percent: ["input"],
  phone: ["input"],
  ssn: ["input"],
  date: ["input"],
  monthYear: ["input"],
  textarea: ["textarea"],
  select: ["select"],
  radio: ["radio"],
  checkbox: ["checkbox"],
  checkboxes: ["checkbox"],
  hidden: [],
  yesNo: [],
  choiceCards: [],
  imageChoice: [],
};

/** What RJSF draws a field of `schema` with when its UI schema names no widget (its StringField, BooleanField, ArrayField defaults). */
function defaultParts(schema: Record<string, unknown>): ChunkName[] {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const choices =
    Array.isArray(schema.enum) ||
    Array.isArray(schema.oneOf) ||
    Array.isArray(schema.anyOf) ||
    "const" in schema;
  if (types.includes("boolean")) return ["checkbox", "radio"];
  if (types.includes("array"))
    return isObject(schema.items) && (Array.isArray(schema.items.enum) || Array.isArray(schema.items.oneOf))
      ? ["select", "checkbox"]
      : [];
  if (types.includes("object")) return [];
  return choices ? ["select", "radio"] : ["input"];
}

/**
 * The parts a step's form draws with: for each field, its `ui:widget`'s, else RJSF's default for
 * its type (a yes/no without a widget may be a checkbox or radios: both). Every branch of a
 * combinator counts, so an answer that shows a field later finds its part in.
 */
export function chunksForStep(
  schema: JsonSchema,
  uiSchemas: unknown[],
  options: { sameAs?: boolean } = {},
): Set<ChunkName> {
  const found = new Set<ChunkName>(options.sameAs ? ["radio"] : []);
  const visit = (node: unknown, uis: unknown[]) => {
    if (!isObject(node)) return;
    const widget = uis
      .map((ui) => (isObject(ui) ? ui["ui:widget"] : undefined))
      .find((w): w is string => typeof w === "string");
    const named = widget !== undefined ? PARTS_OF_WIDGET[widget] : undefined;
    const branches = ["allOf", "anyOf", "oneOf"].flatMap((key) =>
      Array.isArray(node[key]) ? (node[key] as unknown[]) : [],
    );
    const hasChildren =
      isObject(node.properties) ||
      isObject(node.items) ||
      branches.some((b) => isObject(b) && (isObject(b.properties) || b.type === "object"));
    if (named) named.forEach((p) => found.add(p));
    else if (widget === undefined && !hasChildren) defaultParts(node).forEach((p) => found.add(p));
    if (widget !== undefined && GROUP_WIDGETS.has(widget)) return;
    const child = (key: string) => uis.map((ui) => (isObject(ui) ? ui[key] : undefined));
    if (isObject(node.properties))
      for (const [key, value] of Object.entries(node.properties)) visit(value, child(key));
    if (isObject(node.items)) visit(node.items, child("items"));
    for (const key of ["allOf", "anyOf", "oneOf"])
      if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) visit(branch, uis);
    for (const key of ["if", "then", "else"]) visit(node[key], uis);
    if (isObject(node.$defs)) for (const value of Object.values(node.$defs)) visit(value, []);
  };
  visit(schema, uiSchemas);
  return found;
}
