// API bench: step.get and step.submit under load on loopback, beside the ceiling measured in the
// same run: a bare Hono handler, a trivial tRPC query through each way of mounting tRPC on Hono
// (@hono/trpc-server, the adapter the app uses; tRPC's fetch adapter called from a Hono route; its
// node adapter), and the same trivial query through our whole HTTP stack (createApp: Hono's
// security headers and compression, the guards, @hono/trpc-server, sessions). The servers run in this process;
// autocannon fires from a worker thread so the load generator does not share their event loop.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { serve } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { trpcServer } from "@hono/trpc-server";
import { initTRPC } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { Hono } from "hono";
import { pino } from "pino";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createApp } from "@server/app";
import { eq } from "drizzle-orm";
import { transaction } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import {
  publicProcedure,
  router as appRouterOf,
  visitorProcedure,
  type Context,
} from "@server/transport/trpc/init";
import { inputOf } from "@server/transport/trpc/inputs";
import { createLog } from "@server/platform/observability/log";
import { makeApplicant } from "../tests/helpers/accounts";
import { answersFor, twoBorrowers } from "../tests/helpers/journeys";
import { browser, testServer, type TestServer } from "../tests/helpers/server";
import { fmt, median, table, threadCpuUs } from "./measure";

export interface Load {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** CPU time of the servers' thread per request (Linux; null elsewhere): steadier than req/s on a shared machine. */
  cpuUsPerReq: number | null;
  requests: number;
  /** Non-2xx answers and socket errors: a run with any is not a measurement of the handler. */
  failures: number;
}

export interface Target {
  name: string;
  options: autocannon.Options;
}

export interface ApiSummary {
  loads: Load[];
  /** Each target's requests per second over the bare Hono handler's. */
  ratios: Record<string, number>;
  /** Each target's requests per second over the trivial tRPC query's through our stack. */
  ratiosToTrivial: Record<string, number>;
  /** The targets, each with its figure and whether it holds. */
  targets: TargetCheck[];
  /** step.get and step.submit beside the least a call of their kind does (floorProcedures). */
  floors: FloorCheck[];
  /** What a real bot-check token costs the server to verify (PBKDF2 and the spent-token insert). */
  botCheckVerifyMs: number;
  database: string;
}

export interface TargetCheck {
  name: string;
  figure: number;
  target: string;
  holds: boolean;
}

export interface FloorCheck {
  name: string;
  /** The floor's requests per second over the trivial query's: the best ratio any such call could reach. */
  floorToTrivial: number;
  /** The call's requests per second over its floor's. */
  toFloor: number;
  /** The share of its floor the issue wants of the call. */
  wanted: number;
}

/**
 * The least a step.get or step.submit could do, through the same stack: the session read from
 * its cookie (every applicant call reads it: sessions are server-side, checked on each request),
 * the input checked against its schema, and step.get's own answer sent back; a save also writes
 * one row in a durable transaction (synchronous=FULL, group commit), as any save must. No
 * application read, no path, no rules: what is left for the handler is the rest of the ratio.
 */
function floorProcedures(answer: unknown, wholeAnswer: unknown) {
  const signedIn = (ctx: Context) => {
    if (!ctx.applicant) throw new Error("the floor is measured with a session");
    return ctx.applicant;
  };
  return {
    readFloor: visitorProcedure.input(inputOf("stepRef")).query(({ ctx }) => (signedIn(ctx), answer)),
    // The same with the whole application's answer (its step.get's own, about 10 KB): what any read of it sends.
    readFloorWhole: visitorProcedure
      .input(inputOf("stepRef"))
      .query(({ ctx }) => (signedIn(ctx), wholeAnswer)),
    saveFloor: visitorProcedure.input(inputOf("stepSubmit")).mutation(async ({ ctx }) => {
      const { userId } = signedIn(ctx);
      await transaction(ctx.services.db, (tx) =>
        tx
          .update(applications)
          .set({ updatedAt: ctx.services.now() })
          .where(eq(applications.ownerId, userId)),
      );
      return answer;
    }),
  };
}

/** The bench's own applicant is on its first page with two names saved; a real one is further on, with much more. */
export const WHOLE = { stepId: "application8", label: "a whole two-borrower application (declarations)" };
/** The same page's save with an answer changed on every save, as an applicant's real save is (the row above saves it unchanged). */
const CHANGED = `${WHOLE.label}, an answer changed each save`;

/**
 * An applicant at the declarations page of the demo's two-borrower application (about 10 KB
 * stored, identifiers sealed), every step before it saved: what a step.get and a step.submit cost
 * with a real application, beside the figures of the bench's small one.
 */
