// API bench: step.get and step.submit under load on loopback, beside the stack's ceiling measured
// in the same run: a bare Hono handler and a trivial tRPC query on the same @hono/node-server.
// The servers run in this process; autocannon fires from a worker thread so the load generator
// does not share the servers' event loop.
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { serve } from "@hono/node-server";
import { trpcServer } from "@hono/trpc-server";
import { initTRPC } from "@trpc/server";
import { Hono } from "hono";
import { browser, testServer } from "../tests/helpers/server";
import { fmt, median, table } from "./measure";

export interface Load {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers and socket errors: a run with any is not a measurement of the handler. */
  failures: number;
}

export interface ApiSummary {
  loads: Load[];
  /** Each target's requests per second over the bare Hono handler's: our handlers and the tRPC adapter against the stack's ceiling. */
  ratios: Record<string, number>;
  /** What a real bot-check token costs the server to verify (PBKDF2 and the spent-token insert). */
  botCheckVerifyMs: number;
}

const CONNECTIONS = 10;
/** Targets take turns in short runs, so a neighbour's burst on a shared machine hits them all alike. */
const ROUNDS = 4;
const ROUND_S = 2;

interface Target {
  name: string;
  options: autocannon.Options;
}

const fire = (target: Target, duration: number) => autocannon({ ...target.options, duration, connections: CONNECTIONS, workers: 1 });

async function measure(targets: Target[]): Promise<Load[]> {
  // A first short run of each: connections open, handlers and the JIT warm.
  for (const target of targets) await fire(target, 1);
  const runs = new Map<string, autocannon.Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const target of targets) runs.get(target.name)!.push(await fire(target, ROUND_S));
  return targets.map(({ name }) => {
    const results = runs.get(name)!;
    return {
      name,
      reqPerSec: median(results.map((r) => r.requests.average)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      requests: results.reduce((n, r) => n + r.requests.total, 0),
      failures: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    };
  });
}

/** The ceiling: the same server library and framework, doing nothing. */
async function startCeiling() {
  const t = initTRPC.create();
  const router = t.router({ ping: t.procedure.query(() => "pong") });
  const app = new Hono();
  app.get("/bare", (c) => c.json({ ok: true }));
  app.use("/trpc/*", trpcServer({ router, endpoint: "/trpc" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function runApiBench(log: (line: string) => void = console.log): Promise<ApiSummary> {
  log(`API: ${CONNECTIONS} connections on loopback, ${ROUNDS} rounds of ${ROUND_S} s per target taken in turn (medians)...`);
  const ceiling = await startCeiling();
  const server = await testServer();
  try {
    // An applicant: the first answer starts a guest account and its session cookie.
    const visitor = browser(server.url);
    await visitor.trpc.step.submit.mutate({ stepId: "name", answers: { user: { firstName: "Bench", lastName: "Mark" } } });
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const headers = { cookie, "x-same-origin": "1" };

    // Every POST needs a fresh solved bot-check token (~120 ms of proof of work each), so a load
    // test cannot bring real ones. Measure what verifying real tokens costs the server, then let
    // the load through with the verifier answering yes: submit's figure is the handler's, and
    // the verification comes on top of it.
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) tokens.push(await visitor.botToken());
    const verifyTimes: number[] = [];
    for (const token of tokens) {
      const started = performance.now();
      const verdict = await server.services.botCheck.verify(token, "api_update");
      verifyTimes.push(performance.now() - started);
      if (!verdict.ok) throw new Error(`a freshly solved bot-check token was refused (${verdict.reason})`);
    }
    server.services.botCheck.verify = async () => ({ ok: true });

    const submitBody = JSON.stringify({ stepId: "propertyValue", answers: { setup: { propertyValue: 515000 } } });
    const check = await fetch(`${server.url}/api/trpc/step.submit`, { method: "POST", headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" }, body: submitBody });
    if (check.status !== 200) throw new Error(`step.submit answered ${check.status}: ${await check.text()}`);
    const stepGet = `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "propertyValue" }))}`;

    const loads = await measure([
      { name: "bare Hono handler", options: { url: `${ceiling.url}/bare` } },
      { name: "trivial tRPC query", options: { url: `${ceiling.url}/trpc/ping` } },
      { name: "step.get", options: { url: stepGet, headers } },
      { name: "step.submit", options: { url: `${server.url}/api/trpc/step.submit`, method: "POST", headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" }, body: submitBody } },
    ]);
    const [bare, trpc] = loads.map((l) => l.reqPerSec) as [number, number];
    const ratios = Object.fromEntries(loads.slice(1).map((l) => [l.name, l.reqPerSec / bare]));
    log(
      table([
        ["target", "req/s", "p50 ms", "p99 ms", "requests", "failures", "÷ bare Hono", "÷ trivial tRPC"],
        ...loads.map((l) => [l.name, fmt(l.reqPerSec), fmt(l.p50, 1), fmt(l.p99, 1), String(l.requests), String(l.failures), fmt(l.reqPerSec / bare, 3), fmt(l.reqPerSec / trpc, 3)]),
      ]),
    );
    const botCheckVerifyMs = median(verifyTimes);
    log(`tRPC adapter ÷ bare Hono: ${fmt(ratios["trivial tRPC query"]!, 2)}. Bot-check verification of a real token: ${fmt(botCheckVerifyMs, 2)} ms (median of ${verifyTimes.length}), on top of step.submit.`);
    const failed = loads.filter((l) => l.failures > 0);
    if (failed.length) log(`WARNING: failed requests in ${failed.map((l) => l.name).join(", ")}: those figures do not measure the handler.`);
    return { loads, ratios, botCheckVerifyMs };
  } finally {
    await server.close();
    await ceiling.close();
  }
}
