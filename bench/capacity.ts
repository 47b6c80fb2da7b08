// Capacity: simulated applicants walk the whole funnel at once, each loading a step (step.get) and
// saving it (step.submit) after a few seconds' think time, from the first question to the
// submitted application (26 steps for one borrower: the demo application's answers, a texted
// phone code read from the outbox). The figure is the largest number of applicants in flight for
// which step.submit keeps p95 ≤ 50 ms and p99 ≤ 150 ms with no request failing (target ≥ 1,000),
// on SQLite at synchronous=FULL, or PostgreSQL under `npm run bench:postgres`.
//
// The server runs in a worker thread (bench/capacity-server.ts), or, with BENCH_CAPACITY_PROCESSES=N
// (1 too), as N server processes sharing the port and the database as HELOC_PROCESSES runs them
// (bench/capacity-processes.ts); the applicants are plain fetches from this thread, mostly asleep. Levels: BENCH_CAPACITY_LEVELS (500,1000,1500,2000), each run for
// BENCH_CAPACITY_SECONDS (60) after its applicants have all started, which takes one walk (~91 s).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { loadDefinitions } from "@engine/definitions/load";
import { setAt } from "@engine/base/pointer";
import { outboxPhone } from "@server/platform/sms/sender";
import { bundleStepSchema } from "@engine/definitions/bundle";
import type { Definitions } from "@engine/definitions/definitions";
import { sliceAnswers } from "@engine/form/answers";
import { singleBorrower } from "../tests/helpers/journeys";
import { pdfProse } from "../tests/helpers/pdf";
import { fmt, table } from "./measure";

