// The definitions worker (a thread of the server, server/features/definitions/gate.ts): loading
// and checking a set takes seconds of CPU, and so does judging every stored application against
// one, so neither runs on the thread that answers requests. Asked to check a set, it runs npm run
// check's own function and, for a clean set, the standalone code of every validator (the server
// thread links it instead of compiling: one step's validator takes ajv most of a second). Asked
// for the impact of a set, it reads the applications from the database itself and judges them.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { Definitions } from "@engine/definitions/definitions";
import { checkLendingSet as checkSet } from "@engine/lending/set-check";
import type { DefinitionDirs } from "@engine/definitions/load";
import { moduleNames, standaloneParts, type StandaloneParts } from "@engine/ship/precompile";
import { openDb, type Db } from "@server/persistence/db/client";
import { judgingServices, setFromTexts } from "./judge";
import { definitionsImpact } from "@server/features/definitions/impact";
import { UNKNOWN_RUNNING, type GateRequest, type GateReply, type PackedSet, type SetTexts } from "./gate";

const port = parentPort!;

// Background work: this thread gives way to the one answering requests when both want a core (on
// Linux the niceness of the calling thread alone; elsewhere, where it would be the process's, it
// is left as it is).
if (process.platform === "linux")
  try {
    setPriority(19);
  } catch {}
const { masterKey } = workerData as { masterKey: Uint8Array; entry?: string };

/** Sets checked here, by version (the last few): an impact asked after a check reuses it. */
const sets = new Map<string, Definitions>();
const keep = (version: string, defs: Definitions) => {
  sets.delete(version);
  sets.set(version, defs);
  while (sets.size > 4) sets.delete(sets.keys().next().value!);
};

const encoder = new TextEncoder();

function check(dirs: DefinitionDirs): PackedSet {
  const { defs, problems, notes, version } = checkSet(dirs);
  const pieces: Uint8Array[] = [];
  let length = 0;
  const piece = (text: string): [number, number] => {
    const bytes = encoder.encode(text);
    pieces.push(bytes);
    length += bytes.length;
    return [length - bytes.length, bytes.length];
  };
  const files = piece(JSON.stringify(defs.files));
  const texts = piece(JSON.stringify([...(defs.texts ?? [])]));
  const parts: PackedSet["parts"] = {};
  if (!problems.length) {
    keep(version, defs);
    for (const name of moduleNames(defs)) {
      const p: StandaloneParts | null = standaloneParts(defs, name);
      parts[name] = p && { uri: p.uri, requires: p.requires, formats: p.formats, code: piece(p.code) };
    }
  }
  const buffer = new ArrayBuffer(length);
  const all = new Uint8Array(buffer);
  let at = 0;
  for (const bytes of pieces) {
    all.set(bytes, at);
    at += bytes.length;
  }
  return { version, problems, notes, buffer, files, texts, parts };
}

/** The set whose texts are given (the running one), kept by version. */
function setOf(texts: SetTexts): Definitions {
  const known = sets.get(texts.version);
  if (known) return known;
  if (!texts.texts) throw new Error(UNKNOWN_RUNNING);
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
    if (request.kind === "check") {
      const packed = check(request.dirs);
      // The buffer is handed over, not copied.
      return port.postMessage({ id: request.id, ok: true, value: packed } satisfies GateReply, [
        packed.buffer,
      ]);
    } else {
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
