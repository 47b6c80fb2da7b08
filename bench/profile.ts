// Where a request's time goes: `npx tsx bench/profile.ts [step.get|step.submit|ping] [seconds]` puts the
// bench's load (bench/api.ts: a signed-in guest reading or resubmitting step `name`, or the trivial
// query through our whole stack, 10 connections) on the real server for a while under the V8 CPU profiler, writes the profile to
// dist/bench/<target>.cpuprofile (open it in Chrome's DevTools), and prints the functions that
// take the most time, by self time and by total time (each function counted once per sample).
// With `--direct`, the procedure is called in a loop through tRPC's server-side caller instead (no
// HTTP, no middleware): the procedure alone, and its CPU time per call, steady even on a busy machine.
// With `--whole`, step.get and step.submit are the bench's whole two-borrower application's
// (bench/api.ts WHOLE: the declarations page, about 10 KB stored) instead of the small one's
// `name`; the profile is then dist/bench/<target>.whole.cpuprofile. With `--whole --changed`, step.submit
// is the API bench's row "an answer changed each save": the declarations page saved with one answer
// told two ways in turn (bench/api.ts changedBodies), so each save writes a new document
// (dist/bench/step.submit.whole.changed.cpuprofile).
// `save-then-get` (always direct) is an applicant's step as the capacity bench walks it: a save
// whose answer differs from the last one (so its stored text is new, as a real step's is), then
// step.get of the page the save sends them to; its CPU time is per pair. With `--no-profiler` the
// loop runs without the profiler (its CPU figure then has no profiler overhead in it). With `--heap`
// (direct only), the loop runs under V8's sampling heap profiler instead, counting what scavenges
// took too: it prints the bytes allocated per call or pair and the functions that allocate most,
// and writes dist/bench/<target>.heapprofile (DevTools' Memory tab opens it).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { REPO_ROOT } from "@engine/base/paths";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "@server/app";
import { publicProcedure, router as appRouterOf } from "@server/transport/trpc/init";
import { appRouter } from "@server/transport/trpc/router";
import { browser, testServer } from "../tests/helpers/server";
import { WHOLE, wholeApplicant } from "./api";
import { fmt } from "./measure";
import { heapProfiled, profiled, summarize, summarizeHeap } from "./profile-summary";

const args = process.argv.slice(2).filter((a) => a !== "--");
const direct = args.includes("--direct") || args.includes("save-then-get");
const noProfiler = args.includes("--no-profiler");
const whole = args.includes("--whole");
const heap = args.includes("--heap");
const changed = args.includes("--changed");
if (heap && !direct)
  throw new Error("--heap profiles the procedure called directly (--direct or save-then-get)");
const [target = "step.get", seconds = "8"] = args.filter((a) => !a.startsWith("--"));
if (target !== "step.get" && target !== "step.submit" && target !== "ping" && target !== "save-then-get")
  throw new Error(`profile step.get, step.submit, save-then-get or ping, not ${target}`);
if (changed && !(whole && target === "step.submit"))
  throw new Error("--changed is the whole application's step.submit (--whole step.submit)");

const server = await testServer();
// ping: the bench's trivial query, through a second copy of our app (headers, guards, sessions).
const stack = createApp(
  server.services,
  server.services.botCheck,
  appRouterOf({ ping: publicProcedure.query(() => "pong") }),
);
const stackServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: stack.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
});
const visitor = browser(server.url);
const small = {
  stepId: "name",
  body: JSON.stringify({ stepId: "name", answers: { user: { firstName: "Bench", lastName: "Mark" } } }),
};
await visitor.trpc.step.submit.mutate(JSON.parse(small.body));
const smallHeaders = {
  cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  "x-same-origin": "1",
  "accept-encoding": "gzip, deflate, br",
};
const wholeOne = whole ? await wholeApplicant(server) : null;
server.services.botCheck.verify = async () => ({ ok: true }); // as in bench/api.ts: the handler's own cost
const stepId = wholeOne ? WHOLE.stepId : small.stepId;
const submitBody = wholeOne ? wholeOne.submitBody : small.body;
const headers = wholeOne ? wholeOne.headers : smallHeaders;
const profileName = `${target}${whole ? ".whole" : ""}${changed ? ".changed" : ""}`;
/** A step.submit request with `body`, as the API bench sends it. */
const submitRequest = (body: string) => ({
  method: "POST" as const,
  headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" },
  body,
});
const options: autocannon.Options =
  target === "ping"
    ? {
        url: `http://127.0.0.1:${(stackServer.address() as AddressInfo).port}/api/trpc/ping`,
        headers: { "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" },
      } // no cookie, as in bench/api.ts
    : target === "step.get"
      ? {
          url: `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId }))}`,
          headers,
        }
      : changed
        ? { url: `${server.url}/api/trpc/step.submit`, requests: wholeOne!.changedBodies.map(submitRequest) }
        : { url: `${server.url}/api/trpc/step.submit`, ...submitRequest(submitBody) };
const fire = (duration: number) => autocannon({ ...options, duration, connections: 10, workers: 1 });

