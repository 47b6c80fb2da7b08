// Hostile input against every tRPC procedure and every endpoint outside tRPC (sign-in, upload,
// bot check, e-sign, the development tools): thousands of wrong types, huge and deeply nested
// values, prototype keys, SQL and path tricks, broken Unicode and oversized bodies, sent by a
// signed-in applicant who is also signed in to the portal (so every procedure gets as far as its
// input and its logic). The server must answer each with a client error or a refusal, never a
// 5xx; store nothing; log none of it; stay up; and keep its memory bounded.
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { getTableName, is, sql, Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rows } from "@server/persistence/db/client";
import * as schema from "@server/persistence/db/schema";
import { appRouter } from "@server/transport/trpc/router";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { Writable } from "node:stream";
import { browser, testServer, type TestServer } from "../helpers/server";
import { hostileValues, oversizedBody, rawBodies, type RawBody } from "./hostile";

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: Uint8Array | string;
  headers?: Record<string, string>;
  /** Run just before sending (the upload probes reset the applicant's upload rate limit). */
  before?: () => Promise<unknown>;
}

// A real bot-check token is a proof of work (~120 ms to solve): thousands of probes cannot carry
// real ones. Probes carry this one, which the test's verifier lets through so the payload reaches
// the handler; every other token, hostile ones included, still goes to the real verifier.
const PASS = "fuzz-probe";

let server: TestServer;
let cookie = "";
let applicantId = "";
const csrf: Record<"Applicant" | "Portal", string> = { Applicant: "", Portal: "" };

/** Every line the server logs (one a request, at least): checked for echoes of what it was sent. */
const serverLog: string[] = [];

beforeAll(async () => {
  server = await testServer({
    quiet: false,
    logDestination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        serverLog.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    }),
  });
  const b = browser(server.url);
  const applicant = await makeApplicant(server.services, { doc: { setup: { propertyValue: 500000 } } });
  applicantId = applicant.userId;
  const signedIn = await b.auth("Applicant", "callback/credentials", {
    email: applicant.email,
    password: applicant.password,
  });
  if (signedIn.status !== 200) throw new Error(`applicant sign-in failed: ${signedIn.status}`);
  await signInPortal(server, b, await makePortalUser(server.services));
  for (const kind of ["Applicant", "Portal"] as const)
    csrf[kind] = (
      (await (await b.fetch(`${server.url}/api/auth${kind}/csrf`)).json()) as { csrfToken: string }
    ).csrfToken;
  cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  const { botCheck } = server.services;
  const verify = botCheck.verify.bind(botCheck);
  botCheck.verify = (token, action) =>
    token === PASS ? Promise.resolve({ ok: true }) : verify(token, action);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Every row of every table, and every stored file, counted. */
async function storedCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema))
    // Rate-limit windows are meant to grow with hostile attempts: counting them is the point.
    if (is(table, Table) && table !== schema.rateLimitWindows) {
      const [row] = await rows<{ n: number | string }>(
        server.services.db,
        sql`select count(*) as n from ${table}`,
      );
      counts[getTableName(table)] = Number(row!.n); // PostgreSQL answers a count as text
    }
  const files = (dir: string): number => {
    try {
      return readdirSync(dir, { withFileTypes: true }).reduce(
        (n, e) => n + (e.isDirectory() ? files(join(dir, e.name)) : 1),
        0,
      );
    } catch {
      return 0;
    }
  };
  counts["files in uploads/"] = files(join(server.dataDir, "uploads"));
  counts["mails in outbox/"] = files(join(server.dataDir, "outbox"));
  return counts;
}

const json = (value: unknown) => JSON.stringify(value);
const apiHeaders = (extra: Record<string, string> = {}) => ({
  cookie,
  "x-same-origin": "1",
  "x-recaptcha-token": PASS,
  ...extra,
});

