// What of the definitions one funnel page is sent (the first page's weight: docs/performance.md), instead of
// every step's files: a page needs its own step whole, but of the other steps only what the
// progress bar, the guards and Back read. Pure: the server cuts the files (server/transport/trpc/routers/
// definitions.ts), the browser joins the parts it was sent (web/src/pages/funnel/definitions.ts).
//
// A page's files are
// - every flow, whole (the progress walks them, and the validators of the steps that may follow
//   are found through them);
// - the page's step, whole, as the server built it: an eachBorrower template made into each
//   borrower's part, its answer schema with every `$ref` inlined (engine/definitions/bundle.ts), so no schema
//   file need come with it;
// - every other step as an outline: its id, route, labels, rank, skipWhen (the progress passes
//   over skipped steps), the steps its branches name (no conditions; no target that logic works
//   out, which the server follows), and the names of its schema's top-level properties, and below
//   them as deep as a member's part reaches (which borrower's part it holds: engine/funnel/asks.ts);
// - whole, the rule sets every funnel page evaluates (the guards, the funnel's tables, the
//   members), those the kept logic names as `rules.<id>` (and what those read in turn); every
//   other rule set only as its id, and its params where kept logic reads them as `params.<id>`.
//   A rule set's input is judged by the validator the server compiled (engine/validation/precompiled.ts), so
//   the schemas it names are not sent.
// A step that places a display (an offer, a document checklist, the application's summary...) is
// sent with every file: displays read the definitions freely.
import { bundleSchema, type JsonSchema } from "../definitions/bundle";
import {
  stepSchemaUri,
  type DefinitionFiles,
  type Definitions,
  type RuleSet,
  type Step,
} from "../definitions/definitions";
import { ruleSetsNamed } from "../validation/precompiled";
import { OBJECT_LAYOUTS } from "../definitions/widget-names";
import { isObject } from "../base/objects";
import { escapeSegment } from "../base/pointer";

/** Files for one page, and which steps they hold whole ("all": every file is whole). */
export interface PageFiles {
  files: DefinitionFiles;
  whole: string[] | "all";
}

/** Rule sets every funnel page evaluates: the guards (engine/funnel/funnel.ts), the funnel's tables, the borrowers and parts. */
export const PAGE_RULE_SETS = ["redirect", "session-guard", "funnel", "members"];

/** Layouts that the shell fills with a display component (all but the address layout, which the templates draw). */
const DISPLAYS: ReadonlySet<string> = new Set(OBJECT_LAYOUTS.filter((name) => name !== "address"));

/** Whether a step (any part of it: its UI schema, a member's words, an eachBorrower template) places a display. */
export function placesDisplay(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(placesDisplay);
  if (!isObject(node)) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === "ui:widget" && typeof value === "string" && DISPLAYS.has(value)) return true;
    if (placesDisplay(value)) return true;
  }
  return false;
}

/**
 * A schema's property names only, walked below a property only as deep as `through` (the pointers
 * of the members' parts) goes below it: a part of a borrower's answers (their demographics) is told
 * from the rest of their answers on another step's outline, and nothing else is sent.
 */
function propertyNames(schema: unknown, through: readonly string[], at = ""): Record<string, unknown> {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(properties)) {
    const pointer = `${at}/${escapeSegment(key)}`;
    const below = through.some((p) => p.startsWith(`${pointer}/`));
    out[key] =
      below && isObject(child) && isObject(child.properties)
        ? { type: "object", properties: propertyNames(child, through, pointer) }
        : {};
  }
  return out;
}

/** Every pointer a member's part is made of (rules/members.json roles: owns, signs), so every reader's part. */
export function partPointers(defs: Definitions): string[] {
  const roles = (defs.params.members?.roles ?? {}) as Record<string, Record<string, unknown>>;
  return Object.values(roles).flatMap((role) =>
    ["owns", "signs"].flatMap((key) => (Array.isArray(role[key]) ? (role[key] as string[]) : [])),
  );
}

/** What a page reads of a step that is not its own (see the header). Made from the expanded step, so its properties are each borrower's. */
export function stepOutline(step: Step, through: readonly string[] = []): Step {
  // A page reads another step's branches only for the steps they name (Back, where a path can
  // begin, the validators fetched ahead); a target that logic works out is the server's to decide,
  // and keeping it would send the rule sets it reads whole (rules/pricing.json on the name page).
  const next = (step.next ?? [])
    .filter((branch) => typeof branch.goto === "string")
    .map((branch) => ({ goto: branch.goto }));
  return {
    id: step.id,
    route: step.route,
    label: step.label,
    ...(step.applicantLabel !== undefined ? { applicantLabel: step.applicantLabel } : {}),
    rank: step.rank,
    ...(step.skipWhen !== undefined ? { skipWhen: step.skipWhen } : {}),
    ...(next.length ? { next } : {}),
    schema: { type: "object", properties: propertyNames(step.schema, through) },
  } as Step;
}

/** Paths (under steps/) of the step files, by step id. */
function stepPaths(defs: Definitions): Map<string, string> {
  return new Map([...defs.steps.values()].map(({ file, def }) => [def.id, file.slice("steps/".length)]));
}

/** The step whose page `path` is (a trailing slash aside), if any. */
export function stepIdForRoute(defs: Definitions, path: string): string | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  for (const { def } of defs.steps.values()) if (def.route === normalized) return def.id;
  return null;
}

/** Paths (under rules/) of the rule set files, by rule set id. */
function ruleSetPaths(defs: Definitions): Map<string, string> {
  return new Map([...defs.ruleSets.values()].map(({ file, def }) => [def.id, file.slice("rules/".length)]));
}

