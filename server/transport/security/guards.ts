// Request guards for the API (spec §7, DESIGN.md "Security stance"): our header on every call,
// no state change from another site, and a bot-check token on every POST/PUT/PATCH. Each refusal
// carries a `reason` a client can act on (a spent bot-check token: solve a new one and retry);
// on /api/trpc it is in tRPC's own error shape (trpc-refusal.ts), elsewhere {error: {code, reason, message}}.
// Each guard is a check (a refusal, or null to let the request on); `guards(...)` runs several as
// one middleware, so the API's every call passes one layer instead of one per guard.
import type { Context, MiddlewareHandler } from "hono";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { requestHeader } from "../http/incoming";
import { trpcRefusal } from "./trpc-refusal";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const NEEDS_BOT_TOKEN = new Set(["POST", "PUT", "PATCH"]);

export type RefusalStatus = 400 | 403 | 413 | 503;
const CODES: Record<RefusalStatus, string> = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  413: "PAYLOAD_TOO_LARGE",
  503: "SERVICE_UNAVAILABLE",
};

/** How a guard answers a refusal on a family of routes. */
export type Refuse = (c: Context, status: RefusalStatus, reason: string, message: string) => Response;

/** A guard: the refusal, or null when the request may go on. */
export type Check = (c: Context) => Response | null | Promise<Response | null>;

/** The shape of the routes outside tRPC (sign-in, upload). */
export const plainRefusal: Refuse = (c, status, reason, message) =>
  c.json({ error: { code: CODES[status], reason, message } }, status);
export { trpcRefusal };

/**
 * The first refusal of the checks from the `from`th, run in order, or null. Synchronous until a
 * check answers with a promise (most answer at once: a GET has no body to read, no token to spend).
 */
function firstRefusal(
  c: Context,
  checks: readonly Check[],
  from = 0,
): Response | null | Promise<Response | null> {
  for (let i = from; i < checks.length; i++) {
    const outcome = checks[i]!(c);
    if (outcome instanceof Promise)
      return outcome.then((refusal) => refusal ?? firstRefusal(c, checks, i + 1));
    if (outcome) return outcome;
  }
  return null;
}

/** Runs the checks in order as one middleware; the first refusal answers. */
export const guards =
  (...checks: Check[]): MiddlewareHandler =>
  async (c, next) => {
    const outcome = firstRefusal(c, checks);
    return (outcome instanceof Promise ? await outcome : outcome) ?? next();
  };

/** A cross-origin page cannot add a custom header without a CORS preflight, which we never grant. */
export const sameOriginHeader =
  (refuse: Refuse): Check =>
  (c) =>
    requestHeader(c, "x-same-origin") === "1"
      ? null
      : refuse(c, 403, "missing-same-origin", "Requests to this API must carry the header X-Same-Origin: 1");

/** Browsers say where a request comes from; a state change from another site is refused outright. */
export const crossSiteRefusal =
  (refuse: Refuse): Check =>
  (c) =>
    STATE_CHANGING.has(c.req.method) && requestHeader(c, "sec-fetch-site") === "cross-site"
      ? refuse(c, 403, "cross-site", "Cross-site requests cannot change anything here")
      : null;

export const botToken = (verifier: BotCheckVerifier, refuse: Refuse, action = "api_update"): Check => {
  const verified = async (c: Context) => {
    const result = await verifier.verify(requestHeader(c, "x-recaptcha-token"), action);
    if (result.ok) return null;
    const message =
      result.reason === "missing"
        ? "This request needs a bot-check token in X-Recaptcha-Token"
        : `The bot-check token was refused (${result.reason}); please try again`;
    return refuse(c, result.reason === "unavailable" ? 503 : 403, `bot-check-${result.reason}`, message);
  };
  return (c) => (NEEDS_BOT_TOKEN.has(c.req.method) ? verified(c) : null);
};

// The routes outside tRPC (sign-in, upload) answer in their own shape.
export const requireSameOriginHeader = guards(sameOriginHeader(plainRefusal));
export const refuseCrossSite = guards(crossSiteRefusal(plainRefusal));
export const requireBotToken = (verifier: BotCheckVerifier, action = "api_update") =>
  guards(botToken(verifier, plainRefusal, action));
