// Routes and pages as the definitions say them, for tests and benches that walk the funnel but are
// not about a route itself: product ops may rename a route or retire a step's page, and a test
// that spelled it out would break though nothing an applicant meets did. Read from the step files
// and rule files alone (no check, no lint: milliseconds).
import { readDefinitionFiles, type DefinitionDirs } from "@engine/definitions/load";

interface Files {
  routes: Map<string, string>;
  /** Each rule's emitted `route` (an ineligible page), by "<rule set>.<rule id>"... by rule id. */
  rulePages: Map<string, string>;
}

const read = new Map<string, Files>();

function filesOf(dirs: DefinitionDirs = {}): Files {
  const key = JSON.stringify(dirs);
  let files = read.get(key);
  if (!files) {
    const { files: parsed } = readDefinitionFiles(dirs);
    const routes = new Map<string, string>();
    for (const [path, json] of Object.entries(parsed.steps)) {
      const step = json as { id?: unknown; route?: unknown };
      if (!path.startsWith("flows/") && typeof step.id === "string" && typeof step.route === "string")
        routes.set(step.id, step.route);
    }
    const rulePages = new Map<string, string>();
    for (const json of Object.values(parsed.rules)) {
      for (const rule of ((json as { rules?: unknown[] }).rules ?? []) as {
        id?: unknown;
        emit?: { route?: unknown };
      }[])
        if (typeof rule.id === "string" && typeof rule.emit?.route === "string")
          rulePages.set(rule.id, rule.emit.route);
    }
    read.set(key, (files = { routes, rulePages }));
  }
  return files;
}

/** The page of a step, by its id ("email" → its route in steps/). */
export function routeOf(stepId: string, dirs?: DefinitionDirs): string {
  const route = filesOf(dirs).routes.get(stepId);
  if (!route) throw new Error(`no step "${stepId}" in steps/`);
  return route;
}

/** The page a rule sends the applicant to (its emitted route: "pricing.late-payment" → the late-payment page). */
export function pageOfRule(ruleId: string, dirs?: DefinitionDirs): string {
  const page = filesOf(dirs).rulePages.get(ruleId);
  if (!page) throw new Error(`no rule "${ruleId}" names a page`);
  return page;
}
