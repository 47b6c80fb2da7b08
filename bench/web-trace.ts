// Where a page's main thread goes on a cold load, as Lighthouse's mobile profile sees it: headless
// Chromium with the CPU slowed fourfold (Lighthouse's simulated throttling multiplies main-thread
// time by four), a Chrome performance trace of loading the page against the real server, and for
// each long task (over 50 ms) its blocking time and the functions that took it (the trace's own CPU
// samples; names and files through the build's source maps when it has them). A second load counts
// calls per function (V8's precise coverage), e.g. how many JSON-logic evaluations a page makes.
//
//   npx tsx bench/web-trace.ts [path] [--web dir] [--runs n] [--save file.json]
//
// path defaults to the funnel step Lighthouse measures (bench/web.ts); --web serves another build
// (one built with `vite build --sourcemap --outDir <dir>` names the functions); --save writes the
// runs' long tasks and the call counts as JSON; TRACE_OUT=<prefix> keeps each raw trace (open it in
// DevTools' Performance panel). Figures move with the machine's load.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { REPO_ROOT } from "@engine/base/paths";
import { startServer } from "@server/start";
import { WEB_DIR } from "../tests/e2e/browser";
import { fmt, median, table } from "./measure";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
/** Lighthouse's default mobile profile: a Moto G Power's screen, the CPU four times slower. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

const args = process.argv.slice(2).filter((a) => a !== "--");
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const webDir = option("--web") ?? WEB_DIR;
const runs = Number(option("--runs") ?? 3);
const save = option("--save");
const path = args[0] ?? "/app/initial-setup/property-value";

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
      frame?: string;
      url?: string;
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The built files' source maps, by script URL, read from the served folder when present. */
const maps = new Map<string, SourceMap | null>();
function mapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      const file = join(webDir, new URL(url).pathname);
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** A function's name and place: its source file and line through the map, else the built file's. */
function describe({ functionName, url, lineNumber, columnNumber }: ProfileNode["callFrame"]): string {
  if (!url) return functionName || "(program)";
  const map = mapOf(url);
  const entry = map?.findEntry(lineNumber, columnNumber) as
    { originalSource?: string; originalLine?: number; name?: string } | undefined;
  if (entry?.originalSource) {
    const source = entry.originalSource.replace(/^.*?(node_modules\/|engine\/|web\/src\/)/, "$1");
    return `${functionName || entry.name || "(anonymous)"} ${source}:${(entry.originalLine ?? 0) + 1}`;
  }
  return `${functionName || "(anonymous)"} ${new URL(url).pathname}:${lineNumber + 1}`;
}

/** A source file's package (node_modules/<name>) or our folder, for the per-module table. */
function moduleOf(key: string): string {
  const file = key.split(" ").at(-1) ?? "";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  const ours = /^((?:engine|web\/src)\/[^/:]+(?:\/[^/:]+)?)/.exec(file);
  return ours ? ours[1]!.replace(/\.[tj]sx?$/, "") : key.startsWith("(") ? key.split(" ")[0]! : "other";
}

interface RunResult {
  longTasks: { startMs: number; ms: number; blockingMs: number; top: string }[];
  blockingMs: number;
  mainThreadMs: number;
  fcpMs: number | null;
  self: Map<string, number>;
  total: Map<string, number>;
  modules: Map<string, number>;
  timeline: Map<string, number>;
}

