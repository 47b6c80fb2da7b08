// The Hono app: security headers, the tRPC API, the two sign-in endpoint sets, the bot-check
// challenge, the definitions overview for ops, and the built web app with an SPA fallback.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono, type Context as HonoContext } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AnyRouter } from "@trpc/server";
import { createAuthRoutes } from "./features/auth/routes";
import { fetchCookies, honoCookies } from "./features/auth/cookies";
import { createBotCheckRoutes } from "./platform/botcheck/routes";
import type { BotCheckVerifier } from "./platform/botcheck/types";
import { definitionsPage } from "./features/definitions/page";
import { createDevRoutes } from "./features/dev/routes";
import {
  botToken,
  crossSiteRefusal,
  guarded,
  sameOriginHeader,
  trpcRefusal,
} from "./transport/security/guards";
import { securityHeaderList, securityHeaders, withSecurityHeaders } from "./transport/security/headers";
import { procedureKinds, trpcRequestShape } from "./transport/security/request-shape";
import type { Services } from "./services";
import type { Context } from "./transport/trpc/init";
import { appRouter } from "./transport/trpc/router";
import { trpcHandler } from "./transport/trpc/http";
import { createUploadRoutes } from "./features/uploads/routes";
import { createEsignRoutes } from "./features/esign/routes";
import { createNoticeRoutes } from "./features/notices/routes";
import { createAnalyticsRoutes } from "./features/analytics/routes";
import { compressLarge } from "./transport/http/compression";
import { bodyWithin, withBodyOnly } from "./transport/http/body";
import { createValidatorRoutes } from "./transport/http/validators";
import { pageShellFor, visitorTargetFor } from "./transport/http/page-shell";
import { stepIdForRoute } from "@engine/ship/page-files";

