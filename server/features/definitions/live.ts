// Definitions that change while the server runs. A reload reads and checks the definition folders
// exactly as npm run check does (in the definitions worker, gate.ts), then judges the applications
// in flight against the new set (the impact report): a set with any problem, or one that would
// strand applicants or saved answers without a declaration in rules/retired.json, is refused and
// the running one keeps serving (the problems are logged and kept for whoever asks). A clean set is
// swapped in whole for the next request and recorded as published (published.ts). Applicants in
// flight meet it on their next visit: their saved answers carry the old version, so the server
// re-checks them (server/features/steps/recheck.ts). Development watches the folders; production
// reloads when told (SIGHUP, server/main.ts); an administrator may roll back (rollback below).
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
  mkdirSync,
  type FSWatcher,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Problem } from "@engine/definitions/definitions";
import { formatProblem } from "@engine/lint/lint";
import {
  folderOf,
  SET_FOLDERS,
  setFiles,
  withPositions,
  type DefinitionDirs,
} from "@engine/definitions/load";
import { definitionFacts, type Services } from "@server/services";
import type { Impact } from "@server/features/definitions/impact";
import { servedSet, tick, type CheckedSet } from "./gate";
import { publishedTexts, recordPublished } from "./published";

export interface Reload {
  /** True when the new set now serves; false when it was refused or nothing changed. */
  swapped: boolean;
  /** The version serving after the reload. */
  version: string;
  /** The version of the files on disk (the one refused, when refused). */
  onDisk: string | null;
  /** Why the set was refused (empty when it was not). */
  problems: Problem[];
  /** What the change does to the applications in flight, when it was judged. */
  impact?: Pick<Impact, "checked" | "sentBack" | "counts">;
}

/** What the impact report needs to know of the running set and the database. */
export const impactRequestOf = (services: Services, dirs: DefinitionDirs, version: string) => ({
  dirs,
  version,
  running: {
    version: services.definitionsVersion,
    texts: [...(services.defs.texts ?? [])] as [string, string][],
    files: services.defs.files,
  },
  db: { url: services.config.databaseUrl, path: services.config.databasePath },
  now: services.now().toISOString(),
});

/** The impact gate's refusals placed in their files (the line and column of rules/retired.json's params). */
function placed(problems: Problem[], checked: CheckedSet): Problem[] {
  return withPositions(problems, new Map(checked.texts));
}

/**
 * Reads, checks and judges the definition folders; serves them when they pass. `publishedBy` says
 * who or what asked ("file change", "SIGHUP", "rollback to … by …"), recorded with the set.
 */
export async function reloadDefinitions(
  services: Services,
  dirs: DefinitionDirs,
  publishedBy: string,
): Promise<Reload> {
  const before = services.definitionsVersion;
  const checked = await services.definitionsGate.check(dirs);
  if (checked.problems.length)
    return { swapped: false, version: before, onDisk: checked.version, problems: checked.problems };
  if (checked.version === before)
    return { swapped: false, version: before, onDisk: checked.version, problems: [] };
  const impact = await services.definitionsGate.impact(impactRequestOf(services, dirs, checked.version));
  if (impact.refusals.length)
    return {
      swapped: false,
      version: before,
      onDisk: checked.version,
      problems: placed(impact.refusals, checked),
      impact,
    };
  const defs = await servedSet(checked);
  try {
    // The set's facts first (sealed fields, the portal's policy), then swapped in at once.
    const facts = definitionFacts(defs);
    await tick();
    Object.assign(services, facts);
  } catch (error) {
    return {
      swapped: false,
      version: before,
      onDisk: checked.version,
      problems: [{ file: "rules/portal-roles.json", pointer: "", message: (error as Error).message }],
    };
  }
  await recordPublished(services.db, {
    version: services.definitionsVersion,
    texts: defs.texts!,
    publishedBy: announcedPublisher(services.config.dataDir, services.definitionsVersion) ?? publishedBy,
    at: services.now(),
  });
  return {
    swapped: true,
    version: services.definitionsVersion,
    onDisk: checked.version,
    problems: [],
    impact: { checked: impact.checked, sentBack: impact.sentBack, counts: impact.counts },
  };
}

/** Where a command that writes a set for the servers to reload (npm run definitions:rollback) says who it was. */
export const PUBLISHER_NOTE = "definitions-publisher.json";

/** Who a command said publishes `version` (once: the note is used up), or null. */
function announcedPublisher(dataDir: string, version: string): string | null {
  const file = join(dataDir, PUBLISHER_NOTE);
  try {
    const note = JSON.parse(readFileSync(file, "utf8")) as { version?: unknown; publishedBy?: unknown };
    if (note.version !== version || typeof note.publishedBy !== "string") return null;
    rmSync(file, { force: true });
    return note.publishedBy;
  } catch {
    return null;
  }
}

/** What a reload says in the server's log: one line when it swapped, the problems when it refused. */
export function describeReload(reload: Reload): string | null {
  if (reload.problems.length)
    return `Definitions refused, still serving ${reload.version} (files on disk: ${reload.onDisk ?? "unreadable"}): ${reload.problems.length} problem(s)\n${reload.problems.map(formatProblem).join("\n")}`;
  if (!reload.swapped) return null;
  const sent = reload.impact
    ? `; ${reload.impact.checked} application(s) in flight re-checked on their next visit, ${reload.impact.sentBack} sent back`
    : "";
  return `Definitions reloaded: now serving ${reload.version}${sent}`;
}

