// Our tRPC endpoint (server/transport/trpc/endpoint.ts: @hono/trpc-server with our options, behind
// Hono's compression as app.ts mounts it) answers every JSON call exactly as tRPC's own adapter
// does, unconfigured: the same status, headers that matter and body, for answers, batches,
// refusals and failures. (And it labels every answer JSON, which each is; the adapter labels one
// refused before any call text/plain.)
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { badRequest, publicProcedure, router, type Context } from "@server/transport/trpc/init";
import { trpcEndpoint } from "@server/transport/trpc/endpoint";

const echoInput = (raw: unknown) => {
  if (typeof raw === "object" && raw !== null && typeof (raw as { word?: unknown }).word === "string")
    return raw as { word: string };
  throw badRequest([{ pointer: "/word", message: "must be a string" }]);
};

const testRouter = router({
  echo: publicProcedure.input(echoInput).query(({ input }) => ({ said: input.word })),
  nothing: publicProcedure.query(() => null),
  change: publicProcedure.input(echoInput).mutation(({ input, ctx }) => {
    ctx.resHeaders.append("set-cookie", "seen=1; Path=/");
    return { changed: input.word };
  }),
  forbidden: publicProcedure.query(() => {
    throw new TRPCError({ code: "FORBIDDEN", message: "Not yours" });
  }),
  broken: publicProcedure.query(() => {
    throw new Error("database on fire");
  }),
  big: publicProcedure.query(() => ({ words: Array.from({ length: 200 }, (_, i) => `word number ${i}`) })),
  // Middlewares: a context they narrow, an input parsed after one, a refusal from one, a failure.
  layered: publicProcedure
    .use(({ ctx, next }) => next({ ctx: { who: "guest" } }))
    .input(echoInput)
    .use(({ ctx, input, next }) => next({ ctx: { heard: `${ctx.who} said ${input.word}` } }))
    .query(({ ctx, input }) => ({ who: ctx.who, heard: ctx.heard, ip: ctx.ip, said: input.word })),
  refusedByLayer: publicProcedure
    .use(() => {
      throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
    })
    .query(() => "never"),
  brokenLayer: publicProcedure
    .use(async ({ next }) => {
      const result = await next();
      if (!result.ok) throw new TRPCError({ code: "CONFLICT", message: "Try again", cause: result.error });
      return result;
    })
    .query(() => {
      throw new Error("collided");
    }),
  twoCookies: publicProcedure.mutation(({ ctx }) => {
    ctx.resHeaders.append("set-cookie", "first=1; Path=/");
    ctx.resHeaders.append("set-cookie", "second=2; Path=/");
    return "set";
  }),
});

const createContext = async ({ req, resHeaders }: { req: Request; resHeaders: Headers }) =>
  ({ resHeaders, ip: new URL(req.url).hostname }) as unknown as Context;

function apps() {
  const errors: { ours: string[]; theirs: string[] } = { ours: [], theirs: [] };
  const theirs = new Hono();
  theirs.use(
    "/api/trpc/*",
    trpcServer({
      router: testRouter,
      endpoint: "/api/trpc",
      createContext: (opts) => createContext(opts) as never,
      onError: ({ error, path }) => void errors.theirs.push(`${path}:${error.code}`),
    }),
  );
  const ours = new Hono();
  ours.use("*", compress());
  ours.use(
    "/api/trpc/*",
    trpcEndpoint({
      router: testRouter,
      endpoint: "/api/trpc",
      createContext: (opts) => createContext(opts) as never,
      onError: ({ error, path }) => void errors.ours.push(`${path}:${error.code}`),
    }),
  );
  return { ours, theirs, errors };
}

const q = (input: unknown) => `input=${encodeURIComponent(JSON.stringify(input))}`;
const json = { "content-type": "application/json" };

const requests: [name: string, path: string, init?: RequestInit][] = [
  ["a query", `/api/trpc/echo?${q({ word: "hi" })}`],
  ["a query answering null", "/api/trpc/nothing"],
  ["a query with a bad input", `/api/trpc/echo?${q({ word: 5 })}`],
  ["a query without its input", "/api/trpc/echo"],
  ["a batch of two queries", `/api/trpc/echo,nothing?batch=1&${q({ 0: { word: "a" } })}`],
  ["a batch with one failing call", `/api/trpc/echo,forbidden?batch=1&${q({ 0: { word: "a" } })}`],
  ["a batch whose input is not an object", `/api/trpc/echo?batch=1&${q([1])}`],
  ["a refusal", "/api/trpc/forbidden"],
  ["a failure", "/api/trpc/broken"],
  ["an unknown procedure", "/api/trpc/nope"],
  ["input that is not JSON", "/api/trpc/echo?input=%7Bnot"],
  ["a mutation", "/api/trpc/change", { method: "POST", headers: json, body: JSON.stringify({ word: "x" }) }],
  [
    "a batched mutation",
    "/api/trpc/change?batch=1",
    { method: "POST", headers: json, body: JSON.stringify({ 0: { word: "x" } }) },
  ],
  ["a mutation by GET", `/api/trpc/change?${q({ word: "x" })}`],
  [
    "a query by POST",
    "/api/trpc/echo",
    { method: "POST", headers: json, body: JSON.stringify({ word: "x" }) },
  ],
  [
    "a mutation with a body that is not JSON",
    "/api/trpc/change",
    { method: "POST", headers: json, body: "{not json" },
  ],
  [
    "a mutation with another content type",
    "/api/trpc/change",
    { method: "POST", headers: { "content-type": "text/plain" }, body: "x" },
  ],
  [
    "a mixed batch of a query and a mutation",
    "/api/trpc/echo,change?batch=1",
    { method: "POST", headers: json, body: JSON.stringify({ 0: { word: "a" }, 1: { word: "b" } }) },
  ],
  ["a path with broken URL-encoding", "/api/trpc/ec%E0%A4%Aho"],
  ["a HEAD request", "/api/trpc/echo", { method: "HEAD" }],
  ["a query through middlewares that narrow the context", `/api/trpc/layered?${q({ word: "hi" })}`],
  ["a query through middlewares with a bad input", `/api/trpc/layered?${q({ word: 1 })}`],
  ["a query a middleware refuses", "/api/trpc/refusedByLayer"],
  ["a failure a middleware answers as a conflict", "/api/trpc/brokenLayer"],
  [
    "a batch through middlewares",
    `/api/trpc/layered,refusedByLayer,echo?batch=1&${q({ 0: { word: "a" }, 2: { word: "b" } })}`,
  ],
];

