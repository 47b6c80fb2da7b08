// The HTTP stack's middleware as the app configures it: Hono's compress (gzip where it pays), the
// security headers (Hono's secureHeaders with our policy) on every response, and bodyLimit kept
// off requests without a body. Served by node-server where its light Response matters.
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withBodyOnly } from "@server/transport/http/body";
import { securityHeaders } from "@server/transport/security/headers";

const big = JSON.stringify({ words: Array.from({ length: 400 }, (_, i) => `word${i}`) });

function compressingApp() {
  const app = new Hono();
  app.use("*", compress());
  app.get("/small", (c) =>
    c.body('{"ok":true}', 200, { "content-type": "application/json", "content-length": "11" }),
  );
  app.get("/big", (c) =>
    c.body(big, 200, { "content-type": "application/json", "content-length": String(big.length) }),
  );
  app.get("/big-json", (c) => c.json(JSON.parse(big)));
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

/** An app served by node-server on loopback for the tests of a block. */
function served(app: Hono) {
  let server: ReturnType<typeof serve>;
  const at = { url: "" };
  beforeAll(async () => {
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    at.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return at;
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

  it("leaves types that do not compress, and answers marked no-transform, as they are", async () => {
    expect((await get("/big-image")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big-no-transform")).headers.get("content-encoding")).toBeNull();
  });

  it("gzips only for a client that accepts gzip", async () => {
    expect((await get("/big", "br")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big", "gzip;q=0, br")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big", "identity, *;q=0")).headers.get("content-encoding")).toBeNull();
    expect((await get("/big", "*")).headers.get("content-encoding")).toBe("gzip");
    expect((await get("/big", "GZIP;q=0.5")).headers.get("content-encoding")).toBe("gzip");
  });

  describe("served by node-server", () => {
    const at = served(compressingApp());
    it("gzips a large JSON answer made by c.json, with its Vary", async () => {
      const res = await fetch(`${at.url}/big-json`, { headers: { "accept-encoding": "gzip" } });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(await res.text()).toBe(big); // fetch gunzips
    });
  });
});

/** The headers every response carries, as the app sent them before they were Hono's middleware. */
const EXPECTED: [string, string][] = [
  ["content-security-policy", "default-src 'self'; frame-ancestors 'none'"],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["origin-agent-cluster", "?1"],
  ["referrer-policy", "no-referrer"],
  ["strict-transport-security", "max-age=63072000; includeSubDomains"],
  ["x-content-type-options", "nosniff"],
  ["x-dns-prefetch-control", "off"],
  ["x-download-options", "noopen"],
  ["x-frame-options", "SAMEORIGIN"],
  ["x-permitted-cross-domain-policies", "none"],
  ["x-xss-protection", "0"],
];

describe("security headers", () => {
  const options = {
    contentSecurityPolicy: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
    strictTransportSecurity: "max-age=63072000; includeSubDomains" as const,
  };
  const appWith = (
    opts:
      typeof options | (Omit<typeof options, "strictTransportSecurity"> & { strictTransportSecurity: false }),
  ) => {
    const app = new Hono();
    app.use("*", securityHeaders(opts));
    app.get("/page", (c) => c.html("<p>hi</p>"));
    app.get("/text", (c) => c.text("hi"));
    app.get("/sandboxed", (c) =>
      c.body("file", 200, { "content-security-policy": "default-src 'none'; sandbox" }),
    );
    app.get("/broken", () => {
      throw new Error("broken");
    });
    app.onError((_error, c) => c.json({ error: "broken" }, 500));
    return app;
  };
  const at = served(appWith(options));

  it("writes the content security policy from its directives, and HSTS only when asked", async () => {
    const res = await appWith(options).request("/page");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const plain = await appWith({ ...options, strictTransportSecurity: false }).request("/page");
    expect(plain.headers.has("strict-transport-security")).toBe(false);
  });

  it("sends every header on a response served by node-server", async () => {
    for (const path of ["/page", "/text", "/broken"]) {
      const res = await fetch(`${at.url}${path}`);
      for (const [name, value] of EXPECTED) expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
    }
    expect(await (await fetch(`${at.url}/page`)).text()).toBe("<p>hi</p>");
  });

  it("keeps a policy a response sets for itself (a downloaded file's sandbox)", async () => {
    const res = await fetch(`${at.url}/sandboxed`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("sends them too where there is no node response (app.request)", async () => {
    const res = await appWith(options).request("/page");
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
