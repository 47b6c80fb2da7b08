// Issue 40 item 2: one partner administrator froze the server. portal.definitionsImpact loaded and
// compiled every definition and read every row on each call: 16 of them in one batched GET
// blocked every request for 14.7–16.1 s; in development, the first GET /api/dev/definitions after
// a change stalled the loop 6.9 s. Now the work runs in the definitions worker, once per change.
// A development server in a process of its own (with the demo applications) is measured from
// here: while 16 impact calls (a broker's administrator and the lender's at once), the preview's
// first read after an edit and a reload (SIGHUP) run, a health GET is asked every 20 ms, and the
// server reports the longest its event loop waited.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { openDb } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { makePartner, makePortalUser, signInPortal } from "../helpers/accounts";
import { capPropertyValue, copyDefinitions } from "../helpers/definitions";
import { browser, newestCode, type TestServer } from "../helpers/server";

const copy = copyDefinitions();
const dataDir = mkdtempSync(join(tmpdir(), "heloc-loop-"));
let child: ChildProcess;
let url = "";
let out = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "tests/hardening/server-process.ts")], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DEFINITIONS_DIR: copy.dir, DEMO: "1", LOOP_DELAY: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!url && out.includes("\n")) resolve(out.split("\n")[0]!.trim());
    });
    child.on("exit", (code) => reject(new Error(`the server ended (${code}) before listening:\n${err}`)));
  });
}, 180_000);
afterAll(() => void child?.kill("SIGKILL"));

/**
 * Since the last time it was asked: the server's longest event-loop wait (wall time: on a busy
 * machine, mostly waiting for a core), and the most CPU its main thread spent between two ticks
 * 5 ms apart (the longest its own work held the loop, to the 10 ms the kernel counts in).
 */
async function loopDelay(): Promise<{ wait: number; held: number }> {
  const before = out.length;
  child.kill("SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 20) {
    const line = /loop ([\d.]+) cpu ([\d.]+)\n/.exec(out.slice(before));
    if (line) return { wait: Number(line[1]), held: Number(line[2]) };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the server did not report its event loop");
}

/** Health GETs every 20 ms until `done` settles: each one's time to answer, and the last version served. */
async function healthWhile(done: Promise<unknown>): Promise<{ times: number[]; version: string }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  let version = "";
  while (!finished) {
    const started = performance.now();
    version = ((await (await fetch(`${url}/api/health`)).json()) as { definitions: string }).definitions;
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { times, version };
}

const at = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))]!;

describe("expensive staff calls are bounded", { timeout: 300_000 }, () => {
  let house: ReturnType<typeof browser>;
  let broker: ReturnType<typeof browser>;
  beforeAll(async () => {
    // Staff made in the server's database from here, signed in over HTTP with the code it mails.
    const { db, close } = await openDb({ path: join(dataDir, "heloc.sqlite") });
    const services = { db } as unknown as Services;
    const server = { url, lastCode: () => newestCode(dataDir) } as unknown as TestServer;
    house = browser(url);
    await signInPortal(server, house, await makePortalUser(services, { role: "admin" }));
    broker = browser(url);
    await signInPortal(
      server,
      broker,
      await makePortalUser(services, { role: "admin", partnerId: await makePartner(services) }),
    );
    await close();
  });

  it("refuses a batch that carries an impact report with anything else", async () => {
    const calls = Array.from({ length: 16 }, () => "portal.definitionsImpact").join(",");
    const res = await house.fetch(`${url}/api/trpc/${calls}?batch=1&input=${encodeURIComponent("{}")}`, {
      headers: { "X-Same-Origin": "1" },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/must be the only call of its request; this one has 16/);
  });

  it("never holds its event loop 100 ms, and answers health GETs as when idle, while 16 hostile impact calls, the preview and a reload run", async () => {
    // What this machine gives the idle server: on a shared machine, other processes' load delays
    // every answer, and that is not the server's to count.
    const idle = await healthWhile(new Promise((resolve) => setTimeout(resolve, 4000)));
    const idleLoop = await loopDelay();
    const serving = idle.version;

    capPropertyValue(copy); // a change on disk: the reports have something to judge
    const ask = (b: typeof house) =>
      b.trpc.portal.definitionsImpact.query().catch((e: unknown) => {
        if ((e as { data?: { httpStatus?: number } }).data?.httpStatus === 429) return { state: "limited" };
        throw e;
      });
    const until = async (b: typeof house) => {
      for (;;) {
        const r = await ask(b);
        if (r.state !== "checking" && r.state !== "computing") return r;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    // 16 calls at once, 8 from each administrator; then each asks every half second until their
    // report is ready; then the server is told to reload, and serves the change.
    const hostile = Promise.all([
      ...Array.from({ length: 8 }, () => ask(house)),
      ...Array.from({ length: 8 }, () => ask(broker)),
      house.fetch(`${url}/api/dev/definitions`, { headers: { "X-Same-Origin": "1" } }).then((r) => r.json()),
    ]).then(async (first) => {
      const reports = await Promise.all([until(house), until(broker)]);
      child.kill("SIGHUP");
      for (let waited = 0; ; waited += 100) {
        const version = ((await (await fetch(`${url}/api/health`)).json()) as { definitions: string })
          .definitions;
        if (version !== serving) break;
        if (waited > 120_000) throw new Error("the server did not reload");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [...first, ...reports];
    });
    const busy = await healthWhile(hostile);
    const busyLoop = await loopDelay();
    const results = await hostile;

    const states = results.slice(0, 16).map((r) => (r as { state: string }).state);
    expect(states.every((state) => ["checking", "computing", "ready", "limited"].includes(state))).toBe(true);
    expect(results[16]).toMatchObject({ problems: [] });
    expect(results.slice(17)).toMatchObject([{ state: "ready" }, { state: "ready" }]);
    expect(
      ((await (await fetch(`${url}/api/health`)).json()) as { definitions: string }).definitions,
    ).not.toBe(serving);

    const idleSlowest = Math.max(...idle.times);
    const slowest = Math.max(...busy.times);
    console.log(
      `event loop (server process): idle, ${idle.times.length} health GETs: median ${at(idle.times, 0.5).toFixed(1)} ms, p99 ${at(idle.times, 0.99).toFixed(1)}, slowest ${idleSlowest.toFixed(1)}; loop's longest wait ${idleLoop.wait} ms, main thread's most CPU between ticks ${idleLoop.held} ms. Under the hostile calls, the preview and the reload, ${busy.times.length}: median ${at(busy.times, 0.5).toFixed(1)} ms, p99 ${at(busy.times, 0.99).toFixed(1)}, slowest ${slowest.toFixed(1)}; loop's longest wait ${busyLoop.wait} ms, main thread's most CPU between ticks ${busyLoop.held} ms. Load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    expect(busy.times.length).toBeGreaterThan(10);
    // The server's own work never held its loop 100 ms, whatever the machine's load.
    expect(busyLoop.held).toBeLessThan(100);
    // And health GETs answer as they do when the server idles. Their slowest is logged, not
    // asserted: on a shared machine it measures the other processes (this one ran beside a load
    // average of 13-17 on 2 cores, where the idle server's own slowest reached 100-200 ms).
    expect(at(busy.times, 0.5)).toBeLessThan(Math.max(20, at(idle.times, 0.5) * 3));
  });
});