/** The same hostile value, placed where each kind of procedure input carries its fields. */
const wrappers: ((v: unknown) => unknown)[] = [
  (v) => ({ stepId: v }),
  (v) => ({ stepId: "propertyValue", answers: v }),
  (v) => ({ stepId: "name", answers: { user: v } }),
  (v) => ({ stepId: "propertyValue", answers: { setup: { propertyValue: v } }, revision: v }),
  (v) => ({ applicationId: v }),
  (v) => ({ uploadId: v, applicationId: v }),
  (v) => ({ reviewId: v, reason: v }),
  (v) => ({ email: v, name: v, role: v, userId: v }),
  (v) => ({ ids: v, fetchOriginationFee: v }),
];

const SIGN_OUT = new Set([
  "identity.deleteSession",
  "identity.signOutEverywhere",
  "portal.signOutEverywhere",
]);
/** A call without input that mails the session's own account (its offer): those get their hostile inputs without one, so the outbox stays as it was. */
const MAILS_OWN_ACCOUNT = new Set(["quote.email"]);

function trpcProbes(): Probe[] {
  const probes: Probe[] = [];
  const procedures = Object.entries(
    (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def
      .procedures,
  );
  expect(procedures.length).toBeGreaterThan(10);
  for (const [path, procedure] of procedures) {
    const mutation = procedure._def.type === "mutation";
    // Signing out would end the session the other probes need: those get their hostile inputs without one.
    const headers =
      SIGN_OUT.has(path) || MAILS_OWN_ACCOUNT.has(path)
        ? { "x-same-origin": "1", "x-recaptcha-token": PASS }
        : apiHeaders();
    const send = (label: string, input: unknown): Probe =>
      mutation
        ? {
            label,
            method: "POST",
            path: `/api/trpc/${path}`,
            body: json(input),
            headers: { ...headers, "content-type": "application/json" },
          }
        : { label, method: "GET", path: `/api/trpc/${path}?input=${uri(json(input), Infinity)}`, headers };
    hostileValues.forEach(([label, value], i) => {
      probes.push(send(`${path} ← ${label}`, value));
      probes.push(send(`${path} ← ${label} (in a field)`, wrappers[i % wrappers.length]!(value)));
    });
    for (const raw of rawBodies)
      probes.push({
        label: `${path} ← ${raw.label}`,
        method: "POST",
        path: `/api/trpc/${path}`,
        body: raw.body,
        headers: { ...headers, "content-type": raw.contentType },
      });
    probes.push({
      label: `${path} ← batch of the same procedure 500 times`,
      method: "GET",
      path: `/api/trpc/${Array(500).fill(path).join(",")}?batch=1&input=${encodeURIComponent(json({ 0: {}, 499: null }))}`,
      headers,
    });
    probes.push({ label: `${path} ← PUT`, method: "PUT", path: `/api/trpc/${path}`, body: "{}", headers });
  }
  probes.push({
    label: "unknown procedure",
    method: "GET",
    path: "/api/trpc/nope.nope",
    headers: apiHeaders(),
  });
  probes.push({
    label: "procedure named __proto__",
    method: "GET",
    path: "/api/trpc/__proto__.constructor",
    headers: apiHeaders(),
  });
  probes.push({
    label: "invalid percent-encoding in the path",
    method: "GET",
    path: "/api/trpc/step%E0%A4%A.get",
    headers: apiHeaders(),
  });
  probes.push({
    label: "invalid UTF-8 in the query",
    method: "GET",
    path: "/api/trpc/step.get?input=%7B%22stepId%22%3A%22%FF%FE%22%7D",
    headers: apiHeaders(),
  });
  probes.push({
    label: "batch input not an object",
    method: "GET",
    path: `/api/trpc/step.get,step.get?batch=1&input=${encodeURIComponent("[1,2]")}`,
    headers: apiHeaders(),
  });
  probes.push({
    label: "oversized body",
    method: "POST",
    path: "/api/trpc/step.submit",
    ...bodyOf(oversizedBody(), apiHeaders()),
  });
  return probes;
}

const bodyOf = (raw: RawBody, headers: Record<string, string>) => ({
  body: raw.body,
  headers: { ...headers, "content-type": raw.contentType },
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** What an HTTP client can put in a header: the value's UTF-8 bytes as Latin-1, control characters dropped. */
const headerSafe = (value: string, max = 8000) =>
  Buffer.from(value.slice(0, max), "utf8")
    .toString("latin1")
    .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, "");
/** encodeURIComponent, for any string: a lone surrogate (or half a pair cut by slicing) becomes U+FFFD instead of throwing. */
const uri = (value: string, max = 2000) =>
  encodeURIComponent(
    value
      .slice(0, max)
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );
const text = (value: unknown) => (typeof value === "string" ? value : json(value));

function authProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const kind of ["Applicant", "Portal"] as const) {
    const base = `/api/auth${kind}`;
    const post = (label: string, path: string, fields: Record<string, string>): Probe => ({
      label: `auth${kind}/${path} ← ${label}`,
      method: "POST",
      path: `${base}/${path}`,
      body: form(fields),
      headers: apiHeaders({ "content-type": "application/x-www-form-urlencoded" }),
    });
    for (const [label, value] of hostileValues) {
      const v = text(value);
      // A hostile email, code, CSRF token or callback, with the right CSRF token so each reaches its own check.
      probes.push(post(label, "signin/email", { csrfToken: csrf[kind], callbackUrl: "/app", email: v }));
      probes.push(
        post(label, "callback/credentials", { csrfToken: csrf[kind], callbackUrl: v, email: v, password: v }),
      );
      probes.push(
        post(label, "callback/credentials", {
          csrfToken: csrf[kind],
          callbackUrl: "/app",
          email: "nobody@example.com",
          code: v,
        }),
      );
      probes.push(
        post(`${label} as the CSRF token`, "signin/credentials", {
          csrfToken: v,
          email: "nobody@example.com",
          password: "x",
        }),
      );
      probes.push(post(label, `signin/${uri(v, 200)}`, { csrfToken: csrf[kind], email: v }));
      probes.push(post(label, "signout", { csrfToken: v, callbackUrl: v }));
      probes.push(post(label, "_log", { level: v, code: v, message: v }));
      probes.push(post(label, "set-password", { csrfToken: csrf[kind], token: v, password: v }));
      probes.push({
        label: `auth${kind}/set-password?token ← ${label}`,
        method: "GET",
        path: `${base}/set-password?token=${uri(v)}`,
        headers: apiHeaders(),
      });
      probes.push({
        label: `auth${kind}/session with a hostile cookie ← ${label}`,
        method: "GET",
        path: `${base}/session`,
        headers: { cookie: `__session=${uri(v)}; session=${uri(v)}` },
      });
    }
    for (const raw of [...rawBodies, oversizedBody()])
      for (const path of ["signin/email", "callback/credentials", "signout", "_log", "set-password"])
        probes.push({
          label: `auth${kind}/${path} ← ${raw.label}`,
          method: "POST",
          path: `${base}/${path}`,
          ...bodyOf(raw, apiHeaders()),
        });
    for (const path of ["session", "csrf", "providers", "nope", "..%2f..%2fpackage.json"])
      probes.push({
        label: `auth${kind}/${path} (GET)`,
        method: "GET",
        path: `${base}/${path}`,
        headers: apiHeaders(),
      });
  }
  return probes;
}

