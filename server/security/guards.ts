// Request guards for the API (spec §7, DESIGN.md "Security stance"): our header on every call,
// no state change from another site, and a bot-check token on every POST/PUT/PATCH.
import type { MiddlewareHandler } from "hono";
import type { BotCheckVerifier } from "../botcheck/types";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const NEEDS_BOT_TOKEN = new Set(["POST", "PUT", "PATCH"]);

const refuse = (message: string, reason: string) => ({ error: { code: "FORBIDDEN", reason, message } });

/** A cross-origin page cannot add a custom header without a CORS preflight, which we never grant. */
export const requireSameOriginHeader: MiddlewareHandler = async (c, next) => {
  if (c.req.header("x-same-origin") !== "1") return c.json(refuse("Requests to this API must carry the header X-Same-Origin: 1", "missing-same-origin"), 403);
  await next();
};

/** Browsers say where a request comes from; a state change from another site is refused outright. */
export const refuseCrossSite: MiddlewareHandler = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method) && c.req.header("sec-fetch-site") === "cross-site")
    return c.json(refuse("Cross-site requests cannot change anything here", "cross-site"), 403);
  await next();
};

export function requireBotToken(verifier: BotCheckVerifier, action = "api_update"): MiddlewareHandler {
  return async (c, next) => {
    if (!NEEDS_BOT_TOKEN.has(c.req.method)) return next();
    const result = await verifier.verify(c.req.header("x-recaptcha-token"), action);
    if (!result.ok) {
      const message = result.reason === "missing" ? "This request needs a bot-check token in X-Recaptcha-Token" : `The bot-check token was refused (${result.reason}); please try again`;
      return c.json(refuse(message, `bot-check-${result.reason}`), result.reason === "unavailable" ? 503 : 403);
    }
    await next();
  };
}
