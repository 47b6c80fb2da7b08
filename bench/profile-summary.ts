// Reading a V8 CPU profile: self and total time per function (name, file:line), each function
// counted once per sample, as tables of the functions that take the most time. bench/profile.ts
// (a request) and bench/profile-rules.ts (the rules workload) print it.
import type { Profiler } from "node:inspector";
import { existsSync, readFileSync } from "node:fs";
import { findSourceMap, SourceMap } from "node:module";
import { fileURLToPath } from "node:url";
import { relative } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { fmt, table } from "./measure";

/** Runs `run` under the V8 CPU profiler (sampling every 200 µs) and gives its result and the profile. */
export async function profiled<T>(
  run: () => Promise<T> | T,
): Promise<{ result: T; profile: Profiler.Profile }> {
  const { Session } = await import("node:inspector");
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((resolve, reject) =>
      session.post(method, params ?? {}, (error, out) => (error ? reject(error) : resolve(out as R))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 200 });
  await post("Profiler.start");
  const result = await run();
  const { profile } = await post<{ profile: Profiler.Profile }>("Profiler.stop");
  session.disconnect();
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
  const keyOf = (node: Profiler.ProfileNode) => {
    const { functionName } = node.callFrame;
    const { url, line } = sourceOf(node.callFrame);
    const file = url.startsWith("file://") ? relative(REPO_ROOT, new URL(url).pathname) : url;
    return `${functionName || "(anonymous)"} ${file ? `${file}:${line}` : ""}`.trim();
  };
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
    table([
      ["function", "ms", "% busy", `µs/${unit}`],
      ...[...m]
        .filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(root)") && !k.startsWith("(program)"))
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => [
          k.slice(0, 110),
          fmt(us / 1000, 0),
          fmt((100 * us) / busy, 1),
          fmt(us / operations, 1),
        ]),
    ]);
  return {
    busyUs: busy,
    text: `By self time:\n${top(self, rows.self)}\n\nBy total time:\n${top(total, rows.total)}`,
  };
}
