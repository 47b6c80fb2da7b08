// A request's headers, read from node's own parsed object when the app runs on node-server. Asking
// Hono (c.req.header) makes node-server copy every header of the request into a fetch Headers
// first, which on a small API call cost more than the guard that asked.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** node-server's request, or undefined off it (app.request in a test). */
export const incomingOf = (c: Context): IncomingMessage | undefined => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === "function" ? incoming : undefined;
};

/** One request header by its lower-case name; repeated ones joined as fetch's Headers joins them. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