let traced = 0;
async function traceOnce(browser: Browser, base: string): Promise<RunResult> {
  const context = await browser.newContext({ ...MOBILE, baseURL: base });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, {
    categories: [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "v8.execute",
      "blink.user_timing",
      "loading",
      "toplevel",
      "disabled-by-default-v8.cpu_profiler",
    ],
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator("h1").first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const buffer = await browser.stopTracing();
  await context.close();
  if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${++traced}.json`, buffer);
  const events = (JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;

  // The page's main thread: the renderer's CrRendererMain that ran the navigation's scripts.
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const busy = (pid: number, tid: number) =>
    events
      .filter((e) => e.pid === pid && e.tid === tid && e.name === "RunTask")
      .reduce((n, e) => n + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0]!;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const navStart =
    onMain.find((e) => e.name === "navigationStart" && String(e.args?.data?.url ?? "").includes(path))?.ts ??
    tasks[0]!.ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === main.pid);

  // The CPU samples: a Profile event starts a profile (id), ProfileChunks carry nodes and samples.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find((e) => e.name === "Profile" && e.pid === main.pid);
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter(
    (e) => e.name === "ProfileChunk" && e.pid === main.pid && e.id === profile?.id,
  )) {
    const cpu = chunk.args?.data?.cpuProfile;
    for (const node of cpu?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (cpu?.samples ?? []).forEach((node, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const keys = new Map<number, string>();
  const keyOf = (id: number) => {
    if (!keys.has(id)) keys.set(id, describe(nodes.get(id)!.callFrame));
    return keys.get(id)!;
  };

  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 > LONG_TASK_MS);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const modules = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  const longTasks = long.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    const mine = new Map<string, number>();
    inTask.forEach((s, i) => {
      const dt = (inTask[i + 1]?.ts ?? end) - s.ts;
      const leaf = keyOf(s.node);
      add(self, leaf, dt);
      add(modules, moduleOf(leaf), dt);
      add(mine, leaf, dt);
      const seen = new Set<string>();
      for (let at: number | undefined = s.node; at !== undefined; at = nodes.get(at)?.parent)
        seen.add(keyOf(at));
      for (const key of seen) add(total, key, dt);
    });
    const top = [...mine]
      .filter(([k]) => !k.startsWith("(program)") && !k.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, us]) => `${k.slice(0, 60)} ${fmt(us / 1000, 0)}`)
      .join("; ");
    const ms = (task.dur ?? 0) / 1000;
    return { startMs: (task.ts - navStart) / 1000, ms, blockingMs: ms - LONG_TASK_MS, top };
  });
  // What the browser did inside the long tasks, by the timeline's own event names (self time).
  const timeline = new Map<string, number>();
  const TIMELINE = new Set([
    "EvaluateScript",
    "v8.compile",
    "v8.compileModule",
    "v8.evaluateModule",
    "FunctionCall",
    "ParseHTML",
    "UpdateLayoutTree",
    "Layout",
    "Paint",
    "PrePaint",
    "Layerize",
    "ParseAuthorStyleSheet",
    "TimerFire",
    "FireAnimationFrame",
    "RunMicrotasks",
    "EventDispatch",
    "MajorGC",
    "MinorGC",
    "V8.GC_SCAVENGER",
    "BlinkGC.AtomicPhase",
  ]);
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    for (const e of onMain)
      if (e.ph === "X" && TIMELINE.has(e.name) && e.ts >= task.ts && e.ts < end)
        add(timeline, e.name, e.dur ?? 0);
  }
  return {
    longTasks,
    blockingMs: longTasks.reduce((n, t) => n + t.blockingMs, 0),
    mainThreadMs: tasks.reduce((n, t) => n + (t.dur ?? 0), 0) / 1000,
    fcpMs: fcp ? (fcp.ts - navStart) / 1000 : null,
    self,
    total,
    modules,
    timeline,
  };
}

/** Calls per function over one load (V8's precise coverage; no slowdown needed to count). */
async function countCalls(browser: Browser, base: string): Promise<Map<string, number>> {
  const context = await browser.newContext({ ...MOBILE, baseURL: base });
  const page = await context.newPage();
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator("h1").first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const coverage = await page.coverage.stopJSCoverage();
  await context.close();
  const calls = new Map<string, number>();
  for (const script of coverage) {
    if (!script.url.startsWith("http") || !script.source) continue;
    const lineStarts = [0];
    for (let i = 0; i < script.source.length; i++) if (script.source[i] === "\n") lineStarts.push(i + 1);
    const position = (offset: number) => {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { lineNumber: lo, columnNumber: offset - lineStarts[lo]! };
    };
    for (const fn of script.functions) {
      const range = fn.ranges[0]!;
      if (!fn.functionName && range.startOffset === 0) continue; // the module's own body
      const key = describe({
        functionName: fn.functionName,
        url: script.url,
        ...position(range.startOffset),
      });
      calls.set(key, (calls.get(key) ?? 0) + range.count);
    }
  }
  return calls;
}

const ms = (us: number) => fmt(us / 1000, 0);
const topRows = (m: Map<string, number>, n: number, every: number) =>
  [...m]
    .filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(root)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => [k.slice(0, 100), ms(us / every)]);

const dataDir = mkdtempSync(join(tmpdir(), "heloc-trace-data-"));
const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, webDir, quiet: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
try {
  console.log(
    `Tracing ${path} from ${relative(REPO_ROOT, webDir) || webDir} (CPU ${CPU_SLOWDOWN}× slower, ${runs} cold loads; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}).`,
  );
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await traceOnce(browser, server.url));
  console.log(
    table([
      ["run", "FCP ms", "main thread ms", "long tasks", "blocking ms (Σ over 50 ms)"],
      ...results.map((r, i) => [
        String(i + 1),
        r.fcpMs === null ? "?" : fmt(r.fcpMs, 0),
        fmt(r.mainThreadMs, 0),
        String(r.longTasks.length),
        fmt(r.blockingMs, 0),
      ]),
    ]),
  );
  const mid = [...results].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(results.length / 2)]!;
  console.log(
    `\nMedian run's long tasks (blocking median ${fmt(median(results.map((r) => r.blockingMs)), 0)} ms):`,
  );
  console.log(
    table([
      ["starts at ms", "ms", "blocking ms", "most of it (self ms)"],
      ...mid.longTasks.map((t) => [fmt(t.startMs, 0), fmt(t.ms, 0), fmt(t.blockingMs, 0), t.top]),
    ]),
  );
  const merge = (pick: (r: RunResult) => Map<string, number>) => {
    const all = new Map<string, number>();
    for (const r of results) for (const [k, v] of pick(r)) all.set(k, (all.get(k) ?? 0) + v);
    return all;
  };
  console.log("\nInside the long tasks, by the timeline's events (self-inclusive ms, mean of the runs):");
  console.log(
    table([
      ["event", "ms"],
      ...topRows(
        merge((r) => r.timeline),
        20,
        runs,
      ),
    ]),
  );
  console.log("\nInside the long tasks, by package or folder (self ms, mean of the runs):");
  console.log(
    table([
      ["module", "ms"],
      ...topRows(
        merge((r) => r.modules),
        25,
        runs,
      ),
    ]),
  );
  console.log("\nInside the long tasks, by function, self time (ms, mean of the runs):");
  console.log(
    table([
      ["function", "ms"],
      ...topRows(
        merge((r) => r.self),
        30,
        runs,
      ),
    ]),
  );
  console.log("\nInside the long tasks, by function, total time (ms, mean of the runs):");
  console.log(
    table([
      ["function", "ms"],
      ...topRows(
        merge((r) => r.total),
        45,
        runs,
      ),
    ]),
  );
  const calls = await countCalls(browser, server.url);
  console.log("\nCalls per function over one load (most called):");
  console.log(
    table([
      ["function", "calls"],
      ...[...calls]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40)
        .map(([k, n]) => [k.slice(0, 100), String(n)]),
    ]),
  );
  if (save)
    writeFileSync(
      save,
      JSON.stringify(
        {
          path,
          webDir,
          load: loadavg(),
          runs: results.map((r) => ({
            ...r,
            self: undefined,
            total: undefined,
            modules: undefined,
            timeline: undefined,
          })),
          calls: Object.fromEntries(calls),
        },
        null,
        1,
      ),
    );
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
