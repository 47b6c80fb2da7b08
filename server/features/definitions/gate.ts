// The live gate's heavy work, off the thread that answers requests: a worker thread
// (gate-worker.ts) checks sets as npm run check does and judges stored applications against them
// (the impact report). This thread only sends it questions, links the validators it compiled and
// builds the served set from its files (tens of milliseconds), so no reload, no impact report and
// no development preview stalls an applicant's request (issue 40: one staff call held every request
// for 15 s). The worker starts on first use, is shared by every caller of one server, and never
// keeps the process alive.
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
  texts: [string, string][];
  files?: DefinitionFiles;
}

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

export type GateRequest = { id: number } & (
  { kind: "check"; dirs: DefinitionDirs } | ({ kind: "impact" } & ImpactRequest)
);
export type GateReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

export interface DefinitionsGate {
  check(dirs: DefinitionDirs): Promise<CheckedSet>;
  impact(request: ImpactRequest): Promise<Impact>;
  close(): Promise<void>;
}

export function createDefinitionsGate(masterKey: Buffer): DefinitionsGate {
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  };
  const started = () => {
    if (worker) return worker;
    const w = new Worker(new URL("./gate-boot.mjs", import.meta.url), {
      workerData: {
        entry: new URL("./gate-worker.ts", import.meta.url).href,
        masterKey: new Uint8Array(masterKey),
      },
    });
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
  const ask = <T>(request: Omit<GateRequest, "id">): Promise<T> =>
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
    check: (dirs) => ask<CheckedSet>({ kind: "check", dirs }),
    impact: (request) => ask<Impact>({ kind: "impact", ...request }),
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
  const linked = new PrecompiledValidators();
  for (const parts of Object.values(checked.parts)) if (parts) linked.add(linkStandalone(parts));
  let ajv: SchemaCompiler | null = null;
  const fallback = () => (ajv ??= createAjv(checked.files.schemas, { trusted: true }));
  const compiler: SchemaCompiler = {
    getSchema: ((uri: string) =>
      linked.getSchema(uri) ?? fallback().getSchema(uri)) as SchemaCompiler["getSchema"],
    compile: ((schema: { $id?: string }) =>
      (schema.$id && linked.getSchema(schema.$id)) ||
      fallback().compile(schema)) as SchemaCompiler["compile"],
  };
  const { defs } = buildDefinitions(checked.files, { trusted: true, compiler: () => compiler });
  defs.texts = new Map(checked.texts);
  adoptPrecompiled(defs, checked.parts);
  return defs;
}
