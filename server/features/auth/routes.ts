// The sign-in endpoints of spec §7 under /api/authApplicant and /api/authPortal, with the wire
// behaviour a stock NextAuth (next-auth/react v4) client expects: JSON for GETs, form-encoded
// POSTs answered with {url} (./nextauth/answers.ts). One file per concern in ./nextauth/.
import { Hono } from "hono";
import type { Services } from "@server/services";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { refuseCrossSite } from "@server/transport/security/guards";
import { authBaseOf } from "./nextauth/base";
import { botChecked } from "./nextauth/bot-check";
import { clientLog, errorRedirect, providers } from "./nextauth/client";
import { getCsrf, getSession, signOut } from "./nextauth/session";
import { linkState, setPassword } from "./nextauth/set-password";
import { signIn } from "./nextauth/sign-in";
import type { SessionKind } from "./sessions";

export function createAuthRoutes(services: Services, kind: SessionKind, botCheck: BotCheckVerifier) {
  const base = authBaseOf(services, kind);
  const app = new Hono();
  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  // A standard NextAuth client sends no header of ours: the CSRF token (a double-submit cookie the
  // sign-in, sign-out and set-password POSTs check) and Sec-Fetch-Site guard these POSTs instead.
  app.post("*", refuseCrossSite);

  app.get("/session", (c) => getSession(base, c));
  app.get("/csrf", (c) => getCsrf(base, c));
  app.get("/error", (c) => errorRedirect(base, c));
  app.get("/providers", (c) => providers(base, c));
  app.post("/signin/:provider", botChecked(base, botCheck), (c) => signIn(base, c));
  app.post("/callback/:provider", botChecked(base, botCheck), (c) => signIn(base, c));
  if (base.twoFactor) {
    app.get("/set-password", (c) => linkState(base, c));
    app.post("/set-password", (c) => setPassword(base, c));
  }
  app.post("/signout", (c) => signOut(base, c));
  app.post("/_log", (c) => clientLog(base, c));
  return app;
}
