// The tRPC endpoint: @hono/trpc-server's middleware (tRPC's fetch adapter inside a Hono route),
// with its own options. The guards before it (app.ts) have read the body into Hono's cache, where
// the middleware's request reads it. Two things are added to its answer, neither a change to it:
// - Its length. tRPC answers with a string of unknown length, and Hono's compress gzips whatever
//   has no length, so every small answer paid for a compressor (several times the call's CPU:
//   docs/performance.md) to save nothing. Stated, compress's 1 KB threshold applies.
// - Its type. The adapter gives an answer refused before any call (a body that is not JSON, a
//   broken batch) no type of its own, so it went out as text/plain, a string Response's default
//   (undici puts that in the headers; node-server's own Response, which serve() installs, adds it
//   only as it writes): it is JSON in tRPC's error shape.
// A streamed answer (batch streaming, subscriptions; we have none) goes as the adapter made it.
import type { MiddlewareHandler } from "hono";
import { trpcServer } from "@hono/trpc-server";

export type TrpcEndpointOptions = Parameters<typeof trpcServer>[0];

export function trpcEndpoint(options: TrpcEndpointOptions): MiddlewareHandler {
  const handler = trpcServer(options);
  return async (c, next) => {
    const res = (await handler(c, next)) as Response;
    const headers = res.headers;
    const type = headers.get("content-type");
    if (!res.body || headers.has("transfer-encoding") || type?.startsWith("text/event-stream")) return res;
    if (!type || type.startsWith("text/plain")) headers.set("content-type", "application/json");
    // Its bytes, as tRPC encoded them: read as text, they were decoded, measured, and encoded
    // again as node-server wrote them.
    const bytes = new Uint8Array(await res.arrayBuffer());
    headers.set("content-length", String(bytes.byteLength));
    return new Response(bytes, { status: res.status, headers });
  };
}
