// Scale bench: step.get's latency with a million applications in the database. One applicant's
// step.get is timed on a nearly empty database, then 1,000,000 applications (each with its
// account and a session) are inserted in bulk through drizzle, and the same applicant and one
// of the seeded ones are timed again. One connection at a time, so the figure is the time one
// request takes, not a queue. SQLite by default; PostgreSQL through `npm run bench:postgres`.
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { completedUpTo } from "@engine/funnel/journey";
import { OWNER_ROLE, partOf } from "@engine/funnel/members";
import { REPO_ROOT } from "@engine/base/paths";
import { todayIso } from "@engine/base/dates";
import { mapSensitive } from "@engine/validation/sensitive";
import { transaction } from "@server/persistence/db/client";
import { applicantSessions, applications, users } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { browser, testServer } from "../tests/helpers/server";
import { fmt, median, table } from "./measure";
import { targetTable, threadCpuUs, type TargetCheck } from "./api";

export const SEEDED = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
/** Rows per insert: 2,000 applications of 13 columns stay under SQLite's 32,766 parameters. */
const BATCH = 2000;
/** The target: step.get's 99th percentile, one request at a time, with the database full. */
export const P99_TARGET_MS = 5;

export interface LatencyRun {
  name: string;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failures: number;
}

export interface ScaleSummary {
  database: string;
  seeded: number;
  seedSeconds: number;
  runs: LatencyRun[];
  targets: TargetCheck[];
}

/**
 * Early-funnel answers, as most applications in a database are; every 20th is a whole two-borrower
 * application, its identifiers sealed as the server stores them. Each is stored as the funnel
 * leaves it, with its list of saved steps (worked out once per kind of document, status and variant).
 */
function documents(services: Services) {
  const whole = JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  ) as Record<string, unknown>;
  const early = (i: number) => ({
    funnelVariant: "variantOne",
    user: { firstName: `Seed${i}`, lastName: "Applicant", email: `seed${i}@example.com` },
    setup: {
      propertyUsage: "primaryResidence",
      zip: "92116",
      propertyValue: 300_000 + (i % 500) * 1000,
      mortgageEstimate: 150_000,
    },
  });
  const wholeText = JSON.stringify(
    mapSensitive(whole, services.sensitive, (v) => (typeof v === "string" ? services.cipher.encrypt(v) : v)),
  );
  const completedLists = new Map<string, string>();
  const completed = (doc: Record<string, unknown>, kind: string, status: string, variant: string) => {
    const key = `${kind} ${status} ${variant}`;
    let list = completedLists.get(key);
    if (list === undefined)
      completedLists.set(
        key,
        (list = JSON.stringify(
          completedUpTo(services.defs, status, {
            application: doc,
            variant,
            // The server's day, as its saves walk on.
            part: partOf(services.defs, OWNER_ROLE, doc, todayIso(services.now())),
            today: todayIso(services.now()),
          }),
        )),
      );
    return list;
  };
  return (i: number, status: string, variant: string) =>
    i % 20 === 0
      ? { document: wholeText, completed: completed(whole, "whole", status, variant) }
      : { document: JSON.stringify(early(i)), completed: completed(early(i), "early", status, variant) };
}

// Each document's status is one its answers reach: the server opens a step only on the path its
// answers and status allow, so a whole application sits at property info, an early one early on.
const EARLY_STATUSES = ["propertyValue", "mortgageEstimate", "hasFbm", "isSelfEmployed"];
const WHOLE_STATUS = "application3";
const WHOLE_STEP = "application3";
/** The seeded applicant timed: a whole application (every 20th), in the middle of the table. */
const MIDDLE = Math.floor(SEEDED / 40) * 20;

export async function seed(
  server: Awaited<ReturnType<typeof testServer>>,
  log: (line: string) => void,
  count = SEEDED,
): Promise<{ seconds: number; middleUser: string }> {
  const { db, definitionsVersion } = server.services;
  const docOf = documents(server.services);
  const started = performance.now();
  let middleUser = "";
  for (let from = 0; from < count; from += BATCH) {
    const at = new Date(Date.UTC(2026, 0, 1) + from * 1000);
    const expires = new Date(at.getTime() + 7 * 86_400_000);
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const i = from + k;
      const userId = randomUUID();
      if (i === MIDDLE) middleUser = userId;
      const status = i % 20 === 0 ? WHOLE_STATUS : EARLY_STATUSES[i % EARLY_STATUSES.length]!;
      const variant = i % 2 ? "variantTwo" : "variantOne";
      return {
        user: { id: userId, createdAt: at },
        app: {
          id: randomUUID(),
          ownerId: userId,
          status,
          variant,
          ...docOf(i, status, variant),
          revision: 1 + (i % 7),
          definitionsVersion,
          createdAt: at,
          updatedAt: at,
        },
        session: {
          id: randomUUID().replace(/-/g, ""),
          userId,
          secretHash: "0".repeat(64),
          expiresAt: expires,
          createdAt: at,
        },
      };
    });
    await transaction(db, async (tx) => {
      await tx.insert(users).values(rows.map((r) => r.user));
      await tx.insert(applications).values(rows.map((r) => r.app));
      await tx.insert(applicantSessions).values(rows.map((r) => r.session));
    });
    if ((from / BATCH) % 50 === 49)
      log(
        `  ${(from + BATCH).toLocaleString("en-US")} applications in ${Math.round((performance.now() - started) / 1000)} s`,
      );
  }
  return { seconds: (performance.now() - started) / 1000, middleUser };
}

