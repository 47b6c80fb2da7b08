// server/transport/http/body.ts: a request's body read into Hono's cache, at most a given size,
// whether or not the client states its length.
import { request } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitedBody } from "@server/transport/http/body";

const LIMIT = 1024;
let server: ReturnType<typeof serve>;
let port: number;
let handled = 0;
beforeAll(async () => {
  const app = new Hono();
  app.use(
    "/echo",
    limitedBody(LIMIT, (c) => c.json({ refused: "too-large" }, 413)),
  );
  app.post("/echo", async (c) => {
    handled++;
    return c.json({ text: await c.req.text(), json: await c.req.json().catch(() => null) });
  });
  app.get("/echo", (c) => c.json({ get: true }));
  server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST whose body goes in the given pieces, chunked (no Content-Length) unless `length` is set. */
function post(pieces: Buffer[], length?: number, method = "POST"): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/echo",
        method,
        headers: {
          "content-type": "application/json",
          ...(length === undefined ? {} : { "content-length": length }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res
          .on("data", (chunk: Buffer) => chunks.push(chunk))
          .on("end", () =>
            resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
      },
    );
    req.on("error", reject);
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

describe("a request body read from node's request", () => {
  it("is the text and the JSON a handler reads, a character split across pieces and a leading BOM read as Request.text() reads them", async () => {
    const text = JSON.stringify({ name: "Zoë Ünal 🏡" });
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const at = bytes.indexOf(Buffer.from("ë")) + 1; // between the two bytes of ë
    const answer = await post([bytes.subarray(0, at), bytes.subarray(at)]);
    expect(answer).toEqual({ status: 200, body: { text, json: { name: "Zoë Ünal 🏡" } } });
  });

  it("is the same text and JSON when its length is stated", async () => {
    const text = JSON.stringify({ name: "Zoë Ünal 🏡" });
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const at = bytes.indexOf(Buffer.from("ë")) + 1;
    const answer = await post([bytes.subarray(0, at), bytes.subarray(at)], bytes.length);
    expect(answer).toEqual({ status: 200, body: { text, json: { name: "Zoë Ünal 🏡" } } });
  });

  it("never reaches the handler when the client goes mid-body", async () => {
    const before = handled;
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The server still answers, and no handler ran on half a body.
    expect(await post([Buffer.from('"whole"')], 7)).toEqual({
      status: 200,
      body: { text: '"whole"', json: "whole" },
    });
    expect(handled).toBe(before + 1);
  });

  it("is refused over the limit, chunked with no length stated, before the handler runs", async () => {
    const answer = await post([Buffer.alloc(600, 0x20), Buffer.alloc(600, 0x20)]);
    expect(answer).toEqual({ status: 413, body: { refused: "too-large" } });
  });

  it("is refused at once when its stated length is over the limit", async () => {
    const answer = await post([Buffer.alloc(LIMIT + 1, 0x20)], LIMIT + 1);
    expect(answer).toEqual({ status: 413, body: { refused: "too-large" } });
  });

  it("of exactly the limit is read whole", async () => {
    const text = `"${"a".repeat(LIMIT - 2)}"`;
    expect(await post([Buffer.from(text)])).toEqual({
      status: 200,
      body: { text, json: "a".repeat(LIMIT - 2) },
    });
  });

  it("is not asked of a GET", async () => {
    expect(await post([], undefined, "GET")).toEqual({ status: 200, body: { get: true } });
  });
});
