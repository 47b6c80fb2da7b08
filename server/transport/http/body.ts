// Middleware for requests that carry a body. Hono's bodyLimit asks a GET for its body stream,
// which makes node-server build a full fetch Request (a stream and an AbortController) for a
// request that has none; a GET or HEAD passes by it instead.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { guards, type Check } from "../security/guards";
import { requestHeader } from "./incoming";

const carriesBody = (c: Context) => c.req.method !== "GET" && c.req.method !== "HEAD";

/** `middleware` (Hono's bodyLimit) for requests that may carry a body; a GET or HEAD passes by. */
export const withBodyOnly =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    carriesBody(c) ? middleware(c, next) : next();

/**
 * A request's body, at most `maxSize` bytes, read into Hono's body cache, where c.req.text() and
 * c.req.json() (and @hono/trpc-server) find it; as a guard (guards.ts), a refusal or null.
 * - A stated length over `maxSize` is refused before a byte is read. Within it, c.req.text() reads
 *   the body: node-server 2 reads it straight from node's request into one buffer (no fetch
 *   Request, no web stream), and node's parser reads no more than the length stated.
 * - No stated length (chunked): Hono's bodyLimit counts the bytes as they come and refuses once
 *   they pass `maxSize`, the rest unread. It reads through the fetch Request's stream, which costs
 *   more; browsers and tRPC's client state the length of every body they send.
 * A client gone mid-body gets 400 (no one hears it): no handler runs on half a body.
 */
export const bodyWithin = (maxSize: number, onTooLarge: (c: Context) => Response): Check => {
  const counted = bodyLimit({ maxSize, onError: onTooLarge });
  const read = async (c: Context): Promise<Response | null> => {
    const length = requestHeader(c, "content-length");
    try {
      if (length !== undefined && requestHeader(c, "transfer-encoding") === undefined) {
        if (Number(length) > maxSize) return onTooLarge(c);
        await c.req.text();
        return null;
      }
      const refused = await counted(c, async () => {
        await c.req.text();
      });
      return refused instanceof Response ? refused : null;
    } catch {
      return c.body(null, 400);
    }
  };
  // A GET, or a body already read: nothing to wait for.
  return (c) => (!carriesBody(c) || "text" in c.req.bodyCache ? null : read(c));
};

/** The same as a middleware of its own. */
export const limitedBody = (maxSize: number, onTooLarge: (c: Context) => Response): MiddlewareHandler =>
  guards(bodyWithin(maxSize, onTooLarge));