/** A multipart body built by hand, so field names, file names and bytes can be anything. */
function multipart(fields: [name: string, value: string, filename?: string][]): {
  body: Uint8Array;
  contentType: string;
} {
  const boundary = "----fuzz7d3b";
  const parts = fields.map(([name, value, filename]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n${filename === undefined ? "" : "Content-Type: application/pdf\r\n"}\r\n`,
      ),
      Buffer.from(value),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    body: new Uint8Array(Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function otherEndpointProbes(): Probe[] {
  const probes: Probe[] = [];
  // 60 uploads per applicant per 15 minutes: without a reset, most upload probes would meet the rate limit, not the parser.
  const fresh = () => server.services.limits.uploadsPerApplicant.reset(applicantId);
  for (const [label, value] of hostileValues) {
    const v = text(value);
    const short = uri(v);
    // Uploads: hostile fields beside a file that is not a document, a document beside hostile fields, hostile names.
    const bad = multipart([
      ["documentType", v],
      ["borrower", v],
      ["propertyId", v],
      ["subtype", v],
      ["side", v],
      ["applicationId", v],
      ["file", v, "x.pdf"],
    ]);
    probes.push({
      label: `upload ← ${label} in every field`,
      method: "POST",
      path: "/api/upload",
      body: bad.body,
      headers: apiHeaders({ "content-type": bad.contentType }),
      before: fresh,
    });
    // A hostile file name on bytes that are no document: the multipart parser reads the name, the sniffer refuses the file.
    const named = multipart([
      ["documentType", "bank_statements"],
      ["file", "GIF89a not a document", v.slice(0, 5000)],
    ]);
    probes.push({
      label: `upload ← ${label} as the file name`,
      method: "POST",
      path: "/api/upload",
      body: named.body,
      headers: apiHeaders({ "content-type": named.contentType }),
      before: fresh,
    });
    probes.push({
      label: `upload/:id ← ${label}`,
      method: "GET",
      path: `/api/upload/${short}`,
      headers: apiHeaders(),
    });
    probes.push({
      label: `botcheck/config?action ← ${label}`,
      method: "GET",
      path: `/api/botcheck/config?action=${short}`,
    });
    probes.push({
      label: `esign/:file ← ${label}`,
      method: "GET",
      path: `/api/esign/${short}`,
      headers: apiHeaders(),
    });
    probes.push({
      label: `esign/latest.pdf?application ← ${label}`,
      method: "GET",
      path: `/api/esign/latest.pdf?application=${short}`,
      headers: apiHeaders(),
    });
    // The development tools (outside production only, as here).
    probes.push({
      label: `dev/sample?who ← ${label}`,
      method: "GET",
      path: `/api/dev/sample?who=${short}`,
      headers: apiHeaders(),
    });
    probes.push({
      label: `dev/definitions?since ← ${label}`,
      method: "GET",
      path: `/api/dev/definitions?since=${short}`,
      headers: apiHeaders(),
    });
    // The guards themselves: a hostile bot-check token (to the real verifier) and hostile session cookies.
    probes.push({
      label: `bot-check token ← ${label}`,
      method: "POST",
      path: "/api/trpc/step.submit",
      body: json({ stepId: "name", answers: {} }),
      headers: {
        cookie,
        "x-same-origin": "1",
        "x-recaptcha-token": headerSafe(v),
        "content-type": "application/json",
      },
    });
    probes.push({
      label: `session cookie ← ${label}`,
      method: "GET",
      path: `/api/trpc/application.get`,
      headers: {
        "x-same-origin": "1",
        cookie: `session=${short}; __Host-session=${short}; portal_session=${short}`,
      },
    });
  }
  for (const raw of [...rawBodies, oversizedBody()]) {
    probes.push({
      label: `upload ← ${raw.label}`,
      method: "POST",
      path: "/api/upload",
      ...bodyOf(raw, apiHeaders()),
      before: fresh,
    });
    probes.push({
      label: `dev/definitions ← ${raw.label}`,
      method: "POST",
      path: "/api/dev/definitions",
      ...bodyOf(raw, apiHeaders()),
    });
  }
  probes.push({ label: "botcheck POST", method: "POST", path: "/api/botcheck/config", body: "{}" });
  probes.push({ label: "unknown API", method: "GET", path: "/api/../../etc/passwd" });
  probes.push({
    label: "headers 15 KB long",
    method: "GET",
    path: "/api/trpc/step.get",
    headers: { ...apiHeaders(), "x-filler": "a".repeat(15_000) },
  });
  return probes;
}

/**
 * Each step's own answers made hostile: every hostile value as the whole of each top-level answer
 * of every step, and one level down, sent to step.submit as the signed-in applicant (and, for the
 * steps that check a code, to the code). The path refuses most steps before their answers are
 * read; the open ones meet the validator.
 */
function stepAnswerProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const { def } of server.services.defs.steps.values()) {
    const properties =
      (def.schema as { properties?: Record<string, { required?: string[] }> }).properties ?? {};
    const keys = Object.keys(properties).slice(0, 1);
    for (const key of keys)
      hostileValues.forEach(([label, value]) => {
        // An empty object is a true answer where nothing under the key is required (the offer's
        // optional draw): it is saved as answered, which is no hostile request's doing.
        const legal = label === "empty object" && !properties[key]?.required?.length;
        for (const answers of legal
          ? [{ [key]: { [key]: value } }]
          : [{ [key]: value }, { [key]: { [key]: value } }])
          probes.push({
            label: `step.submit ${def.id} /${key} ← ${label}`,
            method: "POST",
            path: "/api/trpc/step.submit",
            body: json({ stepId: def.id, answers }),
            headers: { ...apiHeaders(), "content-type": "application/json" },
          });
      });
  }
  // Sign-in by phone and the analytics journeys: the endpoints of issue 40.
  for (const [label, value] of hostileValues) {
    const v = text(value);
    for (const path of ["signin/sms", "callback/sms"])
      probes.push({
        label: `authApplicant ${path} ← ${label}`,
        method: "POST",
        path: `/api/authApplicant/${path}`,
        body: form({
          csrfToken: csrf.Applicant,
          callbackUrl: "/app",
          phone: v.slice(0, 20_000),
          code: v.slice(0, 100),
        }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie,
          "x-recaptcha-token": PASS,
        },
      });
    probes.push({
      label: `analytics ← ${label} as a journey`,
      method: "POST",
      path: "/api/analytics",
      body: json({ events: [{ journeyId: value, kind: "viewed", stepId: "name" }] }),
      // No bot-check token: a hostile value that is a well-formed id meets the closed journey, and nothing is stored.
      headers: { cookie, "x-same-origin": "1", "content-type": "application/json" },
    });
    probes.push({
      label: `authPortal error ← ${label}`,
      method: "GET",
      path: `/api/authPortal/error?error=${uri(v)}`,
    });
  }
  return probes;
}

/**
 * One request over node:http, so an answer the server gives before it has read the whole body
 * (a refusal of an oversized or unwanted body) is recorded even when it then closes the socket.
 */
async function send(probe: Probe): Promise<number | string> {
  await probe.before?.();
  return new Promise((resolve) => {
    let status: number | undefined;
    // A connection of its own: a refused body may make the server close the socket, which must not
    // cut short the next probe sent on it.
    const req = request(
      `${server.url}${probe.path}`,
      { method: probe.method, headers: probe.headers, agent: false },
      (res) => {
        status = res.statusCode;
        res.resume();
        res.on("end", () => resolve(status!));
        res.on("error", () => resolve(status!));
      },
    );
    req.on("error", (error) => resolve(status ?? `no answer (${error.message})`));
    req.end(probe.body === undefined ? undefined : Buffer.from(probe.body));
  });
}

async function sendAll(
  probes: Probe[],
  concurrency = 6,
): Promise<{ probe: Probe; outcome: number | string; ms: number }[]> {
  const results: { probe: Probe; outcome: number | string; ms: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const started = performance.now();
        const outcome = await send(probe);
        results.push({ probe, outcome, ms: performance.now() - started });
      }
    }),
  );
  return results;
}

/**
 * A plain request's worst wait while the bombs run. The defect took seconds (1,000 list items held
 * the thread 2.6 s); on a quiet machine the worst is ~50 ms, and a shared 2-core machine under a
 * full test run adds a few hundred: the bound tells a stall from noise.
 */
const STALL_MS = 500;

describe("hostile input (fuzz)", () => {
  it(`keeps answering a plain request within ${STALL_MS} ms while list bombs and depth bombs run`, async () => {
    // List bombs: junk items in every list a step asks (15 KB to 225 KB: 1,000 items took 2.6 s of
    // the server's only thread before answers were bounded, 2,000 took 14 s). Depth bombs: values
    // nested 2,000 to 50,000 deep in answers and in query inputs (they overflowed the stack: 500).
    const lists: [stepId: string, pointer: string[]][] = [
      ["prequalDebts", ["liabilities"]],
      ["prequalMortgageSelect", ["mortgages"]],
      ["application4", ["propertyOwnership"]],
      ["application5", ["user", "employments"]],
    ];
    const nest = (keys: string[], value: unknown): unknown =>
      keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    const bombs: Probe[] = [];
    for (const [stepId, keys] of lists)
      for (const n of [1_000, 2_000, 10_000, 15_000]) {
        const items = Array.from({ length: n }, () => ({ debtor: "x" }));
        bombs.push({
          label: `${stepId} ← ${n} junk items`,
          method: "POST",
          path: "/api/trpc/step.submit",
          body: json({ stepId, answers: nest(keys, items) }),
          headers: apiHeaders({ "content-type": "application/json" }),
        });
      }
    for (const depth of [2_000, 20_000, 50_000]) {
      const deep = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      bombs.push({
        label: `step.submit ← answers ${depth} deep`,
        method: "POST",
        path: "/api/trpc/step.submit",
        body: `{"stepId":"name","answers":{"user":${deep}}}`,
        headers: apiHeaders({ "content-type": "application/json" }),
      });
      bombs.push({
        label: `batched step.submit ← ${depth} deep`,
        method: "POST",
        path: "/api/trpc/step.submit?batch=1",
        body: `{"0":{"stepId":"name","answers":${deep}}}`,
        headers: apiHeaders({ "content-type": "application/json" }),
      });
    }
    for (const depth of [500, 1_500])
      bombs.push({
        label: `step.get ← input ${depth} deep`,
        method: "GET",
        path: `/api/trpc/step.get?input=${uri(`${"[".repeat(depth)}${"]".repeat(depth)}`, Infinity)}`,
        headers: apiHeaders(),
      });
    const rounds = Array.from({ length: 8 }, () => bombs).flat();

    const plain = {
      method: "GET",
      path: `/api/trpc/step.get?input=${encodeURIComponent(json({ stepId: "propertyValue" }))}`,
      headers: apiHeaders(),
      label: "plain step.get",
    };
    // Warm: every bomb's code path once, and the plain request; then measured on a settled heap
    // (this test runs first: the big fuzz pass below leaves gigabytes for the collector).
    await sendAll(bombs, 2);
    expect(await send(plain)).toBe(200);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

    /** One round: the bombs one after another, as fast as the server answers (each bomb's cost is measured, not how many one thread can queue), and a plain request every 20 ms meanwhile. */
    const round = async () => {
      const alone: number[] = []; // the same request alone first: the machine's own noise, for comparison
      for (let i = 0; i < 20; i++) {
        const at = performance.now();
        await send(plain);
        alone.push(performance.now() - at);
        await pause();
      }
      let bombing = true;
      const latencies: number[] = [];
      const statuses: (number | string)[] = [];
      const watcher = (async () => {
        while (bombing) {
          const at = performance.now();
          statuses.push(await send(plain));
          latencies.push(performance.now() - at);
          await pause();
        }
      })();
      const started = performance.now();
      const results = await sendAll(rounds, 1);
      const seconds = (performance.now() - started) / 1000;
      bombing = false;
      await watcher;
      return { results, seconds, latencies, statuses, alone, worst: Math.max(...latencies) };
    };

    // The machine these tests share may be busy for a moment: up to three rounds, and the quietest
    // one's worst latency is the figure. A bomb that held the thread for seconds (as 2,000 list
    // items did) spoils every round alike.
    const done: Awaited<ReturnType<typeof round>>[] = [];
    do done.push(await round());
    while (done.length < 3 && done.at(-1)!.worst >= STALL_MS);
    for (const [i, r] of done.entries()) {
      const fivexx = r.results.filter(({ outcome }) => typeof outcome === "string" || outcome >= 500);
      console.info(
        `bombs, round ${i + 1}: ${r.results.length} requests in ${r.seconds.toFixed(1)} s, 5xx ${fivexx.length}; a plain step.get meanwhile: ${r.latencies.length} requests, ` +
          `median ${median(r.latencies).toFixed(1)} ms, worst ${r.worst.toFixed(1)} ms (alone: median ${median(r.alone).toFixed(1)} ms, worst ${Math.max(...r.alone).toFixed(1)} ms)`,
      );
      expect(fivexx.map(({ probe, outcome }) => `${outcome} ← ${probe.label}`)).toEqual([]);
      // Refused, each: 400 naming the limit met, or 413 for a body over the size limit.
      expect(
        r.results
          .filter(({ outcome }) => outcome !== 400 && outcome !== 413)
          .map(({ probe, outcome }) => `${outcome} ← ${probe.label}`),
      ).toEqual([]);
      expect(r.statuses.every((status) => status === 200)).toBe(true);
      expect(r.latencies.length).toBeGreaterThan(5);
    }
    expect(Math.min(...done.map((r) => r.worst))).toBeLessThan(STALL_MS);
  }, 120_000);

  it("answers thousands of hostile requests to every procedure and endpoint without a 5xx, stores nothing, stays up, and keeps its memory bounded", async () => {
    const probes = [...trpcProbes(), ...authProbes(), ...otherEndpointProbes(), ...stepAnswerProbes()];
    expect(probes.length).toBeGreaterThanOrEqual(10_000);

    // A first pass warms every code path, so the memory comparison is not measuring start-up.
    await sendAll(probes.slice(0, 200));
    // Development's live preview compiles the definitions on its first call: done here, before the
    // clock runs (keeping that compile off the event loop is issue 40's item 2, another change).
    await sendAll(probes.filter((p) => p.path.startsWith("/api/dev/definitions")).slice(0, 3), 1);
    const before = await storedCounts();
    // What the process keeps, measured after a full collection: the JS heap and the buffers outside it.
    // (The resident size stays high after a peak, as the allocator keeps freed pages: it is no leak measure.)
    setFlagsFromString("--expose_gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const kept = () => {
      collectGarbage();
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const keptBefore = kept();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);

    // Whatever the server logs meanwhile is kept, not printed: it must not echo what it was sent.
    const logged: string[] = [];
    const spies = (["log", "warn", "error"] as const).map((level) =>
      vi
        .spyOn(console, level)
        .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    // Bodies over 1 MB go one at a time: the peak then reflects one such request, not six at once.
    const large = (p: Probe) => (p.body?.length ?? 0) > 1_000_000;
    let results: Awaited<ReturnType<typeof sendAll>>;
    try {
      results = [
        ...(await sendAll(probes.filter((p) => !large(p)))),
        ...(await sendAll(probes.filter(large), 1)),
      ];
    } finally {
      clearInterval(sampler);
      for (const spy of spies) spy.mockRestore();
    }
    const failures = results
      .filter(({ outcome }) => typeof outcome === "string" || outcome >= 500)
      .map(({ probe, outcome }) => `${outcome} ← ${probe.label}`);
    expect(failures).toEqual([]);
    // No request may hang: 2 s is the target (a speed figure, printed here and measured by
    // docs/security.md's run alone); what is asserted is only a stall, which no load explains.
    const slow = results.filter(({ ms }) => ms > 2000);
    expect(
      results.filter(({ ms }) => ms > 30_000).map(({ probe, ms }) => `${Math.round(ms)} ms ← ${probe.label}`),
    ).toEqual([]);
    console.log(
      `fuzz: ${results.length} hostile requests, slowest ${Math.round(Math.max(...results.map((r) => r.ms)))} ms, ${slow.length} over 2 s`,
    );
    // Most probes meet a refusal (a client error): the hostile part was seen, not waved through.
    expect(
      results.filter(({ outcome }) => typeof outcome === "number" && outcome >= 400).length,
    ).toBeGreaterThan(results.length * 0.8);

    expect(await storedCounts()).toEqual(before);
    const echoed = [
      "DROP TABLE",
      "UNION SELECT",
      "etc/passwd",
      "Bcc:",
      "<script>",
      "javascript:",
      "polluted",
      "gnp.exe",
    ];
    // The log was captured (so the echo check below reads it): about a line a request. Not all:
    // some oversized bodies to the auth routes end with their connection before a line is written.
    expect(serverLog.length).toBeGreaterThan(probes.length * 0.9);
    logged.push(...serverLog);
    expect(logged.filter((line) => echoed.some((marker) => line.includes(marker)))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    // Memory: over a hundred probes carry 8 to 24 MB each (more than 2 GB in all). One of them in
    // flight may cost a few times its size; what stays afterwards must be far below a leak of them.
    const mb = (bytes: number) => bytes / 2 ** 20;
    // (The test's own copies of the bodies count too: the server shares this process.)
    expect(mb(rssPeak - rssBefore)).toBeLessThan(1536);
    expect(mb(kept() - keptBefore)).toBeLessThan(256);

    // Still up, and the applicant's session and answers are intact.
    const after = await fetch(
      `${server.url}/api/trpc/step.get?input=${encodeURIComponent(json({ stepId: "propertyValue" }))}`,
      { headers: apiHeaders() },
    );
    expect(after.status).toBe(200);
    expect(
      ((await after.json()) as { result: { data: { application: unknown } } }).result.data.application,
    ).toMatchObject({ setup: { propertyValue: 500000 } });
  }, 600_000); // over 10,000 requests: about 3 minutes alone, more on a loaded machine

  it("refuses a body far larger than any form with 413 before reading it", async () => {
    // A 24 MB JSON answer costs the server ~180 MB to read, parse and judge; a hundred at once would
    // exhaust it. The largest real step submission is a few kilobytes.
    const huge = JSON.stringify({
      stepId: "name",
      answers: { user: { firstName: "A".repeat(24 * 2 ** 20) } },
    });
    expect(
      await send({
        label: "24 MB answer",
        method: "POST",
        path: "/api/trpc/step.submit",
        body: huge,
        headers: apiHeaders({ "content-type": "application/json" }),
      }),
    ).toBe(413);
    const signInForm = `csrfToken=${csrf.Applicant}&email=${"a".repeat(24 * 2 ** 20)}`;
    expect(
      await send({
        label: "24 MB sign-in form",
        method: "POST",
        path: "/api/authApplicant/signin/email",
        body: signInForm,
        headers: apiHeaders({ "content-type": "application/x-www-form-urlencoded" }),
      }),
    ).toBe(413);
  }, 60_000);

  it("stores a SQL-looking answer as plain text and leaves every table in place", async () => {
    const b = browser(server.url);
    const name = "Robert'); DROP TABLE users; --";
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: name, lastName: "' OR '1'='1" } },
    });
    const { application } = await b.trpc.step.get.query({ stepId: "name" });
    expect(application).toMatchObject({ user: { firstName: name, lastName: "' OR '1'='1" } });
    const counts = await storedCounts();
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(["users", "applications", "audit_events"]));
    expect(counts.users).toBeGreaterThan(1);
  }, 60_000);
});
