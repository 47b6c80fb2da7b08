// Who answers which part of an application (rules/members.json): the applicant who owns it, and
// the members they invite (the co-borrower), each owning the answers under some pointers. Generic:
// it knows roles and pointer prefixes, never what a question is about. The server enforces a part
// on every read and save; the form renderer uses the same part to show only what is the reader's.
import type { Definitions } from "./definitions";
import type { JsonSchema } from "./bundle";
import { escapeSegment, getAt, isWithin, setAt } from "./pointer";
import { evaluateRuleSet } from "./rules";
import { flowStepsFor } from "./funnel";

/** The role of the applicant who started (owns) the application. */
export const OWNER_ROLE = "borrower";

export interface MemberRole {
  label: string;
  /** The answers the member owns: theirs alone while they answer their part. */
  owns: string[];
  /** Shared answers the member reads but never writes (the borrower's name, the property). */
  sees: string[];
  /** Answers of the member's part that the owner still reads (their name and email). */
  ownerSees: string[];
  /** The `borrower` value of the document requirements (rules/documents.json) that are the member's. */
  documents: string;
  /** The answer holding the address the invite goes to. */
  inviteEmail: string;
  inviteValidDays: number;
  /** The answers that make the member's name, joined (what their session shows). */
  namePointers: string[];
}

/**
 * What one reader may see and change of an application: a member only their own pointers (`only`);
 * the owner everything but the parts members answer themselves (`except`).
 */
export interface Part {
  role: string;
  only: string[] | null;
  except: string[];
}

export function memberRoles(defs: Definitions): Record<string, MemberRole> {
  return (defs.params.members?.roles ?? {}) as Record<string, MemberRole>;
}

export function memberRole(defs: Definitions, role: string): MemberRole {
  const found = memberRoles(defs)[role];
  if (!found) throw new Error(`unknown member role "${role}" (rules/members.json)`);
  return found;
}

/** The member roles that answer their own part of this (stored, complete) application now. */
export function activeRoles(defs: Definitions, application: unknown): string[] {
  if (!defs.ruleSets.has("members")) return [];
  const { outputs } = evaluateRuleSet(defs, "members", application ?? {});
  return Object.keys(memberRoles(defs)).filter((role) => outputs[role] === true);
}

/** The part of `role`: for the owner, it depends on which members answer their own part now. */
export function partOf(defs: Definitions, role: string, application: unknown): Part {
  if (role !== OWNER_ROLE) return { role, only: memberRole(defs, role).owns, except: [] };
  return { role, only: null, except: activeRoles(defs, application).flatMap((r) => memberRole(defs, r).owns) };
}

/** How much of the subtree at `pointer` is the part's: all of it, some of it below, or none. */
export function reach(part: Part, pointer: string): "all" | "some" | "none" {
  if (part.only) {
    if (part.only.some((p) => isWithin(pointer, p))) return "all";
    return part.only.some((p) => isWithin(p, pointer)) ? "some" : "none";
  }
  if (part.except.some((p) => isWithin(pointer, p))) return "none";
  return part.except.some((p) => isWithin(p, pointer)) ? "some" : "all";
}

export const writes = (part: Part, pointer: string) => reach(part, pointer) === "all";

/** Whether the part covers the whole application (the owner, when nobody else answers a part). */
export const isWhole = (part: Part) => part.only === null && part.except.length === 0;

/**
 * `next` limited to the part: the stored document, changed only where the part may write. So the
 * answers of one borrower never overwrite the other's, whatever a request sends.
 */
export function keepToPart(part: Part, stored: unknown, next: unknown): Record<string, unknown> {
  const put = (doc: unknown, pointer: string, value: unknown) => (value === undefined && getAt(doc, pointer) === undefined ? doc : setAt(doc, pointer, value));
  const out = part.only
    ? part.only.reduce<unknown>((doc, p) => put(doc, p, getAt(next, p)), stored ?? {})
    : part.except.reduce<unknown>((doc, p) => put(doc, p, getAt(stored, p)), next ?? {});
  return out as Record<string, unknown>;
}

/** A copy of `doc` with only the values at `pointers` (and below). */
function pick(doc: unknown, pointers: readonly string[]): Record<string, unknown> {
  return pointers.reduce((out, p) => {
    const value = getAt(doc, p);
    return (value === undefined ? out : setAt(out, p, structuredClone(value))) as Record<string, unknown>;
  }, {} as Record<string, unknown>);
}

