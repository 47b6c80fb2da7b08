// Limits on what one request may ask of the server (issue 20, items 1 to 3 and 7): one bot-check
// token admits one write, batches are capped, deep values and oversized lists are refused with a
// 400 that names the problem before any logic runs, and every guard's refusal on /api/trpc is in
// tRPC's error shape, so @trpc/client can tell a retryable bot-check refusal.
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@server/persistence/db/schema";
import { jsonShapeProblem, MAX_BATCH, MAX_LIST } from "@server/transport/security/request-shape";
import type { AppRouter } from "@server/transport/trpc/router";
import { walk } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const accounts = async () => (await server.services.db.select({ n: count() }).from(users))[0]!.n;
const post = async (path: string, body: string, token: string) =>
  fetch(`${server.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "X-Same-Origin": "1", "content-type": "application/json", "X-Recaptcha-Token": token },
    body,
  });
// The first question of the early funnel: open to any visitor (a later step is refused 412 before its answers are judged).
const answer = (value: number) => ({
  stepId: "name",
  answers: { user: { firstName: "Ada", lastName: `Lovelace ${value}` } },
});

describe("one bot-check token, one write", () => {
  it("refuses a POST that batches two step.submit calls under one token, and makes no account", async () => {
    const b = browser(server.url);
    const before = await accounts();
    const res = await post(
      "step.submit,step.submit?batch=1",
      JSON.stringify({ 0: answer(400000), 1: answer(410000) }),
      await b.botToken(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: -32600, data: { code: "BAD_REQUEST", reason: "one-write-per-request" } },
    });
    expect(await accounts()).toBe(before);
  });

  it("still takes one batched mutation under one token", async () => {
    const b = browser(server.url);
    const res = await post("step.submit?batch=1", JSON.stringify({ 0: answer(400000) }), await b.botToken());
    expect(res.status).toBe(200);
  });

  it(`answers a batch of ${MAX_BATCH} queries and refuses one of ${MAX_BATCH + 1}`, async () => {
    const batch = (n: number) =>
      fetch(
        `${server.url}/api/trpc/${Array(n).fill("definitions.bundle").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
        { headers: { "X-Same-Origin": "1" } },
      );
    expect((await batch(MAX_BATCH)).status).toBe(200);
    const refused = await batch(MAX_BATCH + 1);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { data: { reason: "batch-too-large" } } });
  });

  it("sends each mutation of the client alone, each with its own token", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate(answer(400000)); // the guest session
    await Promise.all([
      b.trpc.step.submit.mutate(answer(420000)),
      b.trpc.step.submit
        .mutate({ stepId: "name", answers: { user: { firstName: "Ada", lastName: "Byron" } } })
        .catch(() => null),
    ]);
    const posts = b.requests.filter((r) => r.method === "POST" && r.url.includes("/api/trpc/"));
    expect(posts.every((r) => !decodeURIComponent(new URL(r.url).pathname).includes(","))).toBe(true);
  });
});

describe("deep and oversized values", () => {
  const deep = (n: number) => JSON.parse(`${'{"a":'.repeat(n)}1${"}".repeat(n)}`) as unknown;

  it("answers a value nested 2,000 deep with a 400 that says it is too deep, not a 500", async () => {
    const b = browser(server.url);
    const res = await post(
      "step.submit",
      JSON.stringify({ stepId: "name", answers: { user: deep(2000) } }),
      await b.botToken(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { data: { reason: "too-deep" }, message: expect.stringContaining("nested more than") },
    });
    const get = await fetch(
      `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: deep(300) }))}`,
      { headers: { "X-Same-Origin": "1" } },
    );
    expect(get.status).toBe(400);
  });

  it("refuses answers nested deeper than any step's fields, naming the field", async () => {
    const b = browser(server.url);
    const error = await b.trpc.step.submit
      .mutate({ stepId: "name", answers: { user: { firstName: deep(20) } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: expect.stringMatching(/^\/user\/firstName\/a/),
          message: expect.stringContaining("nested more than"),
        },
      ],
    });
  });

  it("refuses a list longer than its schema's maxItems before any logic reads it, naming the list", async () => {
    const b = browser(server.url);
    await walk(server, b, { from: "prequalBuildingType", until: "prequalDebts" });
    const liabilities = Array.from({ length: 51 }, () => ({ debtor: "x" }));
    const error = await b.trpc.step.submit
      .mutate({ stepId: "prequalDebts", answers: { liabilities } })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: expect.arrayContaining([
        { pointer: "/liabilities", message: expect.stringContaining("at most 50") },
      ]),
    });
  });

  it(`refuses a list of more than ${MAX_LIST.toLocaleString("en-US")} entries before the request is even parsed`, async () => {
    const b = browser(server.url);
    const liabilities = Array.from({ length: 10_000 }, () => ({ debtor: "x" }));
    const res = await post(
      "step.submit",
      JSON.stringify({ stepId: "prequalDebts", answers: { liabilities } }),
      await b.botToken(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { data: { reason: "list-too-long" } } });
  });

  it("refuses a text longer than its schema's maxLength", async () => {
    const b = browser(server.url);
    const error = await b.trpc.step.submit
      .mutate({ stepId: "name", answers: { user: { firstName: "A".repeat(600), lastName: "B" } } })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/user/firstName" }],
    });
  });
});