/** A cookie for an applicant who owns an application, with a fresh session. */
async function cookieFor(server: Awaited<ReturnType<typeof testServer>>, userId: string): Promise<string> {
  const { token, session } = await server.services.auth.applicant.sessions.create(userId);
  const jar = server.services.auth.applicant.jar;
  let cookie = "";
  jar.set(
    { get: () => undefined, set: (serialized) => void (cookie = serialized.split(";")[0]!) },
    "session",
    token,
    session.expiresAt,
  );
  return cookie;
}

async function timeStepGet(name: string, url: string, cookie: string, stepId: string): Promise<LatencyRun> {
  const options = {
    url: `${url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId }))}`,
    headers: { cookie, "x-same-origin": "1" },
    connections: 1,
    workers: 1,
  };
  await autocannon({ ...options, duration: 1 });
  const rounds: autocannon.Result[] = [];
  for (let r = 0; r < 3; r++) rounds.push(await autocannon({ ...options, duration: 3 }));
  return {
    name,
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    max: Math.max(...rounds.map((r) => r.latency.max)),
    requests: rounds.reduce((n, r) => n + r.requests.total, 0),
    failures: rounds.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  };
}

export async function runScaleBench(log: (line: string) => void = console.log): Promise<ScaleSummary> {
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite (synchronous=FULL)";
  log(
    `Scale on ${database}: step.get one request at a time, on a nearly empty database and with ${SEEDED.toLocaleString("en-US")} applications...`,
  );
  const server = await testServer();
  try {
    const visitor = browser(server.url);
    await visitor.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Bench", lastName: "Scale" } },
    });
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const runs: LatencyRun[] = [await timeStepGet("step.get, empty database", server.url, cookie, "name")];

    const cpuBefore = threadCpuUs();
    const { seconds, middleUser } = await seed(server, log);
    const cpuAfter = threadCpuUs();
    log(
      `Seeded ${SEEDED.toLocaleString("en-US")} applications, accounts and sessions in ${fmt(seconds, 0)} s${cpuBefore !== null && cpuAfter !== null ? ` (${fmt((cpuAfter - cpuBefore) / 1e6, 0)} s of CPU here)` : ""}.`,
    );
    runs.push(
      await timeStepGet(
        `step.get, ${SEEDED.toLocaleString("en-US")} applications`,
        server.url,
        cookie,
        "name",
      ),
    );
    runs.push(
      await timeStepGet(
        `step.get of a seeded applicant (row ${MIDDLE.toLocaleString("en-US")})`,
        server.url,
        await cookieFor(server, middleUser),
        WHOLE_STEP,
      ),
    );

    log(
      table([
        ["run", "p50 ms", "p99 ms", "max ms", "requests", "failures"],
        ...runs.map((r) => [
          r.name,
          fmt(r.p50, 1),
          fmt(r.p99, 1),
          fmt(r.max, 1),
          String(r.requests),
          String(r.failures),
        ]),
      ]),
    );
    const worst = Math.max(...runs.slice(1).map((r) => r.p99));
    const targets: TargetCheck[] = [
      {
        name: `step.get p99 with ${SEEDED.toLocaleString("en-US")} applications (ms)`,
        figure: worst,
        target: `≤ ${P99_TARGET_MS}`,
        holds: worst <= P99_TARGET_MS && runs.every((r) => r.failures === 0),
      },
    ];
    log(targetTable(targets));
    if (runs.some((r) => r.failures > 0))
      log("WARNING: failed requests: those figures do not measure step.get.");
    return { database, seeded: SEEDED, seedSeconds: seconds, runs, targets };
  } finally {
    await server.close();
    rmSync(server.dataDir, { recursive: true, force: true }); // a SQLite file of a gigabyte or so
  }
}
