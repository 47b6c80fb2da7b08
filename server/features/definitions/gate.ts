// The live gate's heavy work, off the thread that answers requests: a worker thread
// (gate-worker.ts) checks sets as npm run check does and judges stored applications against them
// (the impact report). This thread only sends it questions, links the validators it compiled and
// builds the served set from its files (tens of milliseconds), so no reload, no impact report and
// no development preview stalls an applicant's request (issue 40: one staff call held every request
// for 15 s). The worker starts on first use, is shared by every caller of one server, and never
// keeps the process alive.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  buildDefinitions,
  type DefinitionFiles,
  type Definitions,
  type Problem,
} from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import type { DefinitionDirs } from "@engine/definitions/load";
import { adoptPrecompiled, type StandaloneParts } from "@engine/ship/precompile";
import { PrecompiledValidators, type SchemaCompiler } from "@engine/validation/precompiled";
import { linkStandalone } from "./linked-validators";
import type { Impact } from "@server/features/definitions/impact";

/**
 * A checked set as it crosses from the worker: its texts (the files, the set's texts, each
 * validator's code: megabytes) in one buffer handed over without a copy, and where each piece is.
 * Copying them as a message took this thread ~100 ms; the buffer is read a piece at a time, when
 * that piece is needed.
 */
export interface PackedSet {
  version: string;
  problems: Problem[];
  notes: Problem[];
  buffer: ArrayBuffer;
  files: [number, number];
  texts: [number, number];
  parts: Record<string, (Omit<StandaloneParts, "code"> & { code: [number, number] }) | null>;
}

const decoder = new TextDecoder();

/** The set a packed message stands for: each piece decoded (and parsed) when first read. */
export function unpack(packed: PackedSet): CheckedSet {
  const bytes = new Uint8Array(packed.buffer);
  const text = ([offset, length]: [number, number]) =>
    decoder.decode(bytes.subarray(offset, offset + length));
  let files: DefinitionFiles | undefined;
  let texts: [string, string][] | undefined;
  const parts: Record<string, StandaloneParts | null> = {};
  for (const [name, part] of Object.entries(packed.parts))
    parts[name] = part && {
      uri: part.uri,
      requires: part.requires,
      formats: part.formats,
      get code() {
        return text(part.code);
      },
    };
  return {
    version: packed.version,
    problems: packed.problems,
    notes: packed.notes,
    get files() {
      return (files ??= JSON.parse(text(packed.files)) as DefinitionFiles);
    },
    get texts() {
      return (texts ??= JSON.parse(text(packed.texts)) as [string, string][]);
    },
    parts,
  };
}

/** A set as the worker checked it: everything the server thread needs to serve it. */
export interface CheckedSet {
  version: string;
  files: DefinitionFiles;
  texts: [string, string][];
  problems: Problem[];
  notes: Problem[];
  /** Each validator's standalone code, by module name (engine/ship/precompile.ts); empty for a set with problems. */
  parts: Record<string, StandaloneParts | null>;
}

/** A set the worker is told about by its texts (the running one, for the offers' figures before a change). */
export interface SetTexts {
  version: string;
  /** Absent when the worker was told of this version before (it keeps the last few). */
  texts?: [string, string][];
  files?: DefinitionFiles;
}

/** The worker's answer when it does not know the running set a request names without its texts. */
export const UNKNOWN_RUNNING = "the definitions worker does not know the running set";

export interface ImpactRequest {
  dirs: DefinitionDirs;
  /** The version of the set on disk the caller checked (the worker checks again if it has not). */
  version: string;
  running: SetTexts;
  db: { url?: string; path: string };
  /** Only one partner's applications (and one loan officer's, when not null); absent: all. */
  scope?: { partnerId: string; loanOfficerId: string | null };
  now?: string;
}

type Question = { kind: "check"; dirs: DefinitionDirs } | ({ kind: "impact" } & ImpactRequest);
export type GateRequest = { id: number } & Question;
export type GateReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

export interface DefinitionsGate {
  check(dirs: DefinitionDirs): Promise<CheckedSet>;
  impact(request: ImpactRequest): Promise<Impact>;
  close(): Promise<void>;
}

/** The file name of the worker's own bundle, beside the server's bundle (see workerEntry). */
export const WORKER_BUNDLE = "definitions-worker.js";

