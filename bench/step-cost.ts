// What each of the funnel's first steps costs the server, one applicant at a time (no queue):
// `npx tsx bench/step-cost.ts [applicants] [steps]` walks that many new applicants through the
// first `steps` steps of the single-borrower funnel over HTTP, as the capacity bench does (each on
// its own connection from its own address), and prints per step the median wall time of its save
// and the CPU of this thread per save (server and client share it: compare steps, not absolutes).
// With BENCH_STEP_PROFILE=<file>, the walk runs under V8's profiler and its summary is printed.
import { Agent, request } from "node:http";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { sliceAnswers } from "@engine/form/answers";
import { singleBorrower } from "../tests/helpers/journeys";
import { testServer } from "../tests/helpers/server";
import { fmt, median, table, threadCpuUs } from "./measure";
import { profiled, summarize } from "./profile-summary";

const [applicants = 300, steps = 3] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);
const server = await testServer({ awaitWorkAfterSave: false });
server.services.botCheck.verify = async () => ({ ok: true });
const { defs } = server.services;

function post(agent: Agent, path: string, body: unknown, cookie: string) {
  return new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: "POST",
        agent,
        headers: {
          "x-same-origin": "1",
          "content-type": "application/json",
          "x-recaptcha-token": "bench",
          cookie,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: res.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const byStep = new Map<string, { ms: number[]; cpu: number[] }>();
async function walk(n: number) {
  const agent = new Agent({ keepAlive: true, localAddress: `127.9.${(n >> 8) & 255}.${n & 255 || 1}` });
  const doc = singleBorrower();
  let cookie = "";
  let at: string | null = "name";
  let revision: number | undefined;
  for (let i = 0; i < steps && at; i++) {
    const answers = sliceAnswers(bundleStepSchema(defs, at), doc) ?? {};
    const cpu = threadCpuUs()!;
    const started = performance.now();
    const res = await post(
      agent,
      "/api/trpc/step.submit",
      { stepId: at, answers, ...(revision === undefined ? {} : { revision }) },
      cookie,
    );
    const ms = performance.now() - started;
    const used = threadCpuUs()! - cpu;
    if (res.status !== 200) throw new Error(`${at}: ${res.status} ${res.body.slice(0, 200)}`);
    const entry = byStep.get(at) ?? { ms: [], cpu: [] };
    entry.ms.push(ms);
    entry.cpu.push(used);
    byStep.set(at, entry);
    for (const line of res.cookies) if (line.split(";")[0]!.includes("session")) cookie = line.split(";")[0]!;
    const data = (JSON.parse(res.body) as { result: { data: { stepId: string | null; revision: number } } })
      .result.data;
    at = data.stepId;
    revision = data.revision;
  }
  agent.destroy();
}

for (let n = 0; n < 30; n++) await walk(10_000 + n); // warm the JIT
byStep.clear();
const run = async () => {
  for (let n = 0; n < applicants; n++) await walk(n);
};
if (process.env.BENCH_STEP_PROFILE) {
  const { profile } = await profiled(run);
  writeFileSync(process.env.BENCH_STEP_PROFILE, JSON.stringify(profile));
  console.log(summarize(profile, applicants * steps, "save", { self: 40, total: 80 }).text);
} else await run();
console.log(
  table([
    ["step", "saves", "median ms", "CPU µs/save (median)"],
    ...[...byStep].map(([step, e]) => [step, String(e.ms.length), fmt(median(e.ms)), fmt(median(e.cpu), 0)]),
  ]),
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
await server.close();
