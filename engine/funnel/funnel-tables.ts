// The funnel's tables, derived: every status's rank, label and page. A step file states its own
// rank, label and route once; rules/funnel.json holds only the statuses that are not steps, the
// default route, the pages without a step and the journey's phases. Nothing else repeats them: engine/funnel/funnel.ts and any
// logic (params.funnel.ranks, .labels, .routes) read what this module derives.
import type { Definitions } from "../definitions/definitions";
import { isObject } from "../base/objects.ts";

export const FUNNEL_RULE_SET = "funnel";

/** A status that is not a step (rules/funnel.json params.statuses). */
export interface StatusEntry {
  rank: number;
  label?: string;
  route?: string;
}

export interface FunnelTables {
  ranks: Record<string, number>;
  labels: Record<string, string>;
  routes: Record<string, string>;
  defaultRoute?: string;
  /** Pages without a step file that a step's next may name. */
  pages: string[];
  statuses: Record<string, StatusEntry>;
  /** The journey's phases in order, in plain words (rules/funnel.json params.phases); flows place their steps in them. */
  phases: JourneyPhase[];
}

/** A phase of the whole journey ("Your home", "Your offer"...). */
export interface JourneyPhase {
  id: string;
  label: string;
}

/** The statuses rules/funnel.json lists (well-formed entries only: the linter names the others). */
export function declaredStatuses(params: Record<string, unknown> | undefined): Record<string, StatusEntry> {
  const raw = params?.statuses;
  if (!isObject(raw)) return {};
  const out: Record<string, StatusEntry> = {};
  for (const [id, entry] of Object.entries(raw))
    if (isObject(entry) && typeof entry.rank === "number") out[id] = entry as unknown as StatusEntry;
  return out;
}

/** The phases rules/funnel.json lists (well-formed entries only: the linter names the others). */
export function declaredPhases(params: Record<string, unknown> | undefined): JourneyPhase[] {
  const raw = params?.phases;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (p): p is JourneyPhase =>
        isObject(p) && typeof p.id === "string" && typeof p.label === "string" && p.label !== "",
    )
    .map(({ id, label }) => ({ id, label }));
}

/**
 * Derives the tables and puts them in `defs.params.funnel` (beside the file's own params), so
 * rule files read them like any param. Steps win over a status of the same id (the linter
 * refuses that duplicate).
 */
export function deriveFunnelTables(defs: Definitions): FunnelTables {
  const own = (defs.params[FUNNEL_RULE_SET] ?? {}) as Record<string, unknown>;
  const statuses = declaredStatuses(own);
  // Read with Object.hasOwn (the lookup operator), so a status named "constructor" finds nothing.
  const ranks: Record<string, number> = {};
  const labels: Record<string, string> = {};
  const routes: Record<string, string> = {};
  for (const [id, status] of Object.entries(statuses)) {
    ranks[id] = status.rank;
    if (typeof status.label === "string") labels[id] = status.label;
    if (typeof status.route === "string") routes[id] = status.route;
  }
  for (const { def } of defs.steps.values()) {
    ranks[def.id] = def.rank;
    labels[def.id] = def.label;
    routes[def.id] = def.route;
  }
  const tables: FunnelTables = {
    ranks,
    labels,
    routes,
    ...(typeof own.defaultRoute === "string" ? { defaultRoute: own.defaultRoute } : {}),
    pages: Array.isArray(own.pages) ? own.pages.filter((p): p is string => typeof p === "string") : [],
    statuses,
    phases: declaredPhases(own),
  };
  defs.params[FUNNEL_RULE_SET] = { ...own, ranks, labels, routes };
  return tables;
}
