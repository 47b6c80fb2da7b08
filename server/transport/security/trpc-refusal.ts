// A refusal on /api/trpc, made before tRPC runs (a guard, a size or shape limit), in tRPC's own
// error shape: {error: {message, code: <JSON-RPC number>, data: {code, httpStatus, reason}}}. So
// @trpc/client reads it as a TRPCClientError (for every call of a batch) instead of failing with
// "Unable to transform response", and a client can act on `data.reason` (bot-check-replayed:
// solve a new token and send again).
import type { Context } from "hono";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";

const KEYS = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  413: "PAYLOAD_TOO_LARGE",
  503: "SERVICE_UNAVAILABLE",
} as const;

export function trpcRefusal(
  c: Context,
  status: keyof typeof KEYS,
  reason: string,
  message: string,
): Response {
  const key = KEYS[status];
  return c.json(
    {
      error: { message, code: TRPC_ERROR_CODES_BY_KEY[key], data: { code: key, httpStatus: status, reason } },
    },
    status,
  );
}
