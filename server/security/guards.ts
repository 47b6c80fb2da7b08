// Request guards for the API (spec §7, DESIGN.md "Security stance"): our header on every call,
// no state change from another site, and a bot-check token on every POST/PUT/PATCH. Each refusal
// carries a `reason` a client can act on (a spent bot-check token: solve a new one and retry);
// on /api/trpc it is in tRPC's own error shape (trpc-refusal.ts), elsewhere {error: {code, reason, message}}.
import type { Context, MiddlewareHandler } from "hono";
import type { BotCheckVerifier } from "../botcheck/types";
import { trpcRefusal } from "./trpc-refusal";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const NEEDS_BOT_TOKEN = new Set(["POST", "PUT", "PATCH"]);

export type RefusalStatus = 400 | 403 | 413 | 503;
const CODES: Record<RefusalStatus, string> = { 400: "BAD_REQUEST", 403: "FORBIDDEN", 413: "PAYLOAD_TOO_LARGE", 503: "SERVICE_UNAVAILABLE" };

/** How a guard answers a refusal on a family of routes. */
export type Refuse = (c: Context, status: RefusalStatus, reason: string, message: string) => Response;

/** The shape of the routes outside tRPC (sign-in, upload). */
export const plainRefusal: Refuse = (c, status, reason, message) => c.json({ error: { code: CODES[status], reason, message } }, status);
export { trpcRefusal };

/** A cross-origin page cannot add a custom header without a CORS preflight, which we never grant. */
export const sameOriginHeader =
  (refuse: Refuse): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.header("x-same-origin") !== "1") return refuse(c, 403, "missing-same-origin", "Requests to this API must carry the header X-Same-Origin: 1");
    await next();
  };

/** Browsers say where a request comes from; a state change from another site is refused outright. */
export const crossSiteRefusal =
  (refuse: Refuse): MiddlewareHandler =>
  async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && c.req.header("sec-fetch-site") === "cross-site") return refuse(c, 403, "cross-site", "Cross-site requests cannot change anything here");
    await next();
  };

export function botToken(verifier: BotCheckVerifier, refuse: Refuse, action = "api_update"): MiddlewareHandler {
  return async (c, next) => {
    if (!NEEDS_BOT_TOKEN.has(c.req.method)) return next();
    const result = await verifier.verify(c.req.header("x-recaptcha-token"), action);
    if (!result.ok) {
      const message = result.reason === "missing" ? "This request needs a bot-check token in X-Recaptcha-Token" : `The bot-check token was refused (${result.reason}); please try again`;
      return refuse(c, result.reason === "unavailable" ? 503 : 403, `bot-check-${result.reason}`, message);
    }
    await next();
  };
}

// The routes outside tRPC (sign-in, upload) answer in their own shape.
export const requireSameOriginHeader = sameOriginHeader(plainRefusal);
export const refuseCrossSite = crossSiteRefusal(plainRefusal);
export const requireBotToken = (verifier: BotCheckVerifier, action = "api_update") => botToken(verifier, plainRefusal, action);
