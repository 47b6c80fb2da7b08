// Middleware for requests that carry a body. Hono's bodyLimit asks a GET for its body stream,
// which makes node-server build a full fetch Request (a stream and an AbortController) for a
// request that has none; a GET or HEAD passes by it instead.
import type { MiddlewareHandler } from "hono";

export const withBodyOnly =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : middleware(c, next);
