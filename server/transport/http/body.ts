// Middleware for requests that carry a body. Hono's bodyLimit asks a GET for its body stream,
// which makes node-server build a full fetch Request (a stream and an AbortController) for a
// request that has none; a GET or HEAD passes by it instead.
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { guards, type Check } from "../security/guards";

const carriesBody = (c: Context) => c.req.method !== "GET" && c.req.method !== "HEAD";

/** `middleware` (Hono's bodyLimit) for requests that may carry a body; a GET or HEAD passes by. */
export const withBodyOnly =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    carriesBody(c) ? middleware(c, next) : next();

const utf8 = new TextDecoder(); // as Request.text() decodes: UTF-8, a leading BOM dropped

/** The body's bytes from node's request, or "too large" once they pass `maxSize` (the rest is left unread). */
function readIncoming(incoming: IncomingMessage, maxSize: number): Promise<Buffer | "too large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: Buffer | "too large" | "aborted") => {
      incoming.off("data", onData).off("end", onEnd).off("error", onAbort).off("close", onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) done("too large");
      else chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size));
    const onAbort = () => done("aborted");
    const onClose = () => {
      if (!incoming.complete) done("aborted");
    };
    incoming.on("data", onData).on("end", onEnd).on("error", onAbort).on("close", onClose);
  });
}

/**
 * A request's body, at most `maxSize` bytes, read straight from node's IncomingMessage into
 * Hono's body cache, where c.req.text() and c.req.json() find it; as a guard (guards.ts), a
 * refusal or null. Reading it through the fetch Request instead (node-server's body stream, a web
 * ReadableStream over the socket, and bodyLimit's counting stream over that) cost more than a
 * small step.submit's own checks. Off node-server (app.request in a test) the body is read
 * through Hono and measured after.
 */
export const bodyWithin = (maxSize: number, onTooLarge: (c: Context) => Response): Check => {
  const read = async (c: Context) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || typeof incoming.on !== "function" || incoming.readableEnded)
      return Buffer.byteLength(await c.req.text()) > maxSize ? onTooLarge(c) : null;
    if (Number(c.req.header("content-length") ?? 0) > maxSize) return onTooLarge(c);
    const body = await readIncoming(incoming, maxSize);
    if (body === "too large") return onTooLarge(c);
    // A client gone mid-body: no one hears the answer, and no handler runs on half a body.
    if (body === "aborted") return c.body(null, 400);
    // Hono keeps each body read as a promise (its types say the value).
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(utf8.decode(body));
    return null;
  };
  // A GET, or a body already read: nothing to wait for.
  return (c) => (!carriesBody(c) || "text" in c.req.bodyCache ? null : read(c));
};

/** The same as a middleware of its own. */
export const limitedBody = (maxSize: number, onTooLarge: (c: Context) => Response): MiddlewareHandler =>
  guards(bodyWithin(maxSize, onTooLarge));
