// GET /config?action=api_update: what the browser needs to produce a bot-check token for that
// action. Mounted at /api/botcheck. Never cached: an altcha challenge works once.
import { Hono } from "hono";
import type { BotCheckVerifier } from "./types";

const ACTION = /^[A-Za-z_]{1,64}$/;

export function createBotCheckRoutes(verifier: BotCheckVerifier) {
  const app = new Hono();
  app.get("/config", async (c) => {
    c.header("Cache-Control", "no-store");
    const action = c.req.query("action");
    if (!action || !ACTION.test(action)) {
      return c.json(
        {
          error: "invalid_action",
          field: "action",
          message: "action must be 1 to 64 letters or underscores",
        },
        400,
      );
    }
    return c.json(await verifier.clientConfig(action));
  });
  return app;
}
