// For load balancers, orchestrators and monitoring. GET /healthz: the process answers. GET
// /readyz: it should be sent traffic: accepting (not stopping), the database answers, every
// migration this build ships is applied, the definitions are loaded, files can be stored (the
// upload folder is writable, the bucket answers); a stop turns it false first
// (server/start.ts). GET /metrics: the Prometheus text (server/platform/observability/metrics.ts),
// only with `Authorization: Bearer <METRICS_TOKEN>` (Hono's bearerAuth, a constant-time compare);
// without METRICS_TOKEN it does not exist. None of them says anything of an applicant, a version,
// a host or an error: which checks pass, and the series.
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { databaseState } from "@server/persistence/db/client";
import type { Services } from "@server/services";

const noStore = { "Cache-Control": "no-store" };

export function createOpsRoutes(services: Services) {
  const app = new Hono();
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));

  app.get("/readyz", async (c) => {
    const [database, storage] = await Promise.all([databaseState(services.db), services.storage.ready()]);
    const checks = {
      accepting: !services.lifecycle.stopping,
      database: database.reachable,
      migrations: database.migrated,
      definitions: services.defs.steps.size > 0,
      storage,
    };
    const ready = Object.values(checks).every(Boolean);
    const said = Object.fromEntries(
      Object.entries(checks).map(([name, ok]) => [name, ok ? "ok" : "failing"]),
    );
    return c.json({ status: ready ? "ready" : "not ready", checks: said }, ready ? 200 : 503, noStore);
  });

  const token = services.config.metricsToken;
  if (token) {
    const { registry } = services.metrics;
    app.get("/metrics", bearerAuth({ token, realm: "metrics" }), async (c) =>
      c.body(await services.metrics.scrape(), 200, { ...noStore, "Content-Type": registry.contentType }),
    );
  } else
    app.get("/metrics", (c) =>
      c.json({ error: { code: "NOT_FOUND", message: "Metrics are off (METRICS_TOKEN is unset)" } }, 404),
    );
  return app;
}
