// What operators run the server by (issue 34, items 3–5): GET /healthz and /readyz for load
// balancers, a graceful stop that turns readiness false before it closes, one JSON log line per
// request with a request id and no personal data, and Prometheus series at /metrics behind a
// bearer token. Real servers on loopback.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "@server/persistence/db/client";
import { makeApplicant } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";
import { singleBorrower, walk } from "../helpers/journeys";

const METRICS_TOKEN = "test-metrics-token-0123456789abcdef";

/** A log destination the test reads back: every line pino writes, parsed. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString("utf8");
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines, text: () => text };
}

describe("health and readiness", () => {
  let server: TestServer;
  beforeAll(async () => (server = await testServer()));
  afterAll(() => server.close());

  it("answers /healthz while the process runs, saying nothing else", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with each check when the database answers, migrations are current and definitions are loaded", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      checks: { accepting: "ok", database: "ok", migrations: "ok", definitions: "ok", storage: "ok" },
    });
  });

  it("is not ready while the newest migration this build ships is not applied", async () => {
    const isPg = server.services.config.databaseUrl !== undefined;
    const table = isPg ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
    const [newest] = await rows<{ id: number; hash: string; created_at: number | string }>(
      server.services.db,
      sql`SELECT * FROM ${table} ORDER BY created_at DESC LIMIT 1`,
    );
    await rows(server.services.db, sql`DELETE FROM ${table} WHERE hash = ${newest!.hash} RETURNING hash`);
    try {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "not ready", checks: { migrations: "failing" } });
    } finally {
      await rows(
        server.services.db,
        sql`INSERT INTO ${table} (hash, created_at) VALUES (${newest!.hash}, ${newest!.created_at}) RETURNING hash`,
      );
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe("a graceful stop", () => {
  it("turns /readyz to 503 first, keeps answering during the drain, then closes", async () => {
    const server = await testServer({ shutdownDrainMs: 400 });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const stopped = server.close();
    const during = await fetch(`${server.url}/readyz`);
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ status: "not ready", checks: { accepting: "failing" } });
    // Still serving while a load balancer takes it out: liveness and the app answer.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/definitions.json`)).status).toBe(200);
    await stopped;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

describe("the request log", () => {
  it("writes one JSON line per request with its id, procedure, status, duration and user kind, and returns the id", async () => {
    const log = logLines();
    const server = await testServer({ quiet: false, logDestination: log.stream });
    try {
      const b = browser(server.url);
      await b.trpc.step.submit.mutate({
        stepId: "name",
        answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
      });
      const res = await b.fetch(
        `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`,
        {
          headers: { "X-Same-Origin": "1" },
        },
      );
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = log.lines.find((l) => l.reqId === id);
      expect(line).toMatchObject({
        level: "info",
        method: "GET",
        procedure: "step.get",
        status: 200,
        user: "applicant",
        ms: expect.any(Number),
      });
      expect(line).not.toHaveProperty("url");
      expect(log.lines.find((l) => l.procedure === "step.submit")).toMatchObject({
        method: "POST",
        status: 200,
      });
    } finally {
      await server.close();
    }
  });

  it("keeps a proxy's request id and ignores any other value a client sends", async () => {
    const log = logLines();
    const server = await testServer({ quiet: false, logDestination: log.stream });
    try {
      const proxied = "0f8fad5b-d9cb-469f-a165-70867728950e";
      const kept = await fetch(`${server.url}/definitions.json`, { headers: { "X-Request-Id": proxied } });
      expect(kept.headers.get("x-request-id")).toBe(proxied);
      const forged = await fetch(`${server.url}/definitions.json`, {
        headers: { "X-Request-Id": "ssn=518274961 level=fatal" },
      });
      expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(log.text()).not.toContain("518274961");
    } finally {
      await server.close();
    }
  });

  it("holds none of the personal values an applicant entered on a whole journey, nor a token", async () => {
    const log = logLines();
    const server = await testServer({ quiet: false, logDestination: log.stream, logLevel: "trace" });
    try {
      const b = browser(server.url);
      const doc = singleBorrower();
      await walk(server, b, { until: "applicationSubmitted", doc });
      // A wrong password, a refused bot check and a stored upload's download on the way.
      await browser(server.url).auth("Applicant", "callback/credentials", {
        email: doc.user.email,
        password: "not the password",
      });
      await b.fetch(
        `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`,
        {
          headers: { "X-Same-Origin": "1" },
        },
      );
      const entered = {
        ssn: doc.user.ssn as string,
        ssnDashed: `${doc.user.ssn.slice(0, 3)}-${doc.user.ssn.slice(3, 5)}-${doc.user.ssn.slice(5)}`,
        dateOfBirth: doc.user.dateOfBirth as string,
        phone: String(doc.user.phone).replace(/\D/g, "").slice(-10),
        email: doc.user.email as string,
        firstName: doc.user.firstName as string,
        lastName: doc.user.lastName as string,
        accountNumber: doc.disbursement.bankAccount.accountNumber as string,
        routingNumber: doc.disbursement.bankAccount.routingNumber as string,
      };
      for (const value of Object.values(entered)) expect(value.length).toBeGreaterThan(3);
      const text = log.text();
      expect(log.lines.length).toBeGreaterThan(30); // the journey was logged, a line a request
      for (const [field, value] of Object.entries(entered))
        expect(text.includes(value) || text.toLowerCase().includes(value.toLowerCase()), field).toBe(false);
      for (const [name, token] of b.cookies) expect(text.includes(token), `cookie ${name}`).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe("/metrics", () => {
  let server: TestServer;
  beforeAll(async () => (server = await testServer({ metricsToken: METRICS_TOKEN })));
  afterAll(() => server.close());

  const scrape = async (token = METRICS_TOKEN) =>
    fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });

  it("refuses a scrape without the token or with another", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await scrape("another-token-0123456789abcdef")).status).toBe(401);
  });

  it("serves the named series with the token, labelled by procedure, step and reason, never by applicant", async () => {
    const b = browser(server.url);
    const who = await makeApplicant(server.services);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    await browser(server.url).auth("Applicant", "callback/credentials", {
      email: who.email,
      password: "nope",
    });
    await fetch(`${server.url}/api/trpc/step.submit?batch=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Same-Origin": "1" },
      body: JSON.stringify({ 0: { stepId: "name", answers: {} } }),
    });
    await server.services.mailer.send({ to: "ops@example.com", subject: "test", text: "test" });

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/heloc_request_duration_seconds_count\{procedure="step\.submit",status="2xx"\} 1\b/);
    expect(text).toMatch(/heloc_step_saves_total\{step="name"\} 1\b/);
    expect(text).toMatch(/heloc_db_transaction_seconds_count\{outcome="committed"\} [1-9]/);
    expect(text).toMatch(/heloc_mail_total\{result="sent"\} [1-9]/);
    expect(text).toMatch(/heloc_mail_queued 0\b/);
    expect(text).toMatch(/heloc_sign_in_failures_total\{kind="applicant",factor="password"\} 1\b/);
    expect(text).toMatch(/heloc_bot_check_refusals_total\{reason="[a-z-]+"\} 1\b/);
    const [application] = await rows<{ id: string }>(
      server.services.db,
      sql`SELECT id FROM applications LIMIT 1`,
    );
    expect(text).not.toContain(application!.id);
    expect(text).not.toContain(who.email);
  });

  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await testServer();
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
