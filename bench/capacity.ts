// Capacity: simulated applicants walk the whole funnel at once, each loading a step (step.get) and
// saving it (step.submit) after a few seconds' think time, from the first question to the
// submitted application (26 steps for one borrower: the demo application's answers, a texted
// phone code read from the outbox). The figure is the largest number of applicants in flight for
// which step.submit keeps p95 ≤ 50 ms and p99 ≤ 150 ms with no request failing (target ≥ 1,000),
// on SQLite at synchronous=FULL, or PostgreSQL under `npm run bench:postgres`.
//
// The server runs in a worker thread (bench/capacity-server.ts), or, with BENCH_CAPACITY_PROCESSES=N
// (1 too), as N server processes sharing the port and the database as HELOC_PROCESSES runs them
// (bench/capacity-processes.ts); the applicants are plain requests from this thread, mostly asleep.
// Either is the server built as production runs it (bench/built-server.ts; BENCH_SERVER_SOURCE=1:
// from source under tsx).
// Levels: BENCH_CAPACITY_LEVELS (500,1000,1500,2000), each run for BENCH_CAPACITY_SECONDS (60) after
// its applicants have all started, which takes one walk (~91 s). Each level prints the server's CPU
// per save and the applicants' (BENCH_CAPACITY_THREADS=1: every thread of this process). On the
// PostgreSQL cluster scripts/with-postgres.mjs starts, also its processes' CPU per save (they share
// the cores) and its commits' WAL flushes; BENCH_CAPACITY_WAITS=1 adds the server thread's GC
// pauses, event-loop delay and pool queue (bench/capacity-server.ts).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { Agent, request, type OutgoingHttpHeaders } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { loadDefinitions } from "@engine/definitions/load";
import { REPO_ROOT } from "@engine/base/paths";
import { setAt } from "@engine/base/pointer";
import { outboxPhone } from "@server/platform/sms/sender";
import { bundleStepSchema } from "@engine/definitions/bundle";
import type { Definitions } from "@engine/definitions/definitions";
import { sliceAnswers } from "@engine/form/answers";
import { singleBorrower } from "../tests/helpers/journeys";
import { pdfProse } from "../tests/helpers/pdf";
import pg from "pg";
import { fmt, table, threadCpuUs } from "./measure";
import { OutboxCodes } from "../tests/helpers/outbox-codes";
import { profiled, summarize } from "./profile-summary";
import { builtEntries, FROM_SOURCE } from "./built-server";