/** Every folder under `root` (itself included): each is watched on its own. */
function foldersUnder(root: string): string[] {
  const out = [root];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  for (const name of names) {
    const full = join(root, name);
    try {
      if (statSync(full).isDirectory()) out.push(...foldersUnder(full));
    } catch {}
  }
  return out;
}

/**
 * Reloads after every burst of changes under the set's folders (schemas/, steps/, rules/, content/,
 * journeys/; an editor's save is several events: the reload waits until they stop for `quietMs`).
 * Each folder is watched itself, not the files in it: an editor's safe save writes a new file and
 * renames it over the old one, and a watch on the old file (what a recursive watch on Linux holds)
 * never hears of the file again. Folders made later are watched as they appear. Returns the
 * function that stops watching.
 */
export function watchDefinitions(dirs: DefinitionDirs, onChange: () => void, quietMs = 150): () => void {
  const roots = SET_FOLDERS.map((folder) => folderOf(dirs, folder));
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const rescan = () => {
    const now = new Set(roots.flatMap(foldersUnder));
    for (const [dir, w] of watchers)
      if (!now.has(dir)) {
        w.close();
        watchers.delete(dir);
      }
    for (const dir of now)
      if (!watchers.has(dir))
        try {
          const w = watch(dir, changed);
          w.on("error", () => {
            w.close();
            watchers.delete(dir);
          });
          watchers.set(dir, w);
        } catch {}
  };
  function changed() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      rescan();
      onChange();
    }, quietMs);
  }
  rescan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const w of watchers.values()) w.close();
    watchers.clear();
  };
}

/** Writes a set's texts as the definition folders' files: each file replaced whole (a rename), files the set lacks removed. */
const sameText = (path: string, text: string) => {
  try {
    return readFileSync(path, "utf8") === text;
  } catch {
    return false;
  }
};

export function writeSet(dirs: DefinitionDirs, texts: ReadonlyMap<string, string>): void {
  const wanted = new Map<string, string>();
  for (const [name, text] of texts) {
    const [folder, ...rest] = name.split("/");
    if (!(SET_FOLDERS as readonly string[]).includes(folder!)) continue;
    wanted.set(join(folderOf(dirs, folder as (typeof SET_FOLDERS)[number]), ...rest), text);
  }
  for (const [path, text] of wanted) {
    // A file that already says this is left alone: a rollback touches only what it changes (a
    // rewritten file looks newer to the watcher, to editors and to npm start's rebuild check).
    if (sameText(path, text)) continue;
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.rollback-${process.pid}`;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  }
  for (const { path } of setFiles(dirs)) if (!wanted.has(path)) rmSync(path, { force: true });
}

/** A published version's files in a folder of their own, to be checked before they replace anything. */
export function stagedCopy(texts: ReadonlyMap<string, string>): DefinitionDirs {
  const root = mkdtempSync(join(tmpdir(), "heloc-rollback-"));
  const dirs = Object.fromEntries(SET_FOLDERS.map((f) => [f, join(root, f)])) as DefinitionDirs;
  for (const folder of SET_FOLDERS) mkdirSync(join(root, folder), { recursive: true });
  writeSet(dirs, texts);
  return dirs;
}

/**
 * Serves an earlier published version again: its files are checked and judged in a copy first (as
 * any change is: a version that no longer passes check, or would strand applicants, is refused and
 * nothing is touched), then written over the definition folders and reloaded, recorded as
 * published by `publishedBy`.
 */
export async function rollbackDefinitions(
  services: Services,
  dirs: DefinitionDirs,
  version: string,
  publishedBy: string,
): Promise<Reload> {
  const before = services.definitionsVersion;
  const texts = await publishedTexts(services.db, version);
  if (!texts)
    return {
      swapped: false,
      version: before,
      onDisk: null,
      problems: [{ file: "", pointer: "", message: `no set of version ${version} was ever published here` }],
    };
  const staged = stagedCopy(texts);
  try {
    const checked = await services.definitionsGate.check(staged);
    if (checked.problems.length)
      return { swapped: false, version: before, onDisk: null, problems: checked.problems };
    const impact = await services.definitionsGate.impact(impactRequestOf(services, staged, checked.version));
    if (impact.refusals.length)
      return {
        swapped: false,
        version: before,
        onDisk: null,
        problems: placed(impact.refusals, checked),
        impact,
      };
  } finally {
    rmSync(dirname(staged.steps!), { recursive: true, force: true });
  }
  writeSet(dirs, texts);
  return reloadDefinitions(services, dirs, publishedBy);
}

const queues = new WeakMap<Services, Promise<unknown>>();

/** Runs `work` after every reload or rollback already asked of this server: one at a time, in order. */
export function oneAtATime<T>(services: Services, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(services) ?? Promise.resolve()).then(work, work);
  queues.set(
    services,
    run.catch(() => {}),
  );
  return run;
}