/** Ids of the rule sets whose params `node` reads as `params.<id>`. */
function paramsNamed(node: unknown, into: Set<string>): void {
  if (typeof node === "string") {
    const id = /^params\.([^.]+)/.exec(node)?.[1];
    if (id) into.add(id);
  } else if (Array.isArray(node)) for (const item of node) paramsNamed(item, into);
  else if (isObject(node)) for (const value of Object.values(node)) paramsNamed(value, into);
}

/** The params `node` reads as `params.<id>.<key>`, by rule set id ("all": read as a whole, `params.<id>`). */
function paramKeysNamed(node: unknown, into: Map<string, Set<string> | "all">): void {
  if (typeof node === "string") {
    const found = /^params\.([^.]+)(?:\.([^.]+))?/.exec(node);
    if (!found) return;
    const [, id, key] = found as unknown as [string, string, string | undefined];
    const had = into.get(id);
    if (had === "all") return;
    if (key === undefined) into.set(id, "all");
    else into.set(id, (had ?? new Set<string>()).add(key));
  } else if (Array.isArray(node)) for (const item of node) paramKeysNamed(item, into);
  else if (isObject(node)) for (const value of Object.values(node)) paramKeysNamed(value, into);
}

const pick = (params: Record<string, unknown>, keys: Set<string>) =>
  Object.fromEntries(Object.entries(params).filter(([key]) => keys.has(key)));

/** The rule sets `nodes` name, and what those read in turn (with the ones every page reads, unless `own`). */
function ruleSetsFor(defs: Definitions, nodes: unknown[], own = false): Set<string> {
  const read = new Set<string>();
  if (!own)
    for (const id of PAGE_RULE_SETS) if (defs.ruleSets.has(id)) ruleSetsNamed(defs, `rules.${id}`, read);
  for (const node of nodes) ruleSetsNamed(defs, node, read);
  return read;
}

/** A step whole, as the page reads it: expanded (eachBorrower), its answer schema self-contained. */
function wholeStep(defs: Definitions, sent: DefinitionFiles, stepId: string): Step {
  const { file, def } = defs.steps.get(stepId)!;
  return { ...def, schema: bundleSchema(sent, def.schema as JsonSchema, stepSchemaUri(file)) } as Step;
}

/**
 * A step's own files: the step whole and the rule sets its logic reads, or whose params it reads
 * (whole). What a page that already has a page's files needs to show that step too; null for an
 * unknown step.
 */
export function stepCut(defs: Definitions, sent: DefinitionFiles, stepId: string): PageFiles | null {
  const located = defs.steps.get(stepId);
  if (!located) return null;
  if (placesDisplay(located.def)) return { files: sent, whole: "all" };
  const path = stepPaths(defs).get(stepId)!;
  const rulePaths = ruleSetPaths(defs);
  // Whole: the rule sets its logic reads, and those whose params it (or they) read, which the page
  // may have outlined without them.
  const read = ruleSetsFor(defs, [located.def], true);
  paramsNamed([located.def, ...[...read].map((id) => defs.ruleSets.get(id)!.def)], read);
  const rules: Record<string, unknown> = {};
  for (const id of read) {
    const file = rulePaths.get(id);
    if (file && file in sent.rules) rules[file] = sent.rules[file];
  }
  return { files: { schemas: {}, steps: { [path]: wholeStep(defs, sent, stepId) }, rules }, whole: [stepId] };
}

/**
 * The files of a funnel page (see the header): `stepId`'s step whole (none when null: the page
 * has no step, and only the outlines are sent), the others outlined.
 */
export function pageFiles(defs: Definitions, sent: DefinitionFiles, stepId: string | null): PageFiles {
  const located = stepId ? defs.steps.get(stepId) : undefined;
  if (located && placesDisplay(located.def)) return { files: sent, whole: "all" };
  const paths = stepPaths(defs);
  const steps: Record<string, unknown> = {};
  for (const [path, json] of Object.entries(sent.steps)) if (path.startsWith("flows/")) steps[path] = json;
  const outlines: Step[] = [];
  const through = partPointers(defs);
  for (const { def } of defs.steps.values()) {
    const path = paths.get(def.id)!;
    if (def.id === located?.def.id) steps[path] = wholeStep(defs, sent, def.id);
    else outlines.push((steps[path] = stepOutline(def, through)));
  }
  const flows = [...defs.flows.values()].map(({ def }) => def);
  const whole = ruleSetsFor(defs, [...flows, ...outlines, ...(located ? [located.def] : [])]);
  // Params: those any kept logic reads (a whole rule set's own, and params.<id>.<key> named
  // anywhere: only the keys named, so one flag a skipWhen reads does not bring a table of texts).
  const params = new Map<string, Set<string> | "all">();
  paramKeysNamed(
    [...flows, ...outlines, located?.def ?? null, ...[...whole].map((id) => defs.ruleSets.get(id)!.def)],
    params,
  );
  const rules: Record<string, unknown> = {};
  for (const { file, def } of defs.ruleSets.values()) {
    const path = file.slice("rules/".length);
    if (!(path in sent.rules)) continue;
    const keys = params.get(def.id);
    if (whole.has(def.id)) rules[path] = sent.rules[path];
    else
      rules[path] = {
        id: def.id,
        ...(keys && def.params !== undefined
          ? { params: keys === "all" ? def.params : pick(def.params, keys) }
          : {}),
      } satisfies Partial<RuleSet>;
  }
  return { files: { schemas: {}, steps, rules }, whole: located ? [located.def.id] : [] };
}