const answerOf = async (res: Response) => ({
  status: res.status,
  setCookie: res.headers.get("set-cookie"),
  body: res.status === 204 ? null : await res.json(),
});

describe("our tRPC endpoint", () => {
  it.each(requests)("answers %s as tRPC's fetch adapter does", async (_name, path, init) => {
    const { ours, theirs } = apps();
    const [mine, reference] = await Promise.all([ours.request(path, init), theirs.request(path, init)]);
    expect(await answerOf(mine)).toEqual(await answerOf(reference));
    if (mine.status !== 204) expect(mine.headers.get("content-type")).toBe("application/json");
  });

  it("runs a procedure's middlewares in turn, each context they narrow merged for the next", async () => {
    const res = await apps().ours.request(`/api/trpc/layered?${q({ word: "hi" })}`);
    expect(await res.json()).toEqual({
      result: { data: { who: "guest", heard: "guest said hi", ip: "localhost", said: "hi" } },
    });
  });

  it("names the field of a bad input by its pointer", async () => {
    const res = await apps().ours.request(`/api/trpc/echo?${q({ word: 5 })}`);
    expect(res.status).toBe(400);
    expect(
      ((await res.json()) as { error: { data: { fieldErrors: unknown } } }).error.data.fieldErrors,
    ).toEqual([{ pointer: "/word", message: "must be a string" }]);
  });

  it("reports each failed call to onError with its path, as the fetch adapter does", async () => {
    const { ours, theirs, errors } = apps();
    for (const app of [ours, theirs]) {
      await app.request("/api/trpc/broken");
      await app.request(`/api/trpc/echo,forbidden?batch=1&${q({ 0: { word: "a" } })}`);
    }
    expect(errors.ours).toEqual(["broken:INTERNAL_SERVER_ERROR", "forbidden:FORBIDDEN"]);
    expect(errors.ours).toEqual(errors.theirs);
  });

  it("gzips an answer of a kilobyte or more for a client that takes gzip, and says so", async () => {
    const { ours, theirs } = apps();
    const res = await ours.request("/api/trpc/big", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = gunzipSync(Buffer.from(await res.arrayBuffer()));
    expect(JSON.parse(body.toString("utf8"))).toEqual(await (await theirs.request("/api/trpc/big")).json());
  });

  it("sends a small answer, or any answer to a client without gzip, as it is", async () => {
    const { ours } = apps();
    for (const [path, encoding] of [
      [`/api/trpc/echo?${q({ word: "hi" })}`, "gzip"],
      ["/api/trpc/big", "br"],
      ["/api/trpc/big", "gzip;q=0"],
    ] as const) {
      const res = await ours.request(path, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(JSON.parse(await res.text())).toHaveProperty("result");
    }
  });

  it("on node-server, hands node each cookie a call sets as its own Set-Cookie header", async () => {
    const app = new Hono();
    app.use(
      "/api/trpc/*",
      trpcEndpoint({
        router: testRouter,
        endpoint: "/api/trpc",
        createContext: (o) => createContext(o) as never,
      }),
    );
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    try {
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc/twoCookies`,
        { method: "POST", headers: json, body: "{}" },
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual(["first=1; Path=/", "second=2; Path=/"]);
      expect(res.headers.get("content-type")).toBe("application/json");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("on node-server, labels an answer refused before any call JSON, as every other answer", async () => {
    // serve() installs node-server's own Response, which adds a string's text/plain only as it
    // writes: the label must hold over a real socket, not only in memory.
    const { ours } = apps();
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: ours.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = requests.filter(([name]) =>
        ["a mutation with another content type", "a mixed batch of a query and a mutation"].includes(name),
      );
      expect(refused).toHaveLength(2);
      for (const [, path, init] of [...refused, ["broken URL-encoding", "/api/trpc/ec%E0%A4%Aho"] as const]) {
        const res = await fetch(`${base}${path}`, init);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers.get("content-type")).toBe("application/json");
        expect(((await res.json()) as { error?: unknown }).error).toBeDefined();
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("states the length of its answer, so compression can pass over a small one", async () => {
    const res = await apps().ours.request(`/api/trpc/echo?${q({ word: "hi" })}`);
    const body = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
  });
});
