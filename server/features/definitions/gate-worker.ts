// The definitions worker (a thread of the server, server/features/definitions/gate.ts): loading
// and checking a set takes seconds of CPU, and so does judging every stored application against
// one, so neither runs on the thread that answers requests. Asked to check a set, it runs npm run
// check's own function and, for a clean set, the standalone code of every validator (the server
// thread links it instead of compiling: one step's validator takes ajv most of a second). Asked
// for the impact of a set, it reads the applications from the database itself and judges them.
import { parentPort, workerData } from "node:worker_threads";
import type { Definitions } from "@engine/definitions/definitions";
import { checkSet } from "@engine/lint/check-set";
import type { DefinitionDirs } from "@engine/definitions/load";
import { moduleNames, standaloneParts, type StandaloneParts } from "@engine/ship/precompile";
import { openDb, type Db } from "@server/persistence/db/client";
import { judgingServices, setFromTexts } from "./judge";
import { definitionsImpact } from "@server/features/definitions/impact";
import type { GateRequest, GateReply, CheckedSet, SetTexts } from "./gate";

const port = parentPort!;
const { masterKey } = workerData as { masterKey: Uint8Array; entry: string };

/** Sets checked here, by version (the last few): an impact asked after a check reuses it. */
const sets = new Map<string, Definitions>();
const keep = (version: string, defs: Definitions) => {
  sets.delete(version);
  sets.set(version, defs);
  while (sets.size > 4) sets.delete(sets.keys().next().value!);
};

function check(dirs: DefinitionDirs): CheckedSet {
  const { defs, problems, notes, version } = checkSet(dirs);
  const parts: Record<string, StandaloneParts | null> = {};
  if (!problems.length) {
    keep(version, defs);
    for (const name of moduleNames(defs)) parts[name] = standaloneParts(defs, name);
  }
  return { version, files: defs.files, texts: [...(defs.texts ?? [])], problems, notes, parts };
}

/** The set whose texts are given (the running one), kept by version. */
function setOf(texts: SetTexts): Definitions {
  const known = sets.get(texts.version);
  if (known) return known;
  const defs = setFromTexts(new Map(texts.texts), texts.files);
  keep(texts.version, defs);
  return defs;
}

const dbs = new Map<string, Promise<Db>>();
function dbOf(target: { url?: string; path: string }): Promise<Db> {
  const key = target.url ?? target.path;
  let db = dbs.get(key);
  if (!db) dbs.set(key, (db = openDb(target).then((open) => open.db)));
  return db;
}

port.on("message", async (request: GateRequest) => {
  let reply: GateReply;
  try {
    if (request.kind === "check") reply = { id: request.id, ok: true, value: check(request.dirs) };
    else {
      const candidate = sets.get(request.version) ?? (check(request.dirs), sets.get(request.version));
      if (!candidate) throw new Error(`the set ${request.version} on disk has changed or fails check`);
      const running = setOf(request.running);
      const db = await dbOf(request.db);
      const now = request.now ? () => new Date(request.now!) : () => new Date();
      const services = judgingServices(db, masterKey, running, now);
      const scope = request.scope;
      const impact = await definitionsImpact(services, candidate, {
        running,
        ...(scope
          ? {
              scope: (row: { partnerId: string; loanOfficerId: string | null }) =>
                row.partnerId === scope.partnerId &&
                (scope.loanOfficerId === null || row.loanOfficerId === scope.loanOfficerId),
            }
          : {}),
      });
      reply = { id: request.id, ok: true, value: impact };
    }
  } catch (error) {
    reply = { id: request.id, ok: false, error: (error as Error).message };
  }
  port.postMessage(reply);
});
