// The Hono app: security headers, the tRPC API, the two sign-in endpoint sets, the bot-check
// challenge, the definitions overview for ops, and the built web app with an SPA fallback.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono, type Context as HonoContext } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { serveStatic } from "@hono/node-server/serve-static";
import { ipOf } from "./transport/http/client-ip";
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
  guards,
  sameOriginHeader,
  trpcRefusal,
} from "./transport/security/guards";
import { securityHeaders } from "./transport/security/headers";
import { aloneProcedures, procedureKinds, trpcRequestShape } from "./transport/security/request-shape";
import type { Services } from "./services";
import { applicationStore } from "./persistence/store/applications";
import type { Context } from "./transport/trpc/init";
import { appRouter } from "./transport/trpc/router";
import { trpcEndpoint } from "./transport/trpc/endpoint";
import { createUploadRoutes } from "./features/uploads/routes";
import { createEsignRoutes } from "./features/esign/routes";
import { createSignedPackageRoutes } from "./features/loan/signed-package-routes";
import { createExportRoutes } from "./features/exports/routes";
import { createValuationRoutes } from "./features/loan/valuation-routes";
import { createLosRoutes } from "./features/los/routes";
import { createNoticeRoutes } from "./features/notices/routes";
import { createAnalyticsRoutes } from "./features/analytics/routes";
import { bodyWithin, withBodyOnly } from "./transport/http/body";
import { createValidatorRoutes } from "./transport/http/validators";
import { pageShellFor, visitorTargetFor, withFrame, withReturnPath } from "./transport/http/page-shell";
import { todayIso } from "@engine/base/dates";
import { SOURCE_LOCALE } from "@engine/locale/locales";
import { requestLocale } from "./features/locale/locale";
import { createLanguageRoute } from "./features/locale/choose-route";
import { readerArms, runningNow } from "./features/experiments/arms";
import { wordedSet } from "./features/experiments/worded";
import { stepIdForRoute } from "@engine/ship/page-files";
import { noteUser, requestLog } from "./transport/http/request-log";
import { createOpsRoutes } from "./transport/http/ops";

type App = Hono;

/** `router` is the API's own; the bench mounts a trivial one to measure this stack's ceiling. */
export function createApp(services: Services, botCheck: BotCheckVerifier, router: AnyRouter = appRouter) {
  const app = new Hono();
  // A request id and one log line per request (no input, no personal data), timed for /metrics.
  app.use(
    "*",
    ...requestLog({
      log: services.log,
      metrics: services.metrics,
      procedures: new Set(procedureKinds(router).keys()),
    }),
  );
  useSecurityHeaders(app, services.config);
  app.onError(answerUncaught(services));
  // Gzip from a kilobyte up (the definitions bundle is ~110 KB of JSON; gzip takes it to a tenth).
  app.use("*", compress());
  mountTrpc(app, services, botCheck, router);
  mountRoutes(app, services, botCheck);
  mountDefinitions(app, services);
  mountWebApp(app, services);
  return app;
}

/**
 * Pages never compile code: the funnel runs validators the server compiled (/api/validators) and
 * interprets JSON-logic. Only development's live preview (/dev/...) compiles the files being edited.
 */
function useSecurityHeaders(app: App, config: Services["config"]) {
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
  app.use("*", securityHeaders(security));
  // Development's live preview compiles the definitions being edited (its policy, set first, is kept).
  if (config.dev)
    for (const path of ["/dev", "/dev/*"])
      app.use(path, securityHeaders({ ...security, contentSecurityPolicy: policy(["'unsafe-eval'"]) }));
}

/**
 * An error no handler caught is answered without its details, which may quote personal data,
 * and logged by its kind only (Hono's default prints the whole error).
 */
const answerUncaught = (services: Services) => (error: Error, c: HonoContext) => {
  if (error instanceof HTTPException) return error.getResponse();
  services.log.error(
    { reqId: c.get("requestId"), err: error.name },
    `${c.req.method} ${routePath(c, c.req.routeIndex)} failed: ${error.name}`,
  );
  return c.json(
    {
      error: {
        code: "INTERNAL_SERVER_ERROR",
        message: "Something went wrong on our side. Please try again.",
      },
    },
    500,
  );
};

/**
 * The API: the guards in tRPC's error shape, as one middleware, cheapest first: our header and
 * the request's site (a look at two headers: another site's request is refused before its body is
 * read), the body's size, the request's shape (batch size, one write, depth), then its bot-check
 * token, spent last; then tRPC. The largest real input (a whole two-borrower application) is
 * 13 KB; every byte over is parse time.
 */
function mountTrpc(app: App, services: Services, botCheck: BotCheckVerifier, router: AnyRouter) {
  app.use(
    "/api/trpc/*",
    guards(
      sameOriginHeader(trpcRefusal),
      crossSiteRefusal(trpcRefusal),
      bodyWithin(256 * 1024, (c) => trpcRefusal(c, 413, "too-large", "The request is too large.")),
      trpcRequestShape(procedureKinds(router), trpcRefusal, "/api/trpc", aloneProcedures(router)),
      botToken(botCheck, trpcRefusal),
    ),
    trpcEndpoint({
      router,
      endpoint: "/api/trpc",
      createContext: ({ req, resHeaders }, c) => trpcContext(services, req, resHeaders, c),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") {
          const err = error.cause?.name ?? error.name;
          services.log.error({ procedure: path ?? "?", err }, `tRPC ${path ?? "?"} failed: ${err}`);
        }
      },
    }),
  );
}

