// The web app's API client (web/src/api): a bot-check refusal of a spent or expired token is
// retried once with a fresh token, and two mutations fired together go as two requests, each with
// its own token (the server refuses a request that carries two changes).
import type { TRPCClient } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppRouter } from "@server/transport/trpc/router";

let tokens = 0;
vi.mock("@web/src/api/bot-check", () => ({
  botToken: async () => `token-${++tokens}`,
  prefetchBotToken: () => undefined,
}));

// Imported by a computed name: the web modules are type-checked with the browser's library (tsconfig.web.json), not here.
const web = (path: string) => import(/* @vite-ignore */ `../../web/src/api/${path}`);
const { apiFetch } = (await web("api-fetch")) as {
  apiFetch: (input: string, init?: RequestInit, options?: { botCheck?: boolean }) => Promise<Response>;
};
const { trpcClient } = (await web("trpc")) as { trpcClient: TRPCClient<AppRouter> };

interface Sent {
  url: string;
  method: string;
  token: string | null;
  body: unknown;
}
let sent: Sent[] = [];
let answers: (() => Response)[] = [];

const refusal = (reason: string) =>
  new Response(
    JSON.stringify({
      error: { message: "refused", code: -32003, data: { code: "FORBIDDEN", httpStatus: 403, reason } },
    }),
    { status: 403, headers: { "content-type": "application/json" } },
  );
const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: { data } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

beforeEach(() => {
  tokens = 0;
  sent = [];
  answers = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({
      url: String(input),
      method: init.method ?? "GET",
      token: headers.get("x-recaptcha-token"),
      body: init.body,
    });
    return (answers.shift() ?? (() => ok({ done: true })))();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends a refused bot-check token's request once more with a fresh token", async () => {
    answers = [() => refusal("bot-check-replayed")];
    const res = await apiFetch("/api/trpc/step.submit", { method: "POST", body: '{"stepId":"name"}' });
    expect(res.status).toBe(200);
    expect(sent.map((s) => s.token)).toEqual(["token-1", "token-2"]);
    expect(sent[1]!.body).toBe('{"stepId":"name"}');
  });

  it("retries only once: a second refusal is the caller's", async () => {
    answers = [() => refusal("bot-check-expired"), () => refusal("bot-check-expired")];
    const res = await apiFetch("/api/trpc/step.submit", { method: "POST", body: "{}" });
    expect(res.status).toBe(403);
    expect(sent).toHaveLength(2);
  });

  it("does not retry other refusals, nor requests that carried no token", async () => {
    answers = [() => refusal("cross-site")];
    expect((await apiFetch("/api/trpc/step.submit", { method: "POST", body: "{}" })).status).toBe(403);
    answers = [() => refusal("bot-check-replayed")];
    expect(
      (await apiFetch("/api/analytics", { method: "POST", body: "{}" }, { botCheck: false })).status,
    ).toBe(403);
    expect(sent).toHaveLength(2);
  });
});

describe("the tRPC client", () => {
  it("sends two mutations fired together as two requests, each with its own token", async () => {
    await Promise.all([
      trpcClient.step.submit.mutate({ stepId: "name", answers: {} }),
      trpcClient.step.submit.mutate({ stepId: "email", answers: {} }),
    ]);
    const posts = sent.filter((s) => s.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => !decodeURIComponent(p.url).includes(","))).toBe(true);
    expect(new Set(posts.map((p) => p.token)).size).toBe(2);
  });

  it("still batches queries into one GET", async () => {
    answers = [
      () =>
        new Response(JSON.stringify([{ result: { data: 1 } }, { result: { data: 2 } }]), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ];
    await Promise.all([
      trpcClient.step.get.query({ stepId: "name" }),
      trpcClient.step.get.query({ stepId: "email" }),
    ]);
    expect(sent).toHaveLength(1);
    expect(decodeURIComponent(sent[0]!.url)).toContain("step.get,step.get");
  });
});