const LEVELS = (process.env.BENCH_CAPACITY_LEVELS ?? "500,1000,1500,2000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 60);
/** Think time between steps: 2 to 5 s, as a person reads a page and answers it. */
const think = () => 2000 + Math.random() * 3000;
const TARGET = { p95: 50, p99: 150, applicants: 1000 };
/** Server processes (BENCH_CAPACITY_PROCESSES); unset, one server in a worker thread of this process. */
const PROCESSES = process.env.BENCH_CAPACITY_PROCESSES
  ? Number(process.env.BENCH_CAPACITY_PROCESSES)
  : undefined;
/**
 * BENCH_CAPACITY_STATEMENTS=1: the in-thread server counts the statements it sends the database
 * (DATABASE_COUNT_STATEMENTS), and each level prints them per save and its page, by kind.
 */
const STATEMENTS = process.env.BENCH_CAPACITY_STATEMENTS === "1";
if (STATEMENTS) process.env.DATABASE_COUNT_STATEMENTS = "1";
/** BENCH_CAPACITY_WAITS=1: the in-thread server reports its GC pauses, event-loop delay and pool queue per level. */
const WAITS = process.env.BENCH_CAPACITY_WAITS === "1";
/** The postmaster of the cluster scripts/with-postgres.mjs started (its processes' CPU is counted), if any. */
const POSTMASTER = Number(process.env.PG_POSTMASTER_PID ?? 0) || null;
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
  /** The server's CPU time over the window per save, its page's step.get and the rest included (µs; Linux only): its thread, or its processes. */
  cpuUsPerSave: number | null;
  /**
   * The simulated applicants' CPU per save over the window (µs): this process's CPU (every thread)
   * less the in-thread server's thread. With the server in a worker thread this still counts the
   * server's PDF pool and both isolates' GC helpers; with BENCH_CAPACITY_PROCESSES it is theirs alone.
   */
  applicantsCpuUsPerSave: number | null;
  /** The same, of the applicants' own thread alone (the rest: their I/O threads, and both threads' GC helpers). */
  applicantsThreadCpuUsPerSave: number | null;
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

/** The outboxes the applicants read their codes from: texts (named by the phone's last 4 digits) and mails. */
function outboxes(dataDir: string) {
  const texts = new OutboxCodes(join(dataDir, "sms-outbox"), ".txt", (text) => {
    const to = /^To: ([^\n]*)\n/.exec(text)?.[1];
    const code = /(\d{6}) is your verification code/.exec(text)?.[1];
    return to && code ? { to, code } : undefined;
  });
  const mails = new OutboxCodes(join(dataDir, "outbox"), ".eml", (text) => {
    const to = /\nTo: ([^\r\n]*)\r\n/.exec(text)?.[1];
    const code = /code is (\d{6})/.exec(text.replace(/=\r?\n/g, ""))?.[1];
    return to && code ? { to, code } : undefined;
  });
  return {
    open: () => Promise.all([texts.open(), mails.open()]),
    close: () => (texts.close(), mails.close()),
    /** The code for a step that checks one, sent since `since` (the time the step that asked was saved). */
    codeFor: (kind: string, phone: string, email: string, since: string) =>
      kind === "verifyPhoneCode" ? texts.codeFor(outboxPhone(phone), since) : mails.codeFor(email, since),
  };
}

/** The three steps whose saves were slowest at p95 (every step, with its p50 too, with BENCH_CAPACITY_ALL_STEPS=1), so a failing level says where the time went. */
function slowestSteps(byStep: Map<string, number[]>): string {
  const all = process.env.BENCH_CAPACITY_ALL_STEPS === "1";
  return [...byStep]
    .map(([step, ms]) => {
      const sorted = ms.sort((a, b) => a - b);
      return { step, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), n: ms.length };
    })
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, all ? undefined : 3)
    .map((s) => `${s.step} ${all ? `p50 ${fmt(s.p50)}, ` : ""}${fmt(s.p95)} ms (${s.n} saves)`)
    .join(", ");
}

let serial = 0;

/** What a tRPC answer with a result starts with (the bench asks for no compression, so it is plain JSON). */
const RESULT = Buffer.from('{"result":{"data":');
const isResult = (body: Buffer) => body.subarray(0, RESULT.length).equals(RESULT);

/**
 * Each applicant is a person on their own connection from their own address (127.x.y.z: Linux
 * answers the whole 127/8 on loopback), as the per-address limits on sign-up codes expect: from
 * one address, the 500 applicants were one household asking for 500 codes, and were refused.
 * Lean, as measuring apparatus on the server's machine must be: requests go by host and path (no
 * URL parsed), with a body's length stated (one write, not chunks), and answers stay bytes until
 * the caller reads what it checks.
 */