export async function wholeApplicant(server: TestServer) {
  const email = `bench.${randomUUID()}@example.com`;
  const doc = twoBorrowers();
  doc.user.email = email;
  const who = await makeApplicant(server.services, { email, status: WHOLE.stepId, doc, walked: true });
  const b = browser(server.url);
  const signedIn = await b.auth("Applicant", "callback/credentials", {
    email: who.email,
    password: who.password,
  });
  if (signedIn.status !== 200)
    throw new Error(`the whole application's applicant could not sign in (${signedIn.status})`);
  const headers = {
    cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    "x-same-origin": "1",
    "accept-encoding": "gzip, deflate, br",
  };
  const submit = { stepId: WHOLE.stepId, answers: answersFor(server, WHOLE.stepId, doc) };
  await b.trpc.step.submit.mutate(submit); // accepted, as each save under load must be
  const stepRef = `?input=${encodeURIComponent(JSON.stringify({ stepId: WHOLE.stepId }))}`;
  const answer = (
    (await (await fetch(`${server.url}/api/trpc/step.get${stepRef}`, { headers })).json()) as {
      result: { data: unknown };
    }
  ).result.data;
  // The same save with one answer told two ways (how title to another property is held: SP, then
  // O), sent in turn on each connection: each save's document differs from the one stored, so it
  // is checked, priced, walked and written anew, as an applicant's save is.
  const declarations = (submit.answers as { user: { declarations: Record<string, unknown> } }).user
    .declarations;
  const told = (title: string) =>
    JSON.stringify({
      ...submit,
      answers: { ...submit.answers, user: { declarations: { ...declarations, otherPropertyTitle: title } } },
    });
  return {
    headers,
    submitBody: JSON.stringify(submit),
    changedBodies: [told("O"), told("SP")],
    stepRef,
    answer,
  };
}

const CONNECTIONS = 10;
/** Targets take turns in short runs, so a neighbour's burst on a shared machine hits them all alike. */
const ROUNDS = 4;
const ROUND_S = 2;

export { threadCpuUs } from "./measure";

const fire = (target: Target, duration: number) =>
  autocannon({ ...target.options, duration, connections: CONNECTIONS, workers: 1 });

export async function measure(targets: Target[], rounds = ROUNDS, roundS = ROUND_S): Promise<Load[]> {
  // A first short run of each: connections open, handlers and the JIT warm.
  for (const target of targets) await fire(target, 1);
  const runs = new Map<string, { result: autocannon.Result; cpuUs: number | null }[]>(
    targets.map((t) => [t.name, []]),
  );
  for (let round = 0; round < rounds; round++)
    for (const target of targets) {
      const before = threadCpuUs();
      const result = await fire(target, roundS);
      const after = threadCpuUs();
      runs
        .get(target.name)!
        .push({ result, cpuUs: before === null || after === null ? null : after - before });
    }
  return targets.map(({ name }) => {
    const results = runs.get(name)!;
    const cpu = results.map((r) =>
      r.cpuUs === null ? null : r.cpuUs / Math.max(1, r.result.requests.total),
    );
    return {
      name,
      reqPerSec: median(results.map((r) => r.result.requests.average)),
      p50: median(results.map((r) => r.result.latency.p50)),
      p99: median(results.map((r) => r.result.latency.p99)),
      cpuUsPerReq: cpu.every((c) => c !== null) ? median(cpu as number[]) : null,
      requests: results.reduce((n, r) => n + r.result.requests.total, 0),
      failures: results.reduce((n, r) => n + r.result.non2xx + r.result.errors + r.result.timeouts, 0),
    };
  });
}

async function listen(fetch: Parameters<typeof serve>[0]["fetch"]) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The ceiling: the same server library and framework, a trivial query mounted each way there is. */
async function startCeiling() {
  const t = initTRPC.create();
  const router = t.router({ ping: t.procedure.query(() => "pong") });
  const app = new Hono<{ Bindings: { incoming: IncomingMessage; outgoing: ServerResponse } }>();
  app.get("/bare", (c) => c.json({ ok: true }));
  app.use("/hono-trpc-server/*", trpcServer({ router, endpoint: "/hono-trpc-server" }));
  app.use("/fetch-adapter/*", (c) =>
    fetchRequestHandler({ router, endpoint: "/fetch-adapter", req: c.req.raw }),
  );
  app.use("/node-adapter/*", async (c) => {
    await nodeHTTPRequestHandler({
      router,
      req: c.env.incoming,
      res: c.env.outgoing,
      path: c.req.path.slice("/node-adapter/".length),
    });
    return RESPONSE_ALREADY_SENT;
  });
  return listen(app.fetch);
}

