// Reading a V8 CPU profile: self and total time per function (name, file:line), each function
// counted once per sample, as tables of the functions that take the most time. bench/profile.ts
// (a request) and bench/profile-rules.ts (the rules workload) print it. And a sampling heap
// profile's bytes allocated, by the same names (bench/profile.ts --heap).
import type { HeapProfiler, Profiler } from "node:inspector";
import { existsSync, readFileSync } from "node:fs";
import { findSourceMap, SourceMap } from "node:module";
import { fileURLToPath } from "node:url";
import { relative } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { fmt, table } from "./measure";

/** An inspector session on this thread, its commands as promises. */
async function inspectorSession() {
  const { Session } = await import("node:inspector");
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) =>
      session.post(method, params ?? {}, (error, out) => (error ? reject(error) : resolve(out as R))),
    );
  return { post, disconnect: () => session.disconnect() };
}

/** Runs `run` under the V8 CPU profiler (sampling every 200 µs) and gives its result and the profile. */
export async function profiled<T>(
  run: () => Promise<T> | T,
): Promise<{ result: T; profile: Profiler.Profile }> {
  const { post, disconnect } = await inspectorSession();
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  await post("Profiler.start");
  const result = await run();
  const { profile } = await post<{ profile: Profiler.Profile }>("Profiler.stop");
  disconnect();
  return { result, profile };
}

const sourceMaps = new Map<string, SourceMap | undefined>();

/** The source map of a module loaded here (findSourceMap), or else the one beside its file (a profile of another thread or process). */
function sourceMapOf(url: string): SourceMap | undefined {
  // A package is named by the file loaded from it, not by the sources its own map names.
  if (url.includes("/node_modules/")) return undefined;
  const loaded = findSourceMap(url);
  if (loaded || !url.startsWith("file://")) return loaded;
  if (!sourceMaps.has(url)) {
    const beside = `${fileURLToPath(url)}.map`;
    sourceMaps.set(
      url,
      existsSync(beside) ? new SourceMap(JSON.parse(readFileSync(beside, "utf8"))) : undefined,
    );
  }
  return sourceMaps.get(url);
}

/**
 * A function's file and line in its source. tsx runs code it compiled (on one line), and a built
 * server is one bundle, so the profile's positions are the compiled code's: its source map (tsx
 * registers it; a bundle names it) gives the source's.
 */
function sourceOf({ url, lineNumber, columnNumber }: Profiler.ProfileNode["callFrame"]): {
  url: string;
  line: number;
} {
  const entry = url
    ? (sourceMapOf(url)?.findEntry(lineNumber, columnNumber) as
        { originalLine?: number; originalSource?: string } | undefined)
    : undefined;
  return typeof entry?.originalLine === "number"
    ? {
        url: entry.originalSource ? new URL(entry.originalSource, url).href : url,
        line: entry.originalLine + 1,
      }
    : { url, line: lineNumber + 1 };
}

/** A frame as the tables name it: function, and file:line in its source. */
function frameName(frame: Profiler.ProfileNode["callFrame"]): string {
  const { url, line } = sourceOf(frame);
  const file = url.startsWith("file://") ? relative(REPO_ROOT, new URL(url).pathname) : url;
  return `${frame.functionName || "(anonymous)"} ${file ? `${file}:${line}` : ""}`.trim();
}

/**
 * The `n` largest of `m` (function → µs or bytes) as a table: the amount scaled (ms, kB), its
 * share of `whole`, and per operation; rows whose name matches `skip` left out.
 */
function topTable(
  m: Map<string, number>,
  n: number,
  o: {
    columns: [string, string, string];
    skip: RegExp;
    whole: number;
    operations: number;
    scale: number;
    perDigits: number;
  },
): string {
  return table([
    ["function", ...o.columns],
    ...[...m]
      .filter(([k]) => !o.skip.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, amount]) => [
        k.slice(0, 110),
        fmt(amount / o.scale, 0),
        fmt((100 * amount) / o.whole, 1),
        fmt(amount / o.operations, o.perDigits),
      ]),
  ]);
}

