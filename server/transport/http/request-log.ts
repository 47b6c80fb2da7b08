// One log line per request, and its time in the latency histogram: the request id (also sent back
// as X-Request-Id), the method, the route or the tRPC procedures, the status, the duration and
// who asked (visitor, applicant or portal): never the path's values, the query (tRPC inputs ride
// in it), a body, a cookie or a header. Health checks and scrapes go to the debug level: a load
// balancer asks every few seconds. The ids come from Hono's requestId middleware; an id a proxy
// in front already gave (a UUID, or nginx's 32 hex digits) is kept, so one request reads the same
// in both logs; anything else a client sends in X-Request-Id is ignored.
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import { flatLineLog, type Log } from "@server/platform/observability/log";
import type { Metrics } from "@server/platform/observability/metrics";

export type UserKind = "visitor" | "applicant" | "portal";

declare module "hono" {
  interface ContextVariableMap {
    /** Who made the request, once a handler has read its session (noteUser). */
    user: UserKind;
  }
}

/** Says who made the request, for its log line (a handler that reads the session calls it). */
export const noteUser = (c: Context, session: { applicant?: unknown; portal?: unknown }) =>
  c.set("user", session.portal ? "portal" : session.applicant ? "applicant" : "visitor");

const PROXY_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const QUIET_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);
const TRPC = "/api/trpc/";

export function requestLog({
  log,
  metrics,
  procedures,
}: {
  log: Log;
  metrics: Metrics;
  /** The router's procedure names: a path naming anything else is logged as "unknown", never as sent. */
  procedures: ReadonlySet<string>;
}): MiddlewareHandler[] {
  const ids = requestId({
    headerName: "", // read and written below: only an id shaped like a proxy's is taken
    generator: (c) => {
      const given = c.req.header("x-request-id");
      return given && PROXY_ID.test(given) ? given : randomUUID();
    },
  });
  // Made once, with the app: the logger of the lines (all their fields are scalars chosen here),
  // and each series' labelled child (prom-client's `labels()`), kept by procedure or route and
  // status class: the labels are the server's own names, so the map is as bounded as the series.
  const lines = flatLineLog(log);
  const series = new Map<string, { observe(seconds: number): void }>();
  const seriesOf = (procedure: string, status: string) => {
    const key = `${status} ${procedure}`;
    let child = series.get(key);
    if (!child) series.set(key, (child = metrics.requestDuration.labels(procedure, status)));
    return child;
  };
  const line: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // After the handler: a handler's own Response (tRPC's, a static file) would drop a header set before.
      setOnAnswer(c, "X-Request-Id", c.get("requestId"));
      const ms = performance.now() - started;
      const status = c.res.status;
      const path = c.req.path;
      const route = routePath(c, c.req.routeIndex);
      const named = path.startsWith(TRPC)
        ? path
            .slice(TRPC.length)
            .split(",")
            .map((name) => (procedures.has(name) ? name : "unknown"))
        : null;
      const statusClass = `${Math.floor(status / 100)}xx`;
      for (const procedure of named ?? [`${c.req.method} ${route}`])
        seriesOf(procedure, statusClass).observe(ms / 1000);
      const fields = {
        reqId: c.get("requestId"),
        method: c.req.method,
        ...(named ? { procedure: named.join(",") } : { route }),
        status,
        ms: Math.round(ms * 10) / 10,
        user: c.get("user") ?? "visitor",
      };
      const message = `${c.req.method} ${named ? named.join(",") : route} ${status}`;
      // A failed request's line is an error line like its failure's own (app.ts): the server's
      // log writes both, next to each other. Rare; every other line goes by the flat logger.
      if (QUIET_ROUTES.has(route)) lines.debug(fields, message);
      else if (status >= 500) log.error(fields, message);
      else lines.info(fields, message);
    }
  };
  return [ids, line];
}

/**
 * Sets a header on the finished answer itself, as Hono's secureHeaders does. `c.header()` after
 * the handler rebuilds the answer around its body's stream, and node-server then writes it from
 * that stream: a fetch Response, a ReadableStream and chunked reads on every request
 * (docs/performance.md). An answer whose headers are immutable goes the rebuilding way.
 */
function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