function client(n: number, server: URL) {
  const agent = new Agent({
    keepAlive: true,
    localAddress: `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`,
  });
  const { hostname: host, port } = server;
  /** `connectMs`: on a new connection, how long its TCP connect took of the request's time. */
  type Answer = { status: number; setCookies: string[]; body: Buffer; connectMs?: number };
  type Init = { method?: "GET" | "POST"; headers: OutgoingHttpHeaders; body?: Buffer };
  // A kept-alive connection the server closed as idle (its keepAliveTimeout) just as a request went
  // out on it is reset: sent again once on a new one, as browsers do (Node's documented way).
  const send = (path: string, init: Init): Promise<Answer> =>
    sendOnce(path, init).catch((error: Error & { reused?: boolean }) => {
      if (error.reused) return sendOnce(path, init);
      throw error;
    });
  const sendOnce = (path: string, { method = "GET", headers, body }: Init) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = performance.now();
      let connectMs: number | undefined;
      const req = request(
        {
          host,
          port,
          path,
          method,
          headers: body ? { ...headers, "content-length": body.length } : headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              setCookies: res.headers["set-cookie"] ?? [],
              body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
              ...(connectMs === undefined ? {} : { connectMs }),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
      req.on("socket", (socket) => {
        if (!req.reusedSocket) socket.once("connect", () => (connectMs = performance.now() - sent));
      });
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

interface Walk {
  base: URL;
  defs: Definitions;
  codes: ReturnType<typeof outboxes>;
  until: () => boolean;
  /** A save's time (ok: answered 200 with a result). */
  record: (step: string, ms: number, ok: boolean, connectMs?: number) => void;
  /** A request that opened a new connection: its whole time and its TCP connect's (ms). */
  newConnection: (ms: number, connectMs: number) => void;
  /** A request other than a save that was not answered 200 with a result. */
  failedRequest: (what: string, status: number, body: Buffer) => void;
}

async function applicant({
  base,
  defs,
  codes,
  until,
  record,
  newConnection,
  failedRequest,
}: Walk): Promise<void> {
  while (!until()) {
    const doc = singleBorrower();
    const n = serial++;
    const { send, close } = client(n + 2, base);
    const phone = `813555${String(n % 10000).padStart(4, "0")}`;
    doc.user.phone = phone;
    let at: string | null = "name";
    let revision: number | undefined;
    let askedAt = "";
    // The headers a page's load and a save send, made again only when the session cookie changes.
    let cookie = "";
    let pageHeaders: OutgoingHttpHeaders = { "x-same-origin": "1" };
    let saveHeaders: OutgoingHttpHeaders = {
      ...pageHeaders,
      "content-type": "application/json",
      "x-recaptcha-token": "bench",
    };
    const check = (what: string, res: { status: number; body: Buffer }) => {
      const ok = res.status === 200 && isResult(res.body);
      if (!ok) failedRequest(what, res.status, res.body);
      return ok;
    };
    while (at && !until()) {
      await new Promise((resolve) => setTimeout(resolve, think()));
      // The step's page first, as a browser loads it before the person answers: the name step's too,
      // so its save goes on the connection the page opened, as a browser's does.
      const input = encodeURIComponent(JSON.stringify({ stepId: at }));
      const loading = performance.now();
      const page = await send(`/api/trpc/step.get?input=${input}`, { headers: pageHeaders });
      if (page.connectMs !== undefined) newConnection(performance.now() - loading, page.connectMs);
      if (!check(`step.get ${at}`, page)) {
        close();
        return;
      }
      let answers = (sliceAnswers(bundleStepSchema(defs, at), doc) ?? {}) as Record<string, unknown>;
      for (const effect of defs.steps.get(at)?.def.effects ?? [])
        if ((effect.kind === "verifyPhoneCode" || effect.kind === "verifyEmailCode") && effect.code)
          answers = setAt(
            answers,
            effect.code,
            await codes.codeFor(effect.kind, phone, doc.user.email, askedAt),
          ) as Record<string, unknown>;
        else if (effect.kind === "recordConsent")
          // The E-SIGN consent's code, read from the applicant's own PDF as a person opens it.
          for (const consent of Object.values(effect.consents ?? {}))
            if (consent?.pdfCode) {
              const pdf = await send("/api/notices/e-sign-consent.pdf", { headers: pageHeaders });
              const code =
                pdf.status === 200 ? /Your code is (\d{6})/.exec(pdfProse(pdf.body))?.[1] : undefined;
              if (code) answers = setAt(answers, consent.pdfCode, code) as Record<string, unknown>;
              else failedRequest("e-sign-consent.pdf", pdf.status, Buffer.alloc(0));
            }
      const stepId = at;
      // Outbox names start with the time (":" and "." written "-"); a second early, for safety.
      askedAt = new Date(Date.now() - 1000).toISOString().replace(/[:.]/g, "-");
      // A text the step says must be opened first (the CFPB booklet), opened as the applicant does.
      for (const effect of defs.steps.get(at)?.def.effects ?? [])
        for (const document of effect.mustOpen ?? [])
          check(
            `esign.openDocument ${document}`,
            await send("/api/trpc/esign.openDocument", {
              method: "POST",
              headers: saveHeaders,
              body: Buffer.from(JSON.stringify({ stepId: at, document })),
            }),
          );
      const body = Buffer.from(
        JSON.stringify({ stepId: at, answers, ...(revision !== undefined ? { revision } : {}) }),
      );
      const started = performance.now();
      let ok = false;
      let connectMs: number | undefined;
      try {
        const res = await send("/api/trpc/step.submit", { method: "POST", headers: saveHeaders, body });
        connectMs = res.connectMs;
        for (const line of res.setCookies) {
          const [pair = ""] = line.split(";");
          if (pair.includes("session") && pair !== cookie) {
            cookie = pair;
            pageHeaders = { "x-same-origin": "1", cookie };
            saveHeaders = {
              ...pageHeaders,
              "content-type": "application/json",
              "x-recaptcha-token": "bench",
            };
          }
        }
        const answer =
          res.status === 200 && isResult(res.body)
            ? (JSON.parse(res.body.toString("utf8")) as {
                result?: { data?: { stepId?: string | null; revision?: number } };
              })
            : undefined;
        const data = answer?.result?.data;
        ok =
          !!data &&
          (typeof data.stepId === "string" || data.stepId === null) &&
          typeof data.revision === "number";
        if (!ok && process.env.BENCH_DEBUG) console.error(at, res.status, res.body.toString("utf8", 0, 300));
        if (ok) {
          at = data!.stepId!;
          revision = data!.revision;
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
  const defs = loadDefinitions().defs;
  const codes = outboxes(dataDir);
  await codes.open();
  const levels: CapacityLevel[] = [];
  try {
    for (const n of LEVELS) {
      const times: number[] = [];
      const byStep = new Map<string, number[]>();
      let failed = 0;
      let measuring = false;
      let stop = false;
      // The TCP connects of saves sent on a new connection (one closed as idle), and of the pages
      // that open an applicant's connection (the name step's), with those pages' whole times.
      const connects: number[] = [];
      const firstPages: number[] = [];
      const firstConnects: number[] = [];
      const newConnection = (ms: number, connectMs: number) => {
        if (!measuring) return;
        firstPages.push(ms);
        firstConnects.push(connectMs);
      };
      const record = (step: string, ms: number, ok: boolean, connectMs?: number) => {
        if (!measuring) return;
        if (connectMs !== undefined) connects.push(connectMs);
        if (!ok) return void failed++;
        times.push(ms);
        const ofStep = byStep.get(step);
        if (ofStep) ofStep.push(ms);
        else byStep.set(step, [ms]);
      };
      const failedRequest = (what: string, status: number, body: Buffer) => {
        if (measuring) failed++;
        if (process.env.BENCH_DEBUG) console.error(what, status, body.toString("utf8", 0, 300));
      };
      // Applicants arrive over one whole walk, as they do all day: then, once all have started, as
      // many are on each step as on any other. Arriving within seconds, they walked the first
      // steps together (sign-up codes, mail) at the arrival rate of several thousand in flight.
      const walking = Array.from({ length: n }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, (i / n) * RAMP_MS))
          .then(() =>
            applicant({
              base: new URL(url),
              defs,
              codes,
              until: () => stop,
              record,
              newConnection,
              failedRequest,
            }),
          )
          // A request that failed outright (a connection refused, or reset twice) fails its level.
          .catch((error: Error) => {
            record("(connection)", 0, false);
            if (process.env.BENCH_DEBUG) console.error(error);
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, RAMP_MS + 3000));
      const cpuBefore = await server.cpuUs();
      const statementsBefore = await server.statements?.();
      const partsBefore = await server.cpuParts?.();
      const benchBefore = process.cpuUsage();
      const mainBefore = threadCpuUs();
      const threadsBefore = await threadCpuByName();
      const pgBefore = POSTMASTER ? await processTreeCpuUs(POSTMASTER) : null;
      const walBefore = await walStats();
      if (WAITS) server.waitsStart?.();
      const backendStates = WAITS ? sampleBackends() : null;
      if (process.env.BENCH_CAPACITY_PROFILE) void server.profile?.("start");
      measuring = true;
      const started = performance.now();
      const window = () => new Promise<void>((resolve) => setTimeout(resolve, SECONDS * 1000));
      // The applicants' own thread profiled too: the apparatus must leave the server its core.
      const applicantsProfile = process.env.BENCH_CAPACITY_PROFILE
        ? (await profiled(window)).profile
        : await window();
      measuring = false;
      const seconds = (performance.now() - started) / 1000;
      const benchAfter = process.cpuUsage(benchBefore);
      const mainAfter = threadCpuUs();
      const threadsAfter = await threadCpuByName();
      const pgAfter = POSTMASTER ? await processTreeCpuUs(POSTMASTER) : null;
      const walAfter = await walStats();
      const serverWaits = WAITS ? await server.waits?.() : undefined;
      const backends = await backendStates?.stop();
      const cpuAfter = await server.cpuUs();
      const statementsAfter = await server.statements?.();
      const partsAfter = await server.cpuParts?.();
      if (process.env.BENCH_CAPACITY_PROFILE) log(`    profile: ${await server.profile?.(`capacity-${n}`)}`);
      if (applicantsProfile) {
        const file = join(process.env.BENCH_CAPACITY_PROFILE!, `applicants-${n}.cpuprofile`);
        writeFileSync(file, JSON.stringify(applicantsProfile));
        log(`    the applicants' profile: ${file}`);
        log(summarize(applicantsProfile, times.length, "save", { self: 25, total: 40 }).text);
      }
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
        applicantsCpuUsPerSave: !times.length
          ? null
          : (benchAfter.user +
              benchAfter.system -
              (PROCESSES === undefined ? (cpuAfter ?? NaN) - (cpuBefore ?? NaN) : 0)) /
            times.length,
        applicantsThreadCpuUsPerSave:
          mainBefore === null || mainAfter === null || !times.length
            ? null
            : (mainAfter - mainBefore) / times.length,
      };
      const holds = level.p95 <= TARGET.p95 && level.p99 <= TARGET.p99 && failed === 0 && times.length > 0;
      levels.push({ ...level, holds });
      log(
        `  ${n} applicants: ${fmt(level.savesPerSecond)} saves/s, step.submit p50 ${fmt(level.p50)} ms, p95 ${fmt(level.p95)} ms, p99 ${fmt(level.p99)} ms, ${failed} failed; server CPU ${level.cpuUsPerSave === null ? "-" : fmt(level.cpuUsPerSave, 0)} µs per save and its page, the applicants' ${level.applicantsCpuUsPerSave === null ? "-" : fmt(level.applicantsCpuUsPerSave, 0)} µs (their thread ${level.applicantsThreadCpuUsPerSave === null ? "-" : fmt(level.applicantsThreadCpuUsPerSave, 0)} µs; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(", ")})`,
      );
      log(`    slowest steps by p95: ${slowestSteps(byStep)}`);
      if (partsBefore && partsAfter && times.length)
        log(
          `    the server processes' CPU, µs per save: ${[...partsAfter]
            .map(([part, us]) => `${part} ${fmt((us - (partsBefore.get(part) ?? 0)) / times.length, 0)}`)
            .join(", ")}`,
        );
      if (process.env.BENCH_CAPACITY_THREADS === "1")
        log(
          `    this process's threads, CPU µs per save: ${[...threadsAfter]
            .map(
              ([name, us]) =>
                [name, (us - (threadsBefore.get(name) ?? 0)) / Math.max(1, times.length)] as const,
            )
            .filter(([, us]) => us >= 1)
            .sort((a, b) => b[1] - a[1])
            .map(([name, us]) => `${name} ${fmt(us, 0)}`)
            .join(", ")}`,
        );
      if (pgBefore !== null && pgAfter !== null && times.length)
        log(
          `    PostgreSQL's processes' CPU: ${fmt((pgAfter - pgBefore) / times.length, 0)} µs per save and its page`,
        );
      if (walBefore && walAfter && times.length) {
        const per = (key: keyof WalStats) => fmt((walAfter[key] - walBefore[key]) / times.length, 2);
        log(
          `    PostgreSQL over the window: ${walAfter.sessions - walBefore.sessions} connections opened; per save and its page: ${per("commits")} commits, ${per("walSyncs")} WAL flushes (fsync), ${per("walWrites")} WAL writes, ${per("walKb")} kB of WAL, ${per("walBuffersFull")} writes for full WAL buffers`,
        );
      }
      if (backends) log(`    PostgreSQL's client backends, sampled every 50 ms (mean count): ${backends}`);
      if (serverWaits)
        log(
          `    the server thread: GC ${serverWaits.gcCount} pauses, ${fmt(serverWaits.gcMs / seconds, 1)} ms a second (${fmt((serverWaits.gcMs * 1000) / Math.max(1, times.length), 0)} µs per save), longest ${fmt(serverWaits.gcMaxMs)} ms; event-loop delay p50 ${fmt(serverWaits.loopP50Ms)} ms, p99 ${fmt(serverWaits.loopP99Ms)} ms, max ${fmt(serverWaits.loopMaxMs)} ms${
            serverWaits.pool
              ? `; pool of ${serverWaits.pool.size}: ${fmt(serverWaits.pool.busyMean, 2)} connections busy on average, checkouts waiting ${fmt(serverWaits.pool.waitingShare * 100, 1)}% of the time (${fmt(serverWaits.pool.waitingMean, 2)} on average)`
              : ""
          }`,
        );
      if (statementsBefore && statementsAfter && times.length)
        log(statementsPerSave(statementsBefore, statementsAfter, times.length));
      firstPages.sort((a, b) => a - b);
      firstConnects.sort((a, b) => a - b);
      if (firstPages.length)
        log(
          `    pages on a new connection (${firstPages.length}): p50 ${fmt(quantile(firstPages, 0.5))} ms, p95 ${fmt(quantile(firstPages, 0.95))} ms, p99 ${fmt(quantile(firstPages, 0.99))} ms; their TCP connect p50 ${fmt(quantile(firstConnects, 0.5))} ms, p95 ${fmt(quantile(firstConnects, 0.95))} ms`,
        );
      connects.sort((a, b) => a - b);
      if (connects.length)
        log(
          `    saves on a new connection: its TCP connect p50 ${fmt(quantile(connects, 0.5))} ms, p95 ${fmt(quantile(connects, 0.95))} ms, max ${fmt(connects.at(-1)!)} ms (${connects.length})`,
        );
      if (!holds) break;
    }
  } finally {
    codes.close();
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
  /** The server's CPU time so far (µs): its thread's, or every server process's; null without /proc. */
  cpuUs(): Promise<number | null>;
  /** Its processes' CPU so far in parts (µs; BENCH_CAPACITY_PROCESSES only): see processTreeCpu. */
  cpuParts?(): Promise<Map<string, number> | null>;
  /** BENCH_CAPACITY_STATEMENTS: the statements the in-thread server sent so far, by text. */
  statements?(): Promise<Map<string, number> | null>;
  /** BENCH_CAPACITY_WAITS: starts watching the server thread's GC, event loop and pool, or stops and answers. */
  waitsStart?(): void;
  waits?(): Promise<ServerWaits | null>;
  /** BENCH_CAPACITY_PROFILE: starts the server thread's profile, or stops it and gives its file. */
  profile?: (name: string) => Promise<string>;
}

/** The semi-space size (MB) `npm start` gives V8 (package.json), 0 for V8's default. */
function startSemiSpaceMb(): number {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return Number(/--max-semi-space-size=(\d+)/.exec(scripts.start ?? "")?.[1] ?? 0);
}

/** The server under load: in a worker thread of this process, or as BENCH_CAPACITY_PROCESSES processes. */
async function startBenchServer(): Promise<BenchServer> {
  if (PROCESSES === undefined) {
    // The server thread's young generation as `npm start` sizes the server's (its V8 flag
    // --max-semi-space-size: new space is three semi-spaces); BENCH_CAPACITY_YOUNG_MB to weigh another.
    const young = Number(process.env.BENCH_CAPACITY_YOUNG_MB ?? 3 * startSemiSpaceMb());
    const entry = FROM_SOURCE
      ? new URL("./capacity-worker.mjs", import.meta.url)
      : (await builtEntries({ "capacity-server": "bench/capacity-server.ts" }))["capacity-server"];
    const worker = new Worker(entry, young ? { resourceLimits: { maxYoungGenerationSizeMb: young } } : {});
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
      statements: () => ask<Map<string, number> | null>("statements", "statements"),
      waitsStart: () => worker.postMessage("waits-start"),
      waits: () => ask<ServerWaits | null>("waits", "waits"),
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
  const args = FROM_SOURCE
    ? ["--import", "tsx", "bench/capacity-processes.ts"]
    : [
        fileURLToPath(
          (await builtEntries({ "capacity-processes": "bench/capacity-processes.ts" }))["capacity-processes"],
        ),
      ];
  const semiSpace = startSemiSpaceMb(); // as npm start runs the server
  const child = spawn(
    process.execPath,
    [...(semiSpace ? [`--max-semi-space-size=${semiSpace}`] : []), ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, BENCH_CAPACITY_PROCESSES: String(PROCESSES) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
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
    cpuUs: async () => processTreeCpuUs(child.pid!),
    cpuParts: async () => processTreeCpu(child.pid!),
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      process.off("exit", orphaned);
    },
  };
}

/**
 * The statements sent over the window per save and its page, in all and by statement (its first
 * 90 characters, the most sent first): each is a round trip to the database unless sent behind
 * another without waiting (PostgreSQL's pipelined BEGIN; docs/performance.md).
 */
function statementsPerSave(before: Map<string, number>, after: Map<string, number>, saves: number): string {
  const sent = [...after]
    .map(
      ([text, n]) => [text.replace(/\s+/g, " ").slice(0, 90), (n - (before.get(text) ?? 0)) / saves] as const,
    )
    .filter(([, n]) => n >= 0.005)
    .sort((a, b) => b[1] - a[1]);
  const all = sent.reduce((sum, [, n]) => sum + n, 0);
  return [
    `    statements per save and its page: ${fmt(all, 2)}`,
    ...sent.map(([text, n]) => `      ${fmt(n, 2)}  ${text}`),
  ].join("\n");
}

/** CPU time (µs, user + system) of a process and every process under it, from /proc; null without it. */
async function processTreeCpuUs(root: number): Promise<number | null> {
  const parts = await processTreeCpu(root);
  return parts && [...parts.values()].reduce((sum, us) => sum + us, 0);
}

/**
 * The same, in parts (µs): each process of the tree by its place (the root, the primary of a
 * cluster; its children in the order they started), split into its main thread's user and system
 * time and the rest of its threads (V8's GC helpers, libuv's pool, the PDF pool's workers).
 */
async function processTreeCpu(root: number): Promise<Map<string, number> | null> {
  try {
    const stats = await Promise.all(
      (await readdir("/proc"))
        .filter((name) => /^\d+$/.test(name))
        .map((pid) => readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")),
    );
    // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
    const fieldsOf = (stat: string) => stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const byPid = new Map<number, { ppid: number; ticks: number }>();
    for (const stat of stats) {
      const fields = fieldsOf(stat);
      if (fields.length < 13) continue;
      byPid.set(Number(stat.slice(0, stat.indexOf(" "))), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    }
    const inTree = (pid: number): boolean =>
      pid === root || (pid > 1 && byPid.has(pid) && inTree(byPid.get(pid)!.ppid));
    const us = (ticks: number) => (ticks * 1_000_000) / CLOCK_TICKS;
    const parts = new Map<string, number>();
    const pids = [...byPid.keys()].filter(inTree).sort((a, b) => a - b);
    for (const [i, pid] of pids.entries()) {
      const place = pid === root ? "primary" : `process ${i}`;
      const main = fieldsOf(await readFile(`/proc/${pid}/task/${pid}/stat`, "utf8").catch(() => ""));
      const [user, system] = main.length < 13 ? [0, 0] : [Number(main[11]), Number(main[12])];
      parts.set(`${place} main thread user`, us(user));
      parts.set(`${place} main thread system`, us(system));
      parts.set(`${place} other threads`, us(byPid.get(pid)!.ticks - user - system));
    }
    return parts;
  } catch {
    return null;
  }
}
interface ServerWaits {
  gcCount: number;
  gcMs: number;
  gcMaxMs: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  pool: { size: number | null; busyMean: number; waitingMean: number; waitingShare: number } | null;
}

interface WalStats {
  commits: number;
  /** Connections opened (a new backend forked, authenticated, its caches warmed). */
  sessions: number;
  walSyncs: number;
  walWrites: number;
  walKb: number;
  walBuffersFull: number;
}

/**
 * PostgreSQL's counters of the whole cluster (pg_stat_database, pg_stat_wal, PostgreSQL 14 on):
 * commits, and the WAL's writes and flushes (each fsync a durable commit waits for, shared by the
 * commits a flush covers); null on SQLite or without them.
 */
async function walStats(): Promise<WalStats | null> {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return null;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const [row] = (
      await client.query<Record<keyof WalStats, string>>(
        `SELECT (SELECT sum(xact_commit) FROM pg_stat_database) AS "commits",
                (SELECT sum(sessions) FROM pg_stat_database) AS "sessions", wal_sync AS "walSyncs",
                wal_write AS "walWrites", wal_bytes / 1024.0 AS "walKb", wal_buffers_full AS "walBuffersFull"
           FROM pg_stat_wal`,
      )
    ).rows;
    return row
      ? {
          commits: Number(row.commits),
          sessions: Number(row.sessions),
          walSyncs: Number(row.walSyncs),
          walWrites: Number(row.walWrites),
          walKb: Number(row.walKb),
          walBuffersFull: Number(row.walBuffersFull),
        }
      : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What PostgreSQL's client backends are doing, sampled from pg_stat_activity every 50 ms until
 * stopped: the mean number in each state and wait (e.g. "active, Lock/transactionid": waiting for
 * another transaction's row lock; "active, IO/WALSync": a commit's fsync; "idle in transaction":
 * waiting for the server to send the transaction's next statement). Null on SQLite.
 */
function sampleBackends(): { stop(): Promise<string> } | null {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) return null;
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ what: string; n: string }>(
        `SELECT state || coalesce(', ' || wait_event_type || '/' || wait_event, '') AS what, count(*) AS n
           FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
          GROUP BY 1`,
      );
      samples++;
      for (const { what, n } of rows) counts.set(what, (counts.get(what) ?? 0) + Number(n));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling.catch(() => undefined);
      await client.end().catch(() => undefined);
      return [...counts]
        .map(([what, n]) => [what, n / Math.max(1, samples)] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => `${what} ${fmt(n, 2)}`)
        .join("; ");
    },
  };
}

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every mainstream kernel). */
const CLOCK_TICKS = 100;

/** This process's CPU time (µs) by thread (its name and id; the main thread marked). */
async function threadCpuByName(): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  try {
    for (const tid of await readdir("/proc/self/task")) {
      const stat = await readFile(`/proc/self/task/${tid}/stat`, "utf8").catch(() => "");
      if (!stat) continue;
      const name = `${stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))}${tid === String(process.pid) ? " (main)" : ` ${tid}`}`;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const us = ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
      byName.set(name, (byName.get(name) ?? 0) + us);
    }
  } catch {}
  return byName;
}
