// Where a request's time goes: `npx tsx bench/profile.ts [step.get|step.submit|ping] [seconds]` puts the
// bench's load (bench/api.ts: a signed-in guest reading or resubmitting step `name`, or the trivial
// query through our whole stack, 10 connections) on the real server for a while under the V8 CPU profiler, writes the profile to
// dist/bench/<target>.cpuprofile (open it in Chrome's DevTools), and prints the functions that
// take the most time, by self time and by total time (each function counted once per sample).
// With `--direct`, the procedure is called in a loop through tRPC's server-side caller instead (no
// HTTP, no middleware): our handler alone, and its CPU time per call, steady even on a busy machine.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session, type Profiler } from "node:inspector";
import { join, relative } from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "../engine/paths";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../server/app";
import { publicProcedure, router as appRouterOf } from "../server/trpc/init";
import { appRouter } from "../server/trpc/router";
import { browser, testServer } from "../tests/helpers/server";
import { fmt, table } from "./measure";

const args = process.argv.slice(2).filter((a) => a !== "--");
const direct = args.includes("--direct");
const [target = "step.get", seconds = "8"] = args.filter((a) => !a.startsWith("--"));
if (target !== "step.get" && target !== "step.submit" && target !== "ping") throw new Error(`profile step.get, step.submit or ping, not ${target}`);

const server = await testServer();
// ping: the bench's trivial query, through a second copy of our app (headers, guards, sessions).
const stack = createApp(server.services, server.services.botCheck, appRouterOf({ ping: publicProcedure.query(() => "pong") }));
const stackServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: stack.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
});
const visitor = browser(server.url);
const submitBody = JSON.stringify({ stepId: "name", answers: { user: { firstName: "Bench", lastName: "Mark" } } });
await visitor.trpc.step.submit.mutate(JSON.parse(submitBody));
server.services.botCheck.verify = async () => ({ ok: true }); // as in bench/api.ts: the handler's own cost
const headers = { cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" };
const options: autocannon.Options =
  target === "ping"
    ? { url: `http://127.0.0.1:${(stackServer.address() as AddressInfo).port}/api/trpc/ping`, headers: { "x-same-origin": "1", "accept-encoding": "gzip, deflate, br" } } // no cookie, as in bench/api.ts
    : target === "step.get"
    ? { url: `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`, headers }
    : { url: `${server.url}/api/trpc/step.submit`, method: "POST", headers: { ...headers, "content-type": "application/json", "x-recaptcha-token": "bench" }, body: submitBody };
const fire = (duration: number) => autocannon({ ...options, duration, connections: 10, workers: 1 });

/** The procedure called directly for `duration` seconds, one call at a time; the CPU time per call. */
async function loop(duration: number) {
  const token = visitor.cookies.get([...visitor.cookies.keys()].find((k) => k.includes("session"))!)!;
  const applicant = (await server.services.auth.applicant.sessions.validate(decodeURIComponent(token)))!.session;
  const ctx = { services: server.services, cookies: { get: () => undefined, set: () => {}, delete: () => {} }, resHeaders: new Headers(), ip: "127.0.0.1", origin: server.url, userAgent: "bench", applicant, portal: null };
  const caller = appRouter.createCaller(ctx as never);
  const input = JSON.parse(submitBody);
  const cpu = process.cpuUsage();
  let calls = 0;
  for (const end = performance.now() + duration * 1000; performance.now() < end; calls++)
    await (target === "ping" ? Promise.resolve() : target === "step.get" ? caller.step.get({ stepId: "name" }) : caller.step.submit(input));
  const spent = process.cpuUsage(cpu);
  return { requests: { total: calls, average: calls / duration }, cpuUs: (spent.user + spent.system) / calls };
}
const run = (duration: number) => (direct ? loop(duration) : fire(duration));

await run(2); // warm
const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
await post("Profiler.enable");
await post("Profiler.setSamplingInterval", { interval: 200 });
await post("Profiler.start");
const result = await run(Number(seconds));
const { profile } = await post<{ profile: Profiler.Profile }>("Profiler.stop");
session.disconnect();
stackServer.close();
await server.close();

const out = join(REPO_ROOT, "dist/bench");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `${target}.cpuprofile`), JSON.stringify(profile));

// Self and total time per function (name, file:line), from the samples.
const parent = new Map<number, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const keyOf = (node: Profiler.ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.startsWith("file://") ? relative(REPO_ROOT, new URL(url).pathname) : url;
  return `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
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
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)!));
  for (const key of seen) total.set(key, (total.get(key) ?? 0) + dt);
});
const requests = result.requests.total;
const busy = all - (self.get("(idle) ") ?? self.get("(idle)") ?? 0);
const top = (m: Map<string, number>, n: number) =>
  table([["function", "ms", "% busy", "µs/req"], ...[...m].filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(root)") && !k.startsWith("(program)")).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => [k.slice(0, 110), fmt(us / 1000, 0), fmt((100 * us) / busy, 1), fmt(us / requests, 0)])]);
if ("cpuUs" in result) console.log(`${target} called directly: ${fmt(result.cpuUs, 0)} µs of CPU per call (profiler on).`);
console.log(`${target}: ${requests} requests in ${seconds} s (${fmt(result.requests.average)} req/s), ${fmt(busy / requests, 0)} µs busy per request (profiler on).`);
console.log(`\nBy self time:\n${top(self, 30)}`);
console.log(`\nBy total time:\n${top(total, 60)}`);
console.log(`\nProfile: ${relative(process.cwd(), join(out, `${target}.cpuprofile`))}`);