/** The API figures, each beside its target. */
export async function runApiBench(log: (line: string) => void = console.log): Promise<ApiSummary> {
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite (synchronous=FULL)";
  log(
    `API on ${database}: ${CONNECTIONS} connections on loopback, ${ROUNDS} rounds of ${ROUND_S} s per target taken in turn (medians)...`,
  );
  const ceiling = await startCeiling();
  const server = await testServer();
  // An applicant: the first answer starts a guest account and its session cookie.
  const visitor = browser(server.url);
  await visitor.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Bench", lastName: "Mark" } },
  });
  const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers = { cookie, "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" };
  const stepRef = `?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`;
  const whole = await wholeApplicant(server);
  const answer = (
    (await (await fetch(`${server.url}/api/trpc/step.get${stepRef}`, { headers })).json()) as {
      result: { data: unknown };
    }
  ).result.data;
  // The same services behind a second copy of our app whose router has the trivial query, and
  // the floors: the least a step.get or step.submit could do (see floorProcedures).
  const stack = await listen(
    createApp(
      server.services,
      server.services.botCheck,
      appRouterOf({
        ping: publicProcedure.query(() => "pong"),
        ...floorProcedures(answer, whole.answer),
      }),
    ).fetch,
  );
  // The trivial query once more with the log production writes (one JSON line per request,
  // to /dev/null here): the test server's log, like every other target's, writes nothing.
  const logged = await listen(
    createApp(
      {
        ...server.services,
        log: createLog({
          dev: false,
          quiet: false,
          destination: pino.destination({ dest: "/dev/null", sync: true }),
        }),
      },
      server.services.botCheck,
      appRouterOf({ ping: publicProcedure.query(() => "pong") }),
    ).fetch,
  );
  try {
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

    // The step the visitor is on: the path opens a page only once the pages before it are saved.
    const submitBody = JSON.stringify({
      stepId: "name",
      answers: { user: { firstName: "Bench", lastName: "Mark" } },
    });
    const check = await fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" },
      body: submitBody,
    });
    if (check.status !== 200) throw new Error(`step.submit answered ${check.status}: ${await check.text()}`);
    const stepGet = `${server.url}/api/trpc/step.get${stepRef}`;
    const post = {
      method: "POST" as const,
      headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" },
      body: submitBody,
    };

    const loads = await measure([
      { name: "bare Hono handler", options: { url: `${ceiling.url}/bare` } },
      { name: "trivial tRPC: @hono/trpc-server", options: { url: `${ceiling.url}/hono-trpc-server/ping` } },
      { name: "trivial tRPC: fetch adapter", options: { url: `${ceiling.url}/fetch-adapter/ping` } },
      { name: "trivial tRPC: node adapter", options: { url: `${ceiling.url}/node-adapter/ping` } },
      {
        name: "trivial tRPC through our stack",
        options: {
          url: `${stack.url}/api/trpc/ping`,
          headers: { "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" },
        },
      },
      {
        name: "trivial tRPC through our stack, its log line written",
        options: {
          url: `${logged.url}/api/trpc/ping`,
          headers: { "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" },
        },
      },
      {
        name: "floor of a read: session, input, answer",
        options: { url: `${stack.url}/api/trpc/readFloor${stepRef}`, headers },
      },
      { name: "step.get", options: { url: stepGet, headers } },
      {
        name: "floor of a save: session, input, one durable UPDATE",
        options: { url: `${stack.url}/api/trpc/saveFloor`, ...post },
      },
      { name: "step.submit", options: { url: `${server.url}/api/trpc/step.submit`, ...post } },
      {
        name: `floor of a read, ${WHOLE.label}`,
        options: { url: `${stack.url}/api/trpc/readFloorWhole${whole.stepRef}`, headers: whole.headers },
      },
      {
        name: `step.get, ${WHOLE.label}`,
        options: { url: `${server.url}/api/trpc/step.get${whole.stepRef}`, headers: whole.headers },
      },
      {
        name: `floor of a save, ${WHOLE.label}`,
        options: {
          url: `${stack.url}/api/trpc/saveFloor`,
          ...post,
          headers: { ...post.headers, cookie: whole.headers.cookie },
          body: whole.submitBody,
        },
      },
      {
        name: `step.submit, ${WHOLE.label}`,
        options: {
          url: `${server.url}/api/trpc/step.submit`,
          ...post,
          headers: { ...post.headers, cookie: whole.headers.cookie },
          body: whole.submitBody,
        },
      },
      {
        name: `step.submit, ${CHANGED}`,
        options: {
          url: `${server.url}/api/trpc/step.submit`,
          requests: whole.changedBodies.map((body) => ({
            method: "POST" as const,
            headers: { ...post.headers, cookie: whole.headers.cookie },
            body,
          })),
        },
      },
    ]);
    const rate = (name: string) => loads.find((l) => l.name === name)!.reqPerSec;
    const bare = rate("bare Hono handler");
    const trivial = rate("trivial tRPC through our stack");
    const ratios = Object.fromEntries(loads.slice(1).map((l) => [l.name, l.reqPerSec / bare]));
    const ratiosToTrivial = Object.fromEntries(loads.map((l) => [l.name, l.reqPerSec / trivial]));
    log(
      table([
        [
          "target",
          "req/s",
          "p50 ms",
          "p99 ms",
          "CPU µs/req",
          "requests",
          "failures",
          "÷ bare Hono",
          "÷ trivial via stack",
        ],
        ...loads.map((l) => [
          l.name,
          fmt(l.reqPerSec),
          fmt(l.p50, 1),
          fmt(l.p99, 1),
          l.cpuUsPerReq === null ? "-" : fmt(l.cpuUsPerReq, 0),
          String(l.requests),
          String(l.failures),
          fmt(l.reqPerSec / bare, 3),
          fmt(l.reqPerSec / trivial, 3),
        ]),
      ]),
    );
    // Issue 34's targets: each call at least 0.8 of its floor, the least a call of its kind does
    // through the same stack (the ratios to the trivial query, issue 24's, are retired: context only).
    const pairs = [
      { name: "step.get", floor: "floor of a read: session, input, answer" },
      { name: "step.submit", floor: "floor of a save: session, input, one durable UPDATE" },
      { name: `step.get, ${WHOLE.label}`, floor: `floor of a read, ${WHOLE.label}` },
      { name: `step.submit, ${WHOLE.label}`, floor: `floor of a save, ${WHOLE.label}` },
      { name: `step.submit, ${CHANGED}`, floor: `floor of a save, ${WHOLE.label}` },
    ];
    const floorNames = pairs.map((p) => p.floor);
    const floors: FloorCheck[] = pairs.map(({ name, floor }) => ({
      name,
      floorToTrivial: rate(floor) / trivial,
      toFloor: rate(name) / rate(floor),
      wanted: 0.8,
    }));
    const targets: TargetCheck[] = floors.map((f) => ({
      name: f.name.includes(WHOLE.label)
        ? `${f.name} ÷ its floor`
        : `${f.name} ÷ its floor (the bench's small application)`,
      figure: f.toFloor,
      target: `≥ ${f.wanted}`,
      holds: f.toFloor >= f.wanted,
    }));
    log(targetTable(targets));
    // The same ratio by CPU time per request (the floor's over the call's): on a shared machine the
    // steadier figure, since a neighbour's burst moves requests per second more than CPU per request.
    const cpu = (name: string) => loads.find((l) => l.name === name)!.cpuUsPerReq;
    const byCpu = (name: string, floor: string) => {
      const [call, least] = [cpu(name), cpu(floor)];
      return call === null || least === null ? "-" : fmt(least / call, 3);
    };
    log(
      table([
        [
          "call",
          "its floor ÷ trivial tRPC",
          "the call ÷ trivial tRPC",
          "the call ÷ its floor",
          "the same by CPU µs/req",
        ],
        ...floors.map((f, i) => [
          f.name,
          fmt(f.floorToTrivial, 3),
          fmt(rate(f.name) / trivial, 3),
          fmt(f.toFloor, 3),
          byCpu(f.name, floorNames[i]!),
        ]),
      ]),
    );
    const wholeGet = loads.find((l) => l.name === `step.get, ${WHOLE.label}`)!;
    const wholeSubmit = loads.find((l) => l.name === `step.submit, ${WHOLE.label}`)!;
    log(
      `With ${WHOLE.label}: step.get ${fmt(wholeGet.reqPerSec / trivial, 3)} of the trivial query, step.submit ${fmt(wholeSubmit.reqPerSec / trivial, 3)} (the bench's small application: ${fmt(rate("step.get") / trivial, 3)} and ${fmt(rate("step.submit") / trivial, 3)}).`,
    );
    const botCheckVerifyMs = median(verifyTimes);
    log(
      `Bot-check verification of a real token: ${fmt(botCheckVerifyMs, 2)} ms (median of ${verifyTimes.length}), on top of step.submit.`,
    );
    const failed = loads.filter((l) => l.failures > 0);
    if (failed.length)
      log(
        `WARNING: failed requests in ${failed.map((l) => l.name).join(", ")}: those figures do not measure the handler.`,
      );
    return { loads, ratios, ratiosToTrivial, targets, floors, botCheckVerifyMs, database };
  } finally {
    await stack.close();
    await logged.close();
    await server.close();
    await ceiling.close();
  }
}

export const targetTable = (targets: TargetCheck[]) =>
  table([
    ["target", "figure", "wanted", "holds"],
    ...targets.map((t) => [t.name, fmt(t.figure, t.figure >= 100 ? 0 : 2), t.target, t.holds ? "yes" : "NO"]),
  ]);
