// The address a request came from, as the socket gives it: what rate limits and the audit count by.
// "unknown" when there is no socket (a request built in a test).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export const ipOf = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
};