/** `router` is the API's own; the bench mounts a trivial one to measure this stack's ceiling. */
export function createApp(services: Services, botCheck: BotCheckVerifier, router: AnyRouter = appRouter) {
  const { config } = services;
  const app = new Hono();

  if (!config.quiet)
    app.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      // The path only: query strings may carry procedure input.
      console.log(
        `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
      );
    });
  // Pages never compile code: the funnel runs validators the server compiled (/api/validators) and
  // interprets JSON-logic. Only development's live preview (/dev/...) compiles the files being edited.
  const recaptcha = config.recaptchaSecret
    ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]
    : [];
  const policy = (scriptSrc: string[]) => ({
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptSrc, ...recaptcha],
    styleSrc: ["'self'", "'unsafe-inline'"], // Fluent UI injects its atomic CSS at run time
    imgSrc: ["'self'", "data:", "blob:"], // the document checklist previews photos from object URLs
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    frameSrc: config.recaptchaSecret ? ["https://www.google.com/recaptcha/"] : ["'none'"],
    workerSrc: ["'self'", "blob:"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  });
  const strictTransportSecurity: string | false = config.secureCookies
    ? "max-age=63072000; includeSubDomains"
    : false;
  const security = { contentSecurityPolicy: policy([]), strictTransportSecurity };
  const securityList = securityHeaderList(security);
  const securityHeaderRecord = Object.fromEntries(securityList);

  // The API first, as one layer, so no other middleware runs for its calls: the body's size, the
  // guards in tRPC's error shape (the request's shape, batch size, one write, depth, before its
  // bot-check token is spent), then tRPC. Its answers carry the security headers in their own
  // head (a dozen setHeader calls cost a trivial call a seventh of its time), its refusals after.
  const api = trpcHandler({
    router,
    endpoint: "/api/trpc",
    headers: securityHeaderRecord,
    createContext: async ({ req, resHeaders }, c): Promise<Context & Record<string, unknown>> => {
      const cookies = fetchCookies(req, resHeaders);
      let ip = "unknown";
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {}
      // scheme://host[:port] of node-server's absolute URL, without parsing it again.
      const origin = req.url.slice(0, req.url.indexOf("/", req.url.indexOf("//") + 2));
      return {
        services,
        cookies,
        resHeaders,
        ip,
        origin,
        userAgent: req.headers.get("user-agent"),
        applicant: await services.auth.applicant.current(cookies),
        portal: await services.auth.portal.current(cookies),
      };
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        console.error(`tRPC ${path ?? "?"} failed: ${error.cause?.name ?? error.name}`);
    },
  });
  // The largest real input (a whole two-borrower application) is 13 KB; every byte over is parse time.
  const admit = [
    bodyWithin(256 * 1024, (c) => trpcRefusal(c, 413, "too-large", "The request is too large.")),
    sameOriginHeader(trpcRefusal),
    crossSiteRefusal(trpcRefusal),
    trpcRequestShape(procedureKinds(router), trpcRefusal),
    botToken(botCheck, trpcRefusal),
  ];
  app.use(
    "/api/trpc/*",
    guarded(admit, api, (refusal) => withSecurityHeaders(refusal, securityList)),
  );

  app.use("*", securityHeaders(security));
  // An error no handler caught is answered without its details, which may quote personal data,
  // and logged by its kind only (Hono's default prints the whole error).
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error(`${c.req.method} ${c.req.path} failed: ${error.name}`);
    // The headers given as it is made: node-server's light Response drops headers set on it after.
    return c.json(
      {
        error: {
          code: "INTERNAL_SERVER_ERROR",
          message: "Something went wrong on our side. Please try again.",
        },
      },
      500,
      securityHeaderRecord,
    );
  });
  const previewPolicy = config.dev
    ? securityHeaderList({ contentSecurityPolicy: policy(["'unsafe-eval'"]), strictTransportSecurity })[0]![1]
    : null;

  // The definitions bundle is ~110 KB of JSON; gzip takes it to a tenth. (The tRPC endpoint, above,
  // gzips its own large answers: its small ones never have their headers read.)
  app.use("*", compressLarge());

  // No form or procedure input comes near these sizes; a larger body is refused before it is read.
  const tooLarge = (c: HonoContext) =>
    c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large." } }, 413);
  // Hono's bodyLimit, which reads forms as they are; a GET (the session check) never asks for a body.
  app.use("/api/authApplicant/*", withBodyOnly(bodyLimit({ maxSize: 64 * 1024, onError: tooLarge })));
  app.use("/api/authPortal/*", withBodyOnly(bodyLimit({ maxSize: 64 * 1024, onError: tooLarge })));

  app.route("/api/botcheck", createBotCheckRoutes(botCheck));
  app.route("/api/authApplicant", createAuthRoutes(services, "applicant", botCheck));
  app.route("/api/authPortal", createAuthRoutes(services, "portal", botCheck));
  app.route("/api/upload", createUploadRoutes(services, botCheck));
  app.route("/api/esign", createEsignRoutes(services));
  app.route("/api/notices", createNoticeRoutes(services));
  app.route("/api/analytics", createAnalyticsRoutes(services));
  app.route("/api/validators", createValidatorRoutes(services));
  if (config.dev) app.route("/api/dev", createDevRoutes(services)); // live preview and funnel map; absent in production

  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: `No API at ${c.req.path}` } }, 404));

  // For product ops: every flow, step and rule, as the server has loaded them.
  app.get("/definitions", (c) => c.html(definitionsPage(services.defs)));
  app.get("/definitions.json", (c) => {
    const { defs } = services;
    return c.json({
      flows: [...defs.flows.values()].map(({ def }) => def),
      steps: [...defs.steps.values()].map(({ def }) => ({
        id: def.id,
        route: def.route,
        label: def.label,
        rank: def.rank,
      })),
      ruleSets: [...defs.ruleSets.values()].map(({ def }) => ({
        id: def.id,
        title: def.title,
        rules: (def.rules ?? []).map((r) => ({ id: r.id, description: r.description })),
      })),
    });
  });

  const webDir = config.webDir;
  if (webDir && existsSync(join(webDir, "index.html"))) {
    // Read per request outside production, so a rebuild shows without a restart.
    const cached = config.secureCookies ? readFileSync(join(webDir, "index.html"), "utf8") : null;
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable"); // names carry a content hash
    });
    app.use("*", serveStatic({ root: webDir, precompressed: true })); // the build writes .br and .gz beside each file
    app.get("/assets/*", (c) => c.text("Not found", 404)); // a missing asset is not the app page
    app.get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      if (previewPolicy && (c.req.path === "/dev" || c.req.path.startsWith("/dev/")))
        c.header("Content-Security-Policy", previewPolicy);
      const { defs } = services;
      const stepId = stepIdForRoute(defs, c.req.path);
      const step = stepId ? defs.steps.get(stepId)!.def : null;
      // A visitor (no applicant session at all) on a funnel step not open to them goes where the
      // page would send them once loaded, before anything loads: the session guard's page, the
      // redirect guard's, or the step open to them (step.get's refusal).
      if (step && !services.auth.applicant.jar.get(honoCookies(c), "session")) {
        const to = visitorTargetFor(defs, step);
        if (to && to !== c.req.path) return c.redirect(`${to}${new URL(c.req.url).search}`, 302);
      }
      return c.html(
        pageShellFor(cached ?? readFileSync(join(webDir, "index.html"), "utf8"), c.req.path, step),
      );
    });
  } else {
    app.get("/", (c) => c.redirect("/definitions"));
  }
  return app;
}