/** A tRPC call's context: the services, its cookies, who is signed in (each kind), where it came from. */
async function trpcContext(
  services: Services,
  req: Request,
  resHeaders: Headers,
  c: HonoContext,
): Promise<Context & Record<string, unknown>> {
  const cookies = fetchCookies(req, resHeaders);
  const ip = ipOf(c);
  const url = new URL(req.url);
  // A step.get reads the applicant's session and then their application: read together, in one
  // statement (one round trip on PostgreSQL), the application opened only once the session passed.
  const withOwned = callsStepGet(url.pathname)
    ? await services.auth.applicant.currentWith(cookies, (id) =>
        applicationStore(services).sessionAndOwned(services.db, id),
      )
    : undefined;
  const session = {
    applicant:
      withOwned === undefined ? await services.auth.applicant.current(cookies) : (withOwned?.session ?? null),
    portal: await services.auth.portal.current(cookies),
  };
  noteUser(c, session);
  return {
    services,
    cookies,
    resHeaders,
    ip,
    origin: url.origin,
    userAgent: req.headers.get("user-agent"),
    ...session,
    ...(withOwned ? { ownedApplication: withOwned.read.owned } : {}),
  };
}

/** Whether a tRPC call (its path: one procedure, or a batch of them by commas) carries a step.get. */
const callsStepGet = (pathname: string) =>
  pathname
    .slice(pathname.lastIndexOf("/") + 1)
    .split(",")
    .includes("step.get");

/** The HTTP endpoints beside tRPC: sign-in, bot check, files, exports, analytics, health. */
function mountRoutes(app: App, services: Services, botCheck: BotCheckVerifier) {
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
  app.route("/api/loan", createSignedPackageRoutes(services));
  app.route("/api/exports", createExportRoutes(services));
  app.route("/api/valuations", createValuationRoutes(services));
  app.route("/api/los/v1", createLosRoutes(services)); // the partner's LOS, by service credential
  app.route("/api/analytics", createAnalyticsRoutes(services));
  app.route("/api/language", createLanguageRoute(services)); // a language chosen before the page's code runs
  app.route("/api/validators", createValidatorRoutes(services));
  // For load balancers and monitors: the server answers, and which definitions it serves (the
  // event-loop hardening test reads `definitions`; a fuller health check keeps that field).
  app.get("/api/health", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true, definitions: services.definitionsVersion });
  });
  if (services.config.dev) app.route("/api/dev", createDevRoutes(services)); // live preview and funnel map; absent in production

  // Health, readiness and metrics, for load balancers and monitoring (never the web app's fallback).
  app.route("/", createOpsRoutes(services));

  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: `No API at ${c.req.path}` } }, 404));
}

/** For product ops: every flow, step and rule, as the server has loaded them. */
function mountDefinitions(app: App, services: Services) {
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
}

/** The built web app: hashed assets cached for good, every other path the app page (SPA fallback). */
function mountWebApp(app: App, services: Services) {
  const webDir = services.config.webDir;
  if (!webDir || !existsSync(join(webDir, "index.html"))) {
    app.get("/", (c) => c.redirect("/definitions"));
    return;
  }
  // Read per request outside production, so a rebuild shows without a restart.
  const cached = services.config.secureCookies ? readFileSync(join(webDir, "index.html"), "utf8") : null;
  // The frame in another language (the build's shell.<code>.html): a Spanish reader's first paint is Spanish.
  const frames = new Map<string, string | null>();
  const frameIn = (code: string): string | null => {
    if (code === SOURCE_LOCALE.code) return null;
    if (cached !== null && frames.has(code)) return frames.get(code)!;
    const file = join(webDir, `shell.${code}.html`);
    const frame = /^[a-z]{2}(-[A-Z]{2})?$/.test(code) && existsSync(file) ? readFileSync(file, "utf8") : null;
    frames.set(code, frame);
    return frame;
  };
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable"); // names carry a content hash
  });
  app.use("*", serveStatic({ root: webDir, precompressed: true })); // the build writes .br and .gz beside each file
  app.get("/assets/*", (c) => c.text("Not found", 404)); // a missing asset is not the app page
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    const { defs } = services;
    const stepId = stepIdForRoute(defs, c.req.path);
    const step = stepId ? defs.steps.get(stepId)!.def : null;
    // A visitor (no applicant session at all) on a funnel step not open to them goes where the
    // page would send them once loaded, before anything loads: the session guard's page, the
    // redirect guard's, or the step open to them (step.get's refusal).
    if (step && !services.auth.applicant.jar.get(honoCookies(c), "session")) {
      const to = visitorTargetFor(defs, step, todayIso(services.now()));
      if (to && to !== c.req.path) return c.redirect(`${to}${new URL(c.req.url).search}`, 302);
    }
    // In the applicant's language: <html lang> and the step's heading and lead (server/features/locale).
    // And in the wording of their experiment arm, drawn here when this is its flow's page: the
    // heading never shows one wording before the page shows another.
    const language = requestLocale(defs, honoCookies(c));
    const reader =
      stepId && runningNow(services, language.code).length
        ? await services.auth.applicant.current(honoCookies(c))
        : null;
    const arms = await readerArms(services, reader?.userId ?? null, language.code, { stepId });
    const { defs: inLanguage, locale } = wordedSet(defs, language, arms);
    const shown = stepId ? (inLanguage.steps.get(stepId)?.def ?? step) : null;
    const english = cached ?? readFileSync(join(webDir, "index.html"), "utf8");
    const url = new URL(c.req.url);
    const framed = withReturnPath(withFrame(english, frameIn(locale.code)), `${url.pathname}${url.search}`);
    const page = pageShellFor(framed, c.req.path, shown);
    return c.html(page.replace(/<html lang="[a-z-]*"/, `<html lang="${locale.code}"`));
  });
}