const LEVELS = (process.env.BENCH_CAPACITY_LEVELS ?? "500,1000,1500,2000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 60);
/** Think time between steps: 2 to 5 s, as a person reads a page and answers it. */
const think = () => 2000 + Math.random() * 3000;
const TARGET = { p95: 50, p99: 150, applicants: 1000 };
/** Server processes (BENCH_CAPACITY_PROCESSES); unset, one server in a worker thread of this process. */
const PROCESSES = process.env.BENCH_CAPACITY_PROCESSES
  ? Number(process.env.BENCH_CAPACITY_PROCESSES)
  : undefined;
/** BENCH_CAPACITY_PROFILE=<dir>: the in-thread server's CPU profile of each level's window, written there. */
/** One walk's length: the funnel's 26 steps at the mean think time (BENCH_CAPACITY_RAMP_SECONDS). */
const RAMP_MS = Number(process.env.BENCH_CAPACITY_RAMP_SECONDS ?? 26 * 3.5) * 1000;

export interface CapacityLevel {
  applicants: number;
  saves: number;
  savesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  holds: boolean;
  /** The server thread's CPU time over the window per save, its page's step.get and the rest included (µs; in-thread server on Linux only). */
  cpuUsPerSave: number | null;
}
export interface CapacitySummary {
  database: string;
  /** Server processes (0: one server in a worker thread of the bench). */
  processes: number;
  levels: CapacityLevel[];
  /** The largest level that held, or 0. */
  capacity: number;
  target: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/**
 * The code in the newest outbox file (`.txt` texts, `.eml` mails) that `pick` finds one in, read
 * from the newest back and stopping at the first; asynchronously, so looking a code up does not
 * hold up the other applicants' answers in this thread (whose times it would add to), and only
 * the files sent since `since` (a name's time prefix: the step that asked for it). Codes are
 * sent after the server answers: a person whose code has not come yet waits for it (up to 30 s).
 */
async function newestCodeIn(
  dir: string,
  ext: string,
  since: string,
  pick: (text: string) => string | undefined,
): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const files = (await readdir(dir))
      .filter((f) => f.endsWith(ext) && f >= since) // named by the time they were sent
      .sort()
      .reverse();
    for (const file of files) {
      const code = pick(await readFile(join(dir, file), "utf8"));
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in ${dir} after 30 s`);
}

/** The code for a step that checks one: texted to the phone (named by its last 4 digits), or mailed. */
async function codeFor(kind: string, dataDir: string, phone: string, email: string, since: string) {
  if (kind === "verifyPhoneCode")
    return newestCodeIn(join(dataDir, "sms-outbox"), ".txt", since, (text) =>
      text.startsWith(`To: ${outboxPhone(phone)}\n`)
        ? /(\d{6}) is your verification code/.exec(text)?.[1]
        : undefined,
    );
  return newestCodeIn(join(dataDir, "outbox"), ".eml", since, (text) =>
    text.includes(`\nTo: ${email}\r`) ? /code is (\d{6})/.exec(text.replace(/=\r?\n/g, ""))?.[1] : undefined,
  );
}

/** The three steps whose saves were slowest at p95 (every step with BENCH_CAPACITY_ALL_STEPS=1), so a failing level says where the time went. */
function slowestSteps(byStep: Map<string, number[]>): string {
  return [...byStep]
    .map(([step, ms]) => ({
      step,
      p95: quantile(
        ms.sort((a, b) => a - b),
        0.95,
      ),
      n: ms.length,
    }))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, process.env.BENCH_CAPACITY_ALL_STEPS === "1" ? undefined : 3)
    .map((s) => `${s.step} ${fmt(s.p95)} ms (${s.n} saves)`)
    .join(", ");
}

let serial = 0;

/**
 * Each applicant is a person on their own connection from their own address (127.x.y.z: Linux
 * answers the whole 127/8 on loopback), as the per-address limits on sign-up codes expect: from
 * one address, the 500 applicants were one household asking for 500 codes, and were refused.
 */
function client(n: number) {
  const agent = new Agent({
    keepAlive: true,
    localAddress: `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`,
  });
  /** `connectMs`: on a new connection, how long its TCP connect took of the request's time. */
  type Answer = { status: number; setCookies: string[]; body: unknown; connectMs?: number };
  type Init = { method?: string; headers: Record<string, string>; body?: string };
  // A kept-alive connection the server closed as idle (its keepAliveTimeout) just as a request went
  // out on it is reset: sent again once on a new one, as browsers do (Node's documented way).
  const send = (url: string, init: Init): Promise<Answer> =>
    sendOnce(url, init).catch((error: Error & { reused?: boolean }) => {
      if (error.reused) return sendOnce(url, init);
      throw error;
    });
  const sendOnce = (url: string, init: Init) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = performance.now();
      let connectMs: number | undefined;
      const req = request(url, { method: init.method ?? "GET", headers: init.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({
            status: res.statusCode ?? 0,
            setCookies: res.headers["set-cookie"] ?? [],
            body,
            ...(connectMs === undefined ? {} : { connectMs }),
          });
        });
        res.on("error", reject);
      });
      req.on("error", (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
      req.on("socket", (socket) => {
        if (!req.reusedSocket) socket.once("connect", () => (connectMs = performance.now() - sent));
      });
      req.end(init.body);
    });
  return { send, close: () => agent.destroy() };
}

async function applicant(
  base: string,
  { defs, dataDir }: { defs: Definitions; dataDir: string },
  until: () => boolean,
  record: (step: string, ms: number, ok: boolean, connectMs?: number) => void,
): Promise<void> {
  while (!until()) {
    const doc = singleBorrower();
    const n = serial++;
    const { send, close } = client(n + 2);
    const phone = `813555${String(n % 10000).padStart(4, "0")}`;
    doc.user.phone = phone;
    let cookie = "";
    let at: string | null = "name";
    let revision: number | undefined;
    let askedAt = "";
    const headers = () => ({ "x-same-origin": "1", "content-type": "application/json", cookie });
    while (at && !until()) {
      await new Promise((resolve) => setTimeout(resolve, think()));
      if (cookie) {
        const input = encodeURIComponent(JSON.stringify({ stepId: at }));
        await send(`${base}/api/trpc/step.get?input=${input}`, { headers: headers() });
      }
      let answers = (sliceAnswers(bundleStepSchema(defs, at), doc) ?? {}) as Record<string, unknown>;
      for (const effect of defs.steps.get(at)?.def.effects ?? [])
        if ((effect.kind === "verifyPhoneCode" || effect.kind === "verifyEmailCode") && effect.code)
          answers = setAt(
            answers,
            effect.code,
            await codeFor(effect.kind, dataDir, phone, doc.user.email, askedAt),
          ) as Record<string, unknown>;
        else if (effect.kind === "recordConsent")
          // The E-SIGN consent's code, read from the applicant's own PDF as a person opens it.
          for (const consent of Object.values(effect.consents ?? {}))
            if (consent?.pdfCode) {
              const pdf = await fetch(`${base}/api/notices/e-sign-consent.pdf`, { headers: headers() });
              const code = /Your code is (\d{6})/.exec(
                pdfProse(new Uint8Array(await pdf.arrayBuffer())),
              )?.[1];
              if (code) answers = setAt(answers, consent.pdfCode, code) as Record<string, unknown>;
            }
      const stepId = at;
      // Outbox names start with the time (":" and "." written "-"); a second early, for safety.
      askedAt = new Date(Date.now() - 1000).toISOString().replace(/[:.]/g, "-");
      // A text the step says must be opened first (the CFPB booklet), opened as the applicant does.
      for (const effect of defs.steps.get(at)?.def.effects ?? [])
        for (const document of effect.mustOpen ?? [])
          await send(`${base}/api/trpc/esign.openDocument`, {
            method: "POST",
            headers: { ...headers(), "x-recaptcha-token": "bench" },
            body: JSON.stringify({ stepId: at, document }),
          });
      const started = performance.now();
      let ok = false;
      let connectMs: number | undefined;
      try {
        const res = await send(`${base}/api/trpc/step.submit`, {
          method: "POST",
          headers: { ...headers(), "x-recaptcha-token": "bench" },
          body: JSON.stringify({ stepId: at, answers, ...(revision !== undefined ? { revision } : {}) }),
        });
        connectMs = res.connectMs;
        const body = res.body as { result?: { data: { stepId: string | null; revision: number } } };
        for (const line of res.setCookies) {
          const [pair = ""] = line.split(";");
          if (pair.includes("session")) cookie = pair;
        }
        ok = res.status === 200 && !!body?.result;
        if (!ok && process.env.BENCH_DEBUG) console.error(at, res.status, JSON.stringify(body).slice(0, 300));
        if (ok) {
          at = body.result!.data.stepId;
          revision = body.result!.data.revision;
          if (at === "applicationSubmitted") at = null;
        }
      } finally {
        record(stepId, performance.now() - started, ok, connectMs);
      }
      if (!ok) {
        close();
        return;
      }
    }
    close();
  }
}

export async function runCapacityBench(log: (line: string) => void = console.log): Promise<CapacitySummary> {
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite (synchronous=FULL)";
  log(
    `Capacity on ${database}, ${PROCESSES === undefined ? "the server in a worker thread" : `${PROCESSES} server process${PROCESSES > 1 ? "es" : ""}`}: applicants walking the whole funnel (step.get, then step.submit after 2–5 s), ${SECONDS} s per level after all have started...`,
  );
  const server = await startBenchServer();
  const { url, dataDir, close } = server;
  const context = { defs: loadDefinitions().defs, dataDir };
  const levels: CapacityLevel[] = [];
  try {
    for (const n of LEVELS) {
      const times: number[] = [];
      const byStep = new Map<string, number[]>();
      let failed = 0;
      let measuring = false;
      let stop = false;
      // The TCP connects of saves sent on a new connection (the name step's: no step.get before it).
      const connects: number[] = [];
      const record = (step: string, ms: number, ok: boolean, connectMs?: number) => {
        if (!measuring) return;
        if (connectMs !== undefined) connects.push(connectMs);
        if (ok) times.push(ms);
        else failed++;
        if (ok) byStep.set(step, [...(byStep.get(step) ?? []), ms]);
      };
      // Applicants arrive over one whole walk, as they do all day: then, once all have started, as
      // many are on each step as on any other. Arriving within seconds, they walked the first
      // steps together (sign-up codes, mail) at the arrival rate of several thousand in flight.
      const walking = Array.from({ length: n }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, (i / n) * RAMP_MS))
          .then(() => applicant(url, context, () => stop, record))
          // A request that failed outright (a connection refused, or reset twice) fails its level.
          .catch((error: Error) => {
            record("(connection)", 0, false);
            if (process.env.BENCH_DEBUG) console.error(error);
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, RAMP_MS + 3000));
      const cpuBefore = await server.cpuUs();
      if (process.env.BENCH_CAPACITY_PROFILE) void server.profile?.("start");
      measuring = true;
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      measuring = false;
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = await server.cpuUs();
      if (process.env.BENCH_CAPACITY_PROFILE) log(`    profile: ${await server.profile?.(`capacity-${n}`)}`);
      stop = true;
      await Promise.allSettled(walking);
      times.sort((a, b) => a - b);
      const level = {
        applicants: n,
        saves: times.length,
        savesPerSecond: times.length / seconds,
        p50: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        p99: quantile(times, 0.99),
        failed,
        cpuUsPerSave:
          cpuBefore === null || cpuAfter === null || !times.length
            ? null
            : (cpuAfter - cpuBefore) / times.length,
      };
      const holds = level.p95 <= TARGET.p95 && level.p99 <= TARGET.p99 && failed === 0 && times.length > 0;
      levels.push({ ...level, holds });
      log(
        `  ${n} applicants: ${fmt(level.savesPerSecond)} saves/s, step.submit p50 ${fmt(level.p50)} ms, p95 ${fmt(level.p95)} ms, p99 ${fmt(level.p99)} ms, ${failed} failed; server thread CPU ${level.cpuUsPerSave === null ? "-" : fmt(level.cpuUsPerSave, 0)} µs per save and its page (load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(", ")})`,
      );
      log(`    slowest steps by p95: ${slowestSteps(byStep)}`);
      connects.sort((a, b) => a - b);
      if (connects.length)
        log(
          `    saves on a new connection: its TCP connect p50 ${fmt(quantile(connects, 0.5))} ms, p95 ${fmt(quantile(connects, 0.95))} ms, max ${fmt(connects.at(-1)!)} ms (${connects.length})`,
        );
      if (!holds) break;
    }
  } finally {
    await close();
  }
  const capacity = Math.max(0, ...levels.filter((l) => l.holds).map((l) => l.applicants));
  log("");
  log(
    table([
      ["applicants in flight", "saves/s", "p50 ms", "p95 ms (≤ 50)", "p99 ms (≤ 150)", "failed", "holds"],
      ...levels.map((l) => [
        String(l.applicants),
        fmt(l.savesPerSecond),
        fmt(l.p50),
        fmt(l.p95),
        fmt(l.p99),
        String(l.failed),
        l.holds ? "yes" : "no",
      ]),
    ]),
  );
  log(
    `Capacity: ${capacity} applicants in flight (target ≥ ${TARGET.applicants}: ${capacity >= TARGET.applicants ? "holds" : "does not hold"})`,
  );
  return { database, processes: PROCESSES ?? 0, levels, capacity, target: TARGET.applicants };
}

interface BenchServer {
  url: string;
  dataDir: string;
  close(): Promise<void>;
  /** The server thread's CPU time so far (µs), or null (processes, or no schedstat). */
  cpuUs(): Promise<number | null>;
  /** BENCH_CAPACITY_PROFILE: starts the server thread's profile, or stops it and gives its file. */
  profile?: (name: string) => Promise<string>;
}

/** The server under load: in a worker thread of this process, or as BENCH_CAPACITY_PROCESSES processes. */
async function startBenchServer(): Promise<BenchServer> {
  if (PROCESSES === undefined) {
    const worker = new Worker(new URL("./capacity-worker.mjs", import.meta.url));
    const started = await new Promise<{ url: string; dataDir: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const ask = <T>(message: unknown, key: string) =>
      new Promise<T>((resolve) => {
        const answer = (m: Record<string, T>) => {
          if (!(key in m)) return;
          worker.off("message", answer);
          resolve(m[key]!);
        };
        worker.on("message", answer);
        worker.postMessage(message);
      });
    return {
      ...started,
      cpuUs: () => ask<number | null>("cpu", "cpuUs"),
      profile: async (name) => {
        if (name !== "start") return ask<string>({ profileStop: name }, "profiled");
        worker.postMessage("profile-start");
        return "";
      },
      close: async () => {
        worker.postMessage("close");
        await new Promise((resolve) => worker.once("exit", resolve));
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-capacity-"));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/capacity-processes.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, BENCH_CAPACITY_PROCESSES: String(PROCESSES) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Never left running after the bench, however it ends.
  const orphaned = () => child.kill("SIGTERM");
  process.once("exit", orphaned);
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench's server processes ended (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  return {
    url,
    dataDir,
    cpuUs: async () => null,
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      process.off("exit", orphaned);
    },
  };
}