/** What a reader is shown of an application: their part, and the shared answers their role reads. */
export function viewFor(defs: Definitions, part: Part, doc: unknown): Record<string, unknown> {
  if (part.only) return pick(doc, [...part.only, ...memberRole(defs, part.role).sees]);
  if (part.except.length === 0) return (doc ?? {}) as Record<string, unknown>;
  const shown = activeRoles(defs, doc).flatMap((r) => memberRole(defs, r).ownerSees);
  const without = part.except.reduce<unknown>((d, p) => (getAt(d, p) === undefined ? d : setAt(d, p, undefined)), doc ?? {});
  return shown.reduce<unknown>((d, p) => {
    const value = getAt(doc, p);
    return value === undefined ? d : setAt(d, p, value);
  }, without) as Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A step's answer schema limited to the part: properties outside it are left out (and no longer
 * required). A subtree partly in the part is walked through its `properties`.
 */
export function schemaForPart(schema: JsonSchema, part: Part, at = ""): JsonSchema {
  if (isWhole(part) || !isObject(schema.properties)) return schema;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema.properties)) {
    const pointer = `${at}/${escapeSegment(key)}`;
    const r = reach(part, pointer);
    if (r === "all") properties[key] = value;
    else if (r === "some") properties[key] = isObject(value) ? schemaForPart(value as JsonSchema, part, pointer) : value;
  }
  const out: JsonSchema = { ...schema, properties };
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).filter((k) => k in properties);
  return out;
}

/** A step's UI schema limited to the part, the same way (ui:order keeps only what is left). */
export function uiSchemaForPart(uiSchema: Record<string, unknown>, part: Part, at = ""): Record<string, unknown> {
  if (isWhole(part)) return uiSchema;
  const left = (key: string) => key === "*" || reach(part, `${at}/${escapeSegment(key)}`) !== "none";
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "ui:order" && Array.isArray(value)) out[key] = value.filter((k) => left(String(k)));
    else if (key.startsWith("ui:")) out[key] = value;
    else if (left(key)) out[key] = isObject(value) && reach(part, `${at}/${escapeSegment(key)}`) === "some" ? uiSchemaForPart(value, part, `${at}/${escapeSegment(key)}`) : value;
  }
  return out;
}

/** Whether a step asks anything of the part (a step with no answers, a display, always does). */
export function stepHasPart(schema: JsonSchema, part: Part): boolean {
  const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  return properties.length === 0 || properties.some((key) => reach(part, `/${escapeSegment(key)}`) !== "none");
}

/** The flow a member role walks (the flow whose answeredBy is the role); null for the owner. */
export function flowOfRole(defs: Definitions, role: string): string | null {
  if (role === OWNER_ROLE) return null;
  for (const { def } of defs.flows.values()) if (def.answeredBy === role) return def.id;
  return null;
}

/** Whether a role may open a step: the owner any, a member the steps of their flow. */
export function opensStep(defs: Definitions, role: string, stepId: string): boolean {
  const flowId = flowOfRole(defs, role);
  if (role === OWNER_ROLE) return true;
  return !!flowId && !!defs.flows.get(flowId)?.def.variants.some((v) => v.steps.includes(stepId));
}

/** Where a member is due: the first step of their walk they have not saved yet, else its last (their progress page). */
export function dueStep(defs: Definitions, role: string, application: unknown, completed: readonly string[], today?: string): string | null {
  const flowId = flowOfRole(defs, role);
  const first = flowId ? defs.flows.get(flowId)?.def.variants[0]?.steps[0] : undefined;
  if (!flowId || !first) return null;
  const walk = flowStepsFor(defs, first, application, { flow: flowId, today });
  return walk ? (walk.steps.find((id) => !completed.includes(id)) ?? walk.steps.at(-1) ?? null) : null;
}

/**
 * Which document requirements (rules/documents.json, by their `borrower`) are the reader's to
 * upload and see: a member's own; for the owner, all but those of members answering their part.
 */
export function documentsFor(defs: Definitions, part: Part, application: unknown): (borrower: string | null) => boolean {
  if (part.only) {
    const own = memberRole(defs, part.role).documents;
    return (borrower) => borrower === own;
  }
  const others = new Set(activeRoles(defs, application).map((role) => memberRole(defs, role).documents));
  return (borrower) => borrower === null || !others.has(borrower);
}
