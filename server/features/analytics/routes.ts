// POST /api/analytics: funnel events from the browser ({events: [...]}, 1 to 20). The tRPC API's
// header and cross-site guards, but no bot-check token: the browser sends the last events with
// fetch(…, {keepalive: true}) as a page is left, when no proof of work can run. A per-IP limit and
// a small body limit stand in for it. A bad batch is refused whole (400 naming the field); a good
// one is stored whole and answered 204. The body is never logged.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getConnInfo } from "@hono/node-server/conninfo";
import { isBorrowerRole } from "@engine/lending/borrowers";
import { describeAjvErrors } from "@engine/validation/messages";
import { refuseCrossSite, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { validatorOf } from "@server/transport/trpc/inputs";
import { firstPartySink, type AnalyticsSink, type FunnelEvent } from "./sink";

const MAX_BODY_BYTES = 16 * 1024;

const fail = (
  c: Context,
  status: 400 | 413 | 429 | 500,
  code: string,
  message: string,
  field: string | null = null,
) => c.json({ error: { code, message, field } }, status);

export function createAnalyticsRoutes(
  services: Services,
  sink: AnalyticsSink = firstPartySink(services.db, services.now),
) {
  const app = new Hono();
  const validate = validatorOf("analytics-event.json");
  const limiter = services.limits.analyticsEventsPerIp;
  /** What the schema cannot know: the steps, variants and borrower roles of the definitions this server runs (now: they reload). */
  const unknownIn = (events: FunnelEvent[]) => {
    const variants = new Set(
      [...services.defs.flows.values()].flatMap(({ def }) => def.variants.map((v) => v.id)),
    );
    for (const [i, e] of events.entries()) {
      if (!services.defs.steps.has(e.stepId))
        return { field: `/events/${i}/stepId`, message: `Step "${e.stepId}" is not a step of this funnel.` };
      if (e.variant !== undefined && !variants.has(e.variant))
        return {
          field: `/events/${i}/variant`,
          message: `Variant "${e.variant}" is not a variant of this funnel.`,
        };
      if (e.role !== undefined && !isBorrowerRole(services.defs, e.role))
        return {
          field: `/events/${i}/role`,
          message: `Role "${e.role}" is not a borrower role of this funnel.`,
        };
    }
    return null;
  };

  app.use("*", requireSameOriginHeader, refuseCrossSite);
  app.post(
    "/",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(c, 413, "PAYLOAD_TOO_LARGE", `Send at most ${MAX_BODY_BYTES / 1024} KB of events at a time.`),
    }),
    async (c) => {
      let ip = "unknown";
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {}
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = undefined;
      }
      const valid = body !== undefined && validate(body);
      const events = valid ? (body as { events: FunnelEvent[] }).events : [];
      // Every event counts against the limit, and a refused batch counts as one.
      const hit = await limiter.hit(ip, Math.max(1, events.length));
      if (!hit.ok) {
        c.header("Retry-After", String(Math.ceil(hit.retryAfterMs / 1000)));
        return fail(
          c,
          429,
          "TOO_MANY_REQUESTS",
          "Too many analytics events from this address; try again later.",
        );
      }
      if (body === undefined) return fail(c, 400, "BAD_REQUEST", 'Send a JSON body {"events": [...]}.', "/");
      if (!valid) {
        const [first] = describeAjvErrors(validate.errors);
        return fail(
          c,
          400,
          "BAD_REQUEST",
          first ? `${first.pointer || "/"}: ${first.message}` : "The events are not valid.",
          first?.pointer || "/",
        );
      }
      const unknown = unknownIn(events);
      if (unknown) return fail(c, 400, "BAD_REQUEST", `${unknown.field}: ${unknown.message}`, unknown.field);
      await sink.track(events);
      return c.body(null, 204);
    },
  );

  app.onError((error, c) => {
    console.error(`analytics route failed: ${error.name}`);
    return fail(
      c,
      500,
      "INTERNAL_SERVER_ERROR",
      "Something went wrong on our side; the events were not stored.",
    );
  });
  return app;
}