/**
 * Where the worker's code is, in each way the server runs. From source (npm start under tsx, the
 * tests under vitest: this module's own URL ends in .ts), a worker thread does not inherit the
 * TypeScript loader (Node 20), so gate-boot.mjs registers tsx and then imports gate-worker.ts.
 * Built (the server bundled to plain JavaScript), gate-worker.ts is bundled as an entry of its
 * own, WORKER_BUNDLE, in the folder of the bundle that holds this module, and runs with no loader:
 * tsx is then needed by nothing.
 */
export function workerEntry(here: string = import.meta.url): { url: URL; entry?: string } {
  if (new URL(here).pathname.endsWith(".ts"))
    return { url: new URL("./gate-boot.mjs", here), entry: new URL("./gate-worker.ts", here).href };
  const url = new URL(`./${WORKER_BUNDLE}`, here);
  if (!existsSync(url))
    throw new Error(
      `the definitions worker is not built: bundle server/features/definitions/gate-worker.ts as ${fileURLToPath(url)}`,
    );
  return { url };
}

export function createDefinitionsGate(masterKey: Buffer): DefinitionsGate {
  // Known at once, so a built server whose worker was not bundled refuses to start, not to reload.
  const { url, entry } = workerEntry();
  let worker: Worker | null = null;
  let next = 1;
  /** Running sets the worker has been sent (it may have let one go since: it then says so). */
  const told = new Set<string>();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    told.clear();
    worker = null;
  };
  const started = () => {
    if (worker) return worker;
    const w = new Worker(url, { workerData: { entry, masterKey: new Uint8Array(masterKey) } });
    w.unref();
    w.on("message", (reply: GateReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(reply.error));
    });
    w.on("error", (error) => failAll(error));
    w.on("exit", (code) => failAll(new Error(`the definitions worker stopped (${code})`)));
    worker = w;
    return w;
  };
  const ask = <T>(request: Question): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      const w = started();
      // Only while an answer is awaited does the worker keep the process alive.
      w.ref();
      const settled = () => void (pending.size || worker?.unref());
      pending.set(id, {
        resolve: (v) => (resolve(v as T), settled()),
        reject: (e) => (reject(e), settled()),
      });
      w.postMessage({ ...request, id });
    });
  return {
    check: async (dirs) => unpack(await ask<PackedSet>({ kind: "check", dirs })),
    // The running set's texts (a megabyte) cross once per version, not with every request.
    impact: async (request) => {
      const { version } = request.running;
      if (told.has(version))
        try {
          return await ask<Impact>({
            kind: "impact",
            ...request,
            running: { version },
          });
        } catch (error) {
          if ((error as Error).message !== UNKNOWN_RUNNING) throw error;
        }
      const impact = await ask<Impact>({ kind: "impact", ...request });
      told.add(version);
      return impact;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/**
 * The set to serve, built on this thread from what the worker checked: its files as they are
 * (already checked, so nothing is linted again) and its validators linked from the worker's code;
 * a schema the worker did not compile (none the server reads) is compiled on first use.
 */
export function servedDefinitions(checked: CheckedSet): Definitions {
  // Each module is linked when its validator is first asked for (a millisecond or so each), not
  // all at once: a swap costs the set's build alone.
  const waiting = new Map<string, StandaloneParts>();
  for (const parts of Object.values(checked.parts)) if (parts) waiting.set(parts.uri, parts);
  const linked = new PrecompiledValidators();
  const validator = (uri: string) => {
    const parts = waiting.get(uri);
    if (parts) {
      waiting.delete(uri);
      linked.add(linkStandalone(parts));
    }
    return linked.getSchema(uri);
  };
  let ajv: SchemaCompiler | null = null;
  const fallback = () => (ajv ??= createAjv(checked.files.schemas, { trusted: true }));
  const compiler: SchemaCompiler = {
    getSchema: ((uri: string) => validator(uri) ?? fallback().getSchema(uri)) as SchemaCompiler["getSchema"],
    compile: ((schema: { $id?: string }) =>
      (schema.$id && validator(schema.$id)) || fallback().compile(schema)) as SchemaCompiler["compile"],
  };
  const { defs } = buildDefinitions(checked.files, { trusted: true, compiler: () => compiler });
  defs.texts = new Map(checked.texts);
  defs.version = checked.version;
  adoptPrecompiled(defs, checked.parts);
  return defs;
}

/** Lets every request waiting run: between the parts of a reload, none of which may hold this thread long. */
export const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** servedDefinitions, a part at a time (the files, the texts, the build each read between requests). */
export async function servedSet(checked: CheckedSet): Promise<Definitions> {
  void checked.files;
  await tick();
  void checked.texts;
  await tick();
  const defs = servedDefinitions(checked);
  await tick();
  return defs;
}
