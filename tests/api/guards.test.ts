// Request guards of spec §7 over real HTTP: X-Same-Origin, cross-site refusal, the bot-check
// token on every state-changing call, batching, and no personal data in GET URLs.
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, testServer, type TestServer } from "../helpers/server";
import { createApp } from "@server/app";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

// A visitor's first answer: the funnel's first question, the one step open to them.
const submitBody = JSON.stringify({
  stepId: "name",
  answers: { user: { firstName: "Grace", lastName: "Hopper" } },
});

describe("the API's request guards", () => {
  it("answers 403 with a JSON error when X-Same-Origin is missing", async () => {
    const res = await fetch(`${server.url}/api/trpc/definitions.bundle`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: -32003, data: { code: "FORBIDDEN", httpStatus: 403, reason: "missing-same-origin" } },
    });
  });

  it("refuses X-Same-Origin with any value but 1", async () => {
    const res = await fetch(`${server.url}/api/trpc/definitions.bundle`, {
      headers: { "X-Same-Origin": "yes" },
    });
    expect(res.status).toBe(403);
  });

  it("answers two batched queries in one GET request with comma-joined paths", async () => {
    const b = browser(server.url);
    const [bundle, step] = await Promise.all([
      b.trpc.definitions.bundle.query(),
      b.trpc.step.get.query({ stepId: "name" }),
    ]);
    expect(bundle.files.steps["initial-setup/name.json"]).toBeDefined();
    expect(step.stepId).toBe("name");
    const trpcCalls = b.requests.filter((r) => r.url.includes("/api/trpc/"));
    expect(trpcCalls).toHaveLength(1);
    expect(trpcCalls[0]!.method).toBe("GET");
    expect(decodeURIComponent(new URL(trpcCalls[0]!.url).pathname)).toBe(
      "/api/trpc/definitions.bundle,step.get",
    );
  });

  it("refuses a mutation without a bot-check token with 403", async () => {
    const res = await fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: { "X-Same-Origin": "1", "content-type": "application/json" },
      body: submitBody,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { data: { reason: "bot-check-missing" } } });
  });

  it("refuses a forged bot-check token and a replayed one", async () => {
    const b = browser(server.url);
    const headers = (token: string) => ({
      "X-Same-Origin": "1",
      "content-type": "application/json",
      "X-Recaptcha-Token": token,
    });
    const forged = Buffer.from(
      JSON.stringify({
        challenge: { parameters: {}, signature: "00" },
        solution: { counter: 1, derivedKey: "00" },
      }),
    ).toString("base64url");
    expect(
      (
        await fetch(`${server.url}/api/trpc/step.submit`, {
          method: "POST",
          headers: headers(forged),
          body: submitBody,
        })
      ).status,
    ).toBe(403);

    const token = await b.botToken();
    expect(
      (
        await fetch(`${server.url}/api/trpc/step.submit`, {
          method: "POST",
          headers: headers(token),
          body: submitBody,
        })
      ).status,
    ).toBe(200);
    const replay = await fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: headers(token),
      body: submitBody,
    });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ error: { data: { reason: "bot-check-replayed" } } });
  });

  it("refuses a state-changing request that the browser marks cross-site", async () => {
    const b = browser(server.url);
    const res = await fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: {
        "X-Same-Origin": "1",
        "content-type": "application/json",
        "Sec-Fetch-Site": "cross-site",
        "X-Recaptcha-Token": await b.botToken(),
      },
      body: submitBody,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { data: { reason: "cross-site" } } });
  });

  it("does not accept answers in a GET URL: step.submit is a POST mutation only", async () => {
    const input = encodeURIComponent(submitBody);
    const res = await fetch(`${server.url}/api/trpc/step.submit?input=${input}`, {
      headers: { "X-Same-Origin": "1" },
    });
    expect(res.status).toBe(405);
  });

  it("marks responses that may carry personal data Cache-Control: no-store", async () => {
    const res = await fetch(
      `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`,
      { headers: { "X-Same-Origin": "1" } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("names the field of a bad input with a 400", async () => {
    const b = browser(server.url);
    const error = await b.trpc.step.get.query({ stepId: "no such/step" } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const e = error as TRPCClientError<never>;
    expect(e.data).toMatchObject({ httpStatus: 400, fieldErrors: [{ pointer: "/stepId" }] });
  });

  it("sends security headers: a content security policy and no framing", async () => {
    const res = await fetch(`${server.url}/definitions`);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends the same security headers, once each, with every API answer and refusal", async () => {
    const reference = await fetch(`${server.url}/definitions`);
    const security = [
      "content-security-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "referrer-policy",
      "x-content-type-options",
      "x-frame-options",
    ];
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const stepGet = `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`;
    const answers = {
      "an answer": await fetch(stepGet, { headers: { cookie, "x-same-origin": "1" } }),
      "a refusal by the handler (a bad input)": await fetch(
        `${server.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "no such/step" }))}`,
        { headers: { cookie, "x-same-origin": "1" } },
      ),
      "a guard's refusal (no X-Same-Origin)": await fetch(stepGet, { headers: { cookie } }),
      "a guard's refusal (no bot-check token)": await fetch(`${server.url}/api/trpc/step.submit`, {
        method: "POST",
        headers: { cookie, "x-same-origin": "1", "content-type": "application/json" },
        body: "{}",
      }),
      "a size refusal (a body over the limit)": await fetch(`${server.url}/api/trpc/step.submit`, {
        method: "POST",
        headers: { cookie, "x-same-origin": "1", "content-type": "application/json" },
        body: JSON.stringify({ pad: "x".repeat(300 * 1024) }),
      }),
    };
    expect(Object.values(answers).map((res) => res.status)).toEqual([200, 400, 403, 403, 413]);
    for (const [what, res] of Object.entries(answers))
      for (const name of security) {
        // A header sent twice arrives joined with ", ": once means exactly the reference's value.
        expect(res.headers.get(name), `${name} on ${what}`).toBe(reference.headers.get(name));
      }
  });
});

describe("an error no handler caught", () => {
  it("is answered 500 in a generic shape with the security headers, and logged by its kind only", async () => {
    // The same services, but reading the definitions fails with a message that quotes an applicant.
    let broken = false;
    const failing = Object.create(server.services, {
      defs: {
        get: () => {
          if (broken) throw new TypeError("cannot read 123-45-6789 of Ada Lovelace");
          return server.services.defs;
        },
      },
    });
    const app = createApp(failing, server.services.botCheck);
    broken = true;
    const logged: unknown[][] = [];
    const log = server.services.log;
    const original = log.error;
    log.error = ((...args: unknown[]) => void logged.push(args)) as typeof log.error;
    try {
      for (const path of ["/definitions", "/definitions.json"]) {
        const res = await app.request(path);
        expect(res.status).toBe(500);
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({
          error: {
            code: "INTERNAL_SERVER_ERROR",
            message: "Something went wrong on our side. Please try again.",
          },
        });
        expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
        expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      }
    } finally {
      log.error = original;
    }
    // The error by its kind, then the request's own line (an error: it answered 500).
    expect(logged.map((args) => args[1])).toEqual([
      "GET /definitions failed: TypeError",
      "GET /definitions 500",
      "GET /definitions.json failed: TypeError",
      "GET /definitions.json 500",
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/123-45-6789|Lovelace/);
  });
});
