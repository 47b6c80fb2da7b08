// The HTTP stack's own middleware: gzip only where it pays, the security headers on every
// response (worked out once), and bodyLimit kept off requests without a body.
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, compressLarge } from "@server/transport/http/compression";
import { withBodyOnly } from "@server/transport/http/body";
import { securityHeaderList, securityHeaders } from "@server/transport/security/headers";

const big = JSON.stringify({ words: Array.from({ length: 400 }, (_, i) => `word${i}`) });

function compressingApp() {
  const app = new Hono();
  app.use("*", compressLarge());
  app.get("/small", (c) =>
    c.body('{"ok":true}', 200, { "content-type": "application/json", "content-length": "11" }),
  );
  app.get("/big", (c) =>
    c.body(big, 200, { "content-type": "application/json", "content-length": String(big.length) }),
  );
  app.get("/big-unsized", (c) => c.body(big, 200, { "content-type": "application/json" }));
  app.get("/big-image", (c) =>
    c.body(big, 200, { "content-type": "image/png", "content-length": String(big.length) }),
  );
  app.get("/big-no-transform", (c) =>
    c.body(big, 200, {
      "content-type": "application/json",
      "content-length": String(big.length),
      "cache-control": "no-transform",
    }),
  );
  return app;
}

describe("compression", () => {
  const get = (path: string, encoding = "gzip, deflate, br") =>
    compressingApp().request(path, { headers: { "accept-encoding": encoding } });

  it("gzips a JSON answer of a kilobyte or more, and says so", async () => {
    const res = await get("/big");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(res.headers.get("content-length")).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  it("sends a small answer as it is", async () => {
    const res = await get("/small");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe('{"ok":true}');
  });

  it("sends an answer of unknown length as it is", async () => {
    expect((await get("/big-unsized")).headers.get("content-encoding")).toBeNull();
  });

  it("leaves types that do not compress, and answers marked no-transform, as they are", async () => {
    expect((await get("/big-image")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big-no-transform")).headers.get("content-encoding")).toBeNull();
  });

  it("gzips only for a client that accepts gzip", async () => {
    expect((await get("/big", "br")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big", "gzip;q=0, br")).headers.get("content-encoding")).toBeNull();
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("identity, *;q=0")).toBe(false);
    expect(acceptsGzip("GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("security headers", () => {
  const options = {
    contentSecurityPolicy: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
    strictTransportSecurity: "max-age=63072000; includeSubDomains" as const,
  };
  const app = new Hono();
  app.use("*", securityHeaders(options));
  app.get("/page", (c) => c.html("<p>hi</p>"));
  app.get("/sandboxed", (c) =>
    c.body("file", 200, { "content-security-policy": "default-src 'none'; sandbox" }),
  );
  let url = "";
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes the content security policy from its directives, once", () => {
    const list = new Map(securityHeaderList(options));
    expect(list.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(list.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(
      new Map(securityHeaderList({ ...options, strictTransportSecurity: false })).has(
        "strict-transport-security",
      ),
    ).toBe(false);
  });

  it("sends every header on a response served by node-server", async () => {
    const res = await fetch(`${url}/page`);
    for (const [name, value] of securityHeaderList(options)) expect(res.headers.get(name)).toBe(value);
    expect(await res.text()).toBe("<p>hi</p>");
  });

  it("keeps a policy a response sets for itself (a downloaded file's sandbox)", async () => {
    const res = await fetch(`${url}/sandboxed`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("sends them too where there is no node response to default them on (app.request)", async () => {
    const res = await app.request("/page");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("a body limit", () => {
  const app = new Hono();
  app.use("*", withBodyOnly(bodyLimit({ maxSize: 10, onError: (c) => c.text("too large", 413) })));
  app.all("*", async (c) => c.text(c.req.method === "GET" ? "read" : `got ${(await c.req.text()).length}`));

  it("refuses a body over it", async () => {
    expect((await app.request("/", { method: "POST", body: "x".repeat(11) })).status).toBe(413);
    expect(await (await app.request("/", { method: "POST", body: "x".repeat(10) })).text()).toBe("got 10");
  });

  it("lets a GET by without asking for a body it does not have", async () => {
    expect(await (await app.request("/")).text()).toBe("read");
  });
});
