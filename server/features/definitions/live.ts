// Definitions that change while the server runs. A reload reads and checks the
// definition folders exactly as the start does; a set with any problem is refused and the running
// one keeps serving (the problems are logged and kept for whoever asks), a clean one is swapped in
// whole for the next request. Applicants in flight meet it on their next visit: their saved
// answers carry the old version, so the server re-checks them (server/features/steps/recheck.ts).
// Development watches the folders; production reloads when told (SIGHUP, server/main.ts).
import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { Problem } from "@engine/definitions/definitions";
import { formatProblem } from "@engine/lint/lint";
import {
  loadDefinitions,
  REPO_ROOT,
  uncompilableSchemas,
  type DefinitionDirs,
} from "@engine/definitions/load";
import { missingTemplates } from "@engine/lending/templates";
import { swapDefinitions, type Services } from "@server/services";

export interface Reload {
  /** True when the new set now serves; false when it was refused or nothing changed. */
  swapped: boolean;
  /** The version serving after the reload. */
  version: string;
  /** Why the set was refused (empty when it was not). */
  problems: Problem[];
}

/** The definition folders read and checked as the start does (seconds of CPU: an admin's or a signal's request, never an applicant's). */
export function checkedDefinitions(dirs: DefinitionDirs) {
  const { defs, problems } = loadDefinitions(dirs);
  // What npm run check compiles too: a schema ajv refuses would fail every request that reads it.
  if (!problems.length) problems.push(...uncompilableSchemas(defs, dirs));
  // A notice or mail the loan's rule files name must exist when the law needs it.
  problems.push(...missingTemplates(defs, { rules: dirs.rules }));
  return { defs, problems };
}

export function reloadDefinitions(services: Services, dirs: DefinitionDirs): Reload {
  const { defs, problems } = checkedDefinitions(dirs);
  if (problems.length) return { swapped: false, version: services.definitionsVersion, problems };
  const before = services.definitionsVersion;
  try {
    swapDefinitions(services, defs);
  } catch (error) {
    return {
      swapped: false,
      version: before,
      problems: [{ file: "rules/portal-roles.json", pointer: "", message: (error as Error).message }],
    };
  }
  return {
    swapped: services.definitionsVersion !== before,
    version: services.definitionsVersion,
    problems: [],
  };
}

/** What a reload says in the server's log: one line when it swapped, the problems when it refused. */
export function describeReload(reload: Reload): string | null {
  if (reload.problems.length)
    return `Definitions refused, still serving ${reload.version}: ${reload.problems.length} problem(s)\n${reload.problems.map(formatProblem).join("\n")}`;
  return reload.swapped ? `Definitions reloaded: now serving ${reload.version}` : null;
}

/**
 * Reloads after every burst of changes under the definition folders (an editor's save is several
 * events: the reload waits until they stop for `quietMs`). Returns the function that stops watching.
 */
export function watchDefinitions(dirs: DefinitionDirs, onChange: () => void, quietMs = 150): () => void {
  const folders = [
    dirs.schemas ?? join(REPO_ROOT, "schemas"),
    dirs.steps ?? join(REPO_ROOT, "steps"),
    dirs.rules ?? join(REPO_ROOT, "rules"),
  ];
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, quietMs);
  };
  const watchers: FSWatcher[] = folders.map((folder) => watch(folder, { recursive: true }, changed));
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