/** The procedure called directly for `duration` seconds, one call at a time; the CPU time per call. */
async function loop(duration: number) {
  const token = headers.cookie
    .split("; ")
    .map((pair) => pair.split("="))
    .find(([name]) => name!.includes("session"))![1]!;
  const applicant = (await server.services.auth.applicant.sessions.validate(decodeURIComponent(token)))!
    .session;
  const ctx = {
    services: server.services,
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    resHeaders: new Headers(),
    ip: "127.0.0.1",
    origin: server.url,
    userAgent: "bench",
    applicant,
    portal: null,
  };
  const caller = appRouter.createCaller(ctx as never);
  const input = JSON.parse(submitBody);
  const changedInputs = changed ? wholeOne!.changedBodies.map((body) => JSON.parse(body)) : [];
  const cpu = process.cpuUsage();
  let calls = 0;
  for (const end = performance.now() + duration * 1000; performance.now() < end; calls++)
    await (target === "ping"
      ? Promise.resolve()
      : target === "step.get"
        ? caller.step.get({ stepId })
        : target === "step.submit"
          ? caller.step.submit(changed ? changedInputs[calls % changedInputs.length] : input)
          : saveThenGet(caller, input));
  const spent = process.cpuUsage(cpu);
  return {
    requests: { total: calls, average: calls / duration },
    cpuUs: (spent.user + spent.system) / calls,
  };
}
/**
 * One applicant's step: a save of an answer never saved before (so the stored text is new), then
 * the page it sends them to. The small application's first name, or the whole one's amount of
 * borrowed money, changes with `n`.
 */
let turn = 0;
async function saveThenGet(
  caller: ReturnType<typeof appRouter.createCaller>,
  input: { answers: { user: Record<string, unknown> } },
) {
  const answers = structuredClone(input.answers);
  const unique = ++turn;
  if (wholeOne)
    Object.assign(answers.user.declarations as object, {
      hasBorrowedThirdPartyMoney: true,
      borrowedThirdPartyMoneyAmount: 1000 + unique,
    });
  // Letters only (a name's pattern): the count written in base 26.
  else
    answers.user.firstName = `Bench${unique.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;
  const saved = await caller.step.submit({ ...input, answers } as never);
  if (!saved.stepId) throw new Error("the save sent the applicant nowhere");
  await caller.step.get({ stepId: saved.stepId });
}

const run = (
  duration: number,
): Promise<Awaited<ReturnType<typeof fire>> | Awaited<ReturnType<typeof loop>>> =>
  direct ? loop(duration) : fire(duration);

await run(2); // warm
if (heap) {
  // What the server allocates with no call made (its timers, its pollers), per second: a run that
  // fits fewer calls in its seconds would otherwise count more of it to each call.
  const idle = await heapProfiled(() => new Promise((resolve) => setTimeout(resolve, 3000)));
  const idleBytesPerSecond = summarizeHeap(idle.profile, 1).bytes / 3;
  const { result, profile } = await heapProfiled(() => run(Number(seconds)));
  stackServer.close();
  await server.close();
  const out = join(REPO_ROOT, "dist/bench");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${profileName}.heapprofile`), JSON.stringify(profile));
  const per = target === "save-then-get" ? "pair" : "call";
  const calls = result.requests.total;
  const { bytes, text } = summarizeHeap(profile, calls, per);
  const net = bytes - idleBytesPerSecond * Number(seconds);
  console.log(
    `${profileName} called directly: ${fmt(net / calls / 1024, 1)} kB allocated per ${per} (sampled; ${fmt(bytes / calls / 1024, 1)} with the ${fmt(idleBytesPerSecond / 1024, 0)} kB/s the idle server allocates), ${calls} in ${seconds} s (heap profiler on; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}).`,
  );
  console.log(`\n${text}`);
  console.log(`\nProfile: ${relative(process.cwd(), join(out, `${profileName}.heapprofile`))}`);
  process.exit(0);
}
const { result, profile } = noProfiler
  ? { result: await run(Number(seconds)), profile: null }
  : await profiled(() => run(Number(seconds)));
stackServer.close();
await server.close();

const requests = result.requests.total;
const per = target === "save-then-get" ? "pair" : "call";
if (!profile) {
  if ("cpuUs" in result)
    console.log(
      `${profileName} called directly: ${fmt(result.cpuUs, 0)} µs of CPU per ${per}, ${requests} in ${seconds} s (no profiler; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")}).`,
    );
  process.exit(0);
}
const out = join(REPO_ROOT, "dist/bench");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `${profileName}.cpuprofile`), JSON.stringify(profile));

const { busyUs, text } = summarize(profile, requests);
if ("cpuUs" in result)
  console.log(`${profileName} called directly: ${fmt(result.cpuUs, 0)} µs of CPU per ${per} (profiler on).`);
console.log(
  `${profileName}: ${requests} requests in ${seconds} s (${fmt(result.requests.average)} req/s), ${fmt(busyUs / requests, 0)} µs busy per request (profiler on).`,
);
console.log(`\n${text}`);
console.log(`\nProfile: ${relative(process.cwd(), join(out, `${profileName}.cpuprofile`))}`);