describe("guard refusals in tRPC's error shape", () => {
  const client = (headers: Record<string, string>) =>
    createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/api/trpc`, headers })] });

  it("lets @trpc/client read a spent bot-check token as a TRPCClientError with reason bot-check-replayed", async () => {
    const b = browser(server.url);
    const token = await b.botToken();
    expect((await post("step.submit", JSON.stringify(answer(400000)), token)).status).toBe(200);
    const error = await client({ "X-Same-Origin": "1", "X-Recaptcha-Token": token })
      .step.submit.mutate(answer(400000))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({
      code: "FORBIDDEN",
      httpStatus: 403,
      reason: "bot-check-replayed",
    });
  });

  it("answers a missing X-Same-Origin and a body over the size limit in the same shape", async () => {
    const missing = await client({})
      .definitions.bundle.query()
      .catch((e: unknown) => e);
    expect((missing as TRPCClientError<AppRouter>).data).toMatchObject({ reason: "missing-same-origin" });
    const b = browser(server.url);
    const huge = await client({ "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() })
      .step.submit.mutate({ stepId: "name", answers: { user: { firstName: "A".repeat(2 * 2 ** 20) } } })
      .catch((e: unknown) => e);
    expect(huge).toBeInstanceOf(TRPCClientError);
    expect((huge as TRPCClientError<AppRouter>).data).toMatchObject({ httpStatus: 413, reason: "too-large" });
  });
});

describe("reading a request's shape without parsing it", () => {
  it("counts nesting and list entries outside strings only", () => {
    const limits = { depth: 3, items: 3 };
    expect(jsonShapeProblem('[[["x"]]]', limits)).toBeNull();
    expect(jsonShapeProblem("[[[[1]]]]", limits)).toBe("too-deep");
    expect(jsonShapeProblem('["[[[[", "]]]]"]', limits)).toBeNull();
    expect(jsonShapeProblem("[1,2,3]", limits)).toBeNull();
    expect(jsonShapeProblem("[1,2,3,4]", limits)).toBe("list-too-long");
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3,"d":4}', limits)).toBeNull(); // objects are not lists
    expect(jsonShapeProblem(String.raw`["a\\",",",",",","]`, limits)).toBe("list-too-long"); // "a\\" ends at its second quote
    expect(jsonShapeProblem(String.raw`["a\",\",\","]`, limits)).toBeNull(); // one string holding quotes and commas
  });
});

describe("the sign-in endpoints' body limit", () => {
  it("refuses a form over 64 KB with 413 before a handler reads it, and lets the session check (a GET) by", async () => {
    for (const kind of ["authApplicant", "authPortal"]) {
      const res = await fetch(`${server.url}/api/${kind}/signin/email`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-same-origin": "1" },
        body: `email=${"a".repeat(70 * 1024)}%40example.com`,
      });
      expect(res.status, kind).toBe(413);
      expect(await res.json()).toEqual({
        error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large." },
      });
      expect(
        (await fetch(`${server.url}/api/${kind}/session`, { headers: { "x-same-origin": "1" } })).status,
        kind,
      ).toBe(200);
    }
  });
});
