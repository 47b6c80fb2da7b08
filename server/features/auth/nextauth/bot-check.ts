// The bot check, refused as NextAuth refuses: {url: …/error?error=BotCheck}, so a stock client
// reads the error instead of failing on an answer without a URL. `reason` lets our own client
// solve a new token and send again (a spent one).
import type { Context } from "hono";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { refused } from "./answers";
import type { AuthBase } from "./base";

export const botChecked =
  (base: AuthBase, botCheck: BotCheckVerifier) => async (c: Context, next: () => Promise<void>) => {
    const result = await botCheck.verify(c.req.header("x-recaptcha-token"), "api_update");
    if (result.ok) return next();
    return refused(base, c, "BotCheck", result.reason === "unavailable" ? 503 : 403, {
      reason: `bot-check-${result.reason}`,
    });
  };