/** The busy time of a profile (idle left out), and the tables by self and total time, per operation. */
export function summarize(
  profile: Profiler.Profile,
  operations: number,
  unit = "req",
  rows = { self: 30, total: 60 },
): { busyUs: number; text: string } {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: Profiler.ProfileNode) => frameName(node.callFrame);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples!.forEach((id, i) => {
    const dt = profile.timeDeltas![i] ?? 0;
    all += dt;
    const leaf = byId.get(id)!;
    self.set(keyOf(leaf), (self.get(keyOf(leaf)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      seen.add(keyOf(byId.get(at)!));
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + dt);
  });
  const busy = all - (self.get("(idle) ") ?? self.get("(idle)") ?? 0);
  const top = (m: Map<string, number>, n: number) =>
    topTable(m, n, {
      columns: ["ms", "% busy", `µs/${unit}`],
      skip: /^\((idle|root|program)\)/,
      whole: busy,
      operations,
      scale: 1000,
      perDigits: 1,
    });
  return {
    busyUs: busy,
    text: `By self time:\n${top(self, rows.self)}\n\nBy total time:\n${top(total, rows.total)}`,
  };
}

/**
 * Runs `run` under V8's sampling heap profiler, counting what the garbage collector has already
 * taken too (so its totals are every byte allocated, not only what is still alive at the end),
 * one sample per `interval` bytes on average, and gives its result and the profile.
 */
export async function heapProfiled<T>(
  run: () => Promise<T> | T,
  interval = 4096,
): Promise<{ result: T; profile: HeapProfiler.SamplingHeapProfile }> {
  const { post, disconnect } = await inspectorSession();
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", {
    samplingInterval: interval,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  });
  const result = await run();
  const { profile } = await post<{ profile: HeapProfiler.SamplingHeapProfile }>("HeapProfiler.stopSampling");
  disconnect();
  return { result, profile };
}

/**
 * The bytes a heap profile allocated, and the tables of the functions that allocated most, per
 * operation: by self bytes (allocated in the function itself), by total bytes (in it or anything
 * it called, each function counted once per stack), and by our nearest frame (each allocation
 * counted to the innermost function of engine/ or server/ on its stack, so a package's copies are
 * counted to the code of ours that asked for them). V8 counts what an optimized function inlined
 * to the function it was inlined into; `node --no-turbo-inlining` splits them apart.
 */
export function summarizeHeap(
  profile: HeapProfiler.SamplingHeapProfile,
  operations: number,
  unit = "pair",
  rows = { self: 30, total: 40, ours: 40 },
): { bytes: number; text: string } {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const ours = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, bytes: number) => m.set(key, (m.get(key) ?? 0) + bytes);
  let all = 0;
  const walk = (node: HeapProfiler.SamplingHeapProfileNode, above: Set<string>, nearest: string) => {
    const key = frameName(node.callFrame);
    const seen = above.has(key) ? above : new Set(above).add(key);
    const mine = / (engine|server)\//.test(key) ? key : nearest;
    add(self, key, node.selfSize);
    add(ours, mine, node.selfSize);
    all += node.selfSize;
    const before = all;
    for (const child of node.children) walk(child, seen, mine);
    // Total: this node's own bytes and its subtree's, once per function on the stack.
    if (!above.has(key)) add(total, key, node.selfSize + (all - before));
  };
  walk(profile.head, new Set(), "(none of ours on the stack)");
  const top = (m: Map<string, number>, n: number) =>
    topTable(m, n, {
      columns: ["kB", "%", `B/${unit}`],
      skip: /^\(root\)/,
      whole: all,
      operations,
      scale: 1024,
      perDigits: 0,
    });
  return {
    bytes: all,
    text: [
      `By self bytes:\n${top(self, rows.self)}`,
      `By total bytes:\n${top(total, rows.total)}`,
      `By our nearest frame:\n${top(ours, rows.ours)}`,
    ].join("\n\n"),
  };
}
