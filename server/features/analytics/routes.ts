// POST /api/analytics: funnel events from the browser ({events: [...]}, 1 to 20). The tRPC API's
// header and cross-site guards, and a bot check per journey: a batch with a bot-check token opens
// its journeys (analytics_journeys, with the partner of the applicant's application, if signed in),
// and events are stored only for open journeys, so a page being left can send its last events with
// fetch(…, {keepalive: true}) without a proof of work. A per-IP and a per-journey limit and a small
// body limit hold the rest. A bad batch is refused whole (400 naming the field; 403 with reason
// bot-check-missing for a journey not opened); a good one is stored whole and answered 204. The
// body is never logged.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ipOf } from "@server/transport/http/client-ip";
import { isBorrowerRole } from "@engine/lending/borrowers";
import { describeAjvErrors } from "@engine/validation/messages";
import { refuseCrossSite, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { validatorOf } from "@server/transport/trpc/inputs";
import { firstPartySink, type AnalyticsSink, type FunnelEvent } from "./sink";
import { eq, inArray } from "drizzle-orm";
import { honoCookies } from "@server/features/auth/cookies";
import { analyticsJourneys, applications } from "@server/persistence/db/schema";
import { requestLocale } from "@server/features/locale/locale";
import { armsOfStep, readerArms, runningNow } from "@server/features/experiments/arms";

/** Events one journey may record in a day: a long application walked several times over, not a flood. */
const EVENTS_PER_JOURNEY = { limit: 500, windowMs: 86_400_000 };

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

  /** The partner of the signed-in applicant's application (null: a visitor, or none yet). */
  const partnerOfSession = async (c: Context): Promise<string | null> => {
    const session = await services.auth.applicant.current(honoCookies(c));
    if (!session) return null;
    const [row] = await services.db
      .select({ partnerId: applications.partnerId })
      .from(applications)
      .where(eq(applications.ownerId, session.userId));
    return row?.partnerId ?? null;
  };

  /**
   * Each event's wording-experiment arms ({experiment: arm} JSON, or null): the arms the session's
   * account holds in the experiments running for its language whose flow has the event's step.
   * The server's record, never the browser's word; a visitor without an account is in none.
   */
  const armsOf = async (c: Context, events: FunnelEvent[]): Promise<(string | null)[]> => {
    const language = requestLocale(services.defs, honoCookies(c));
    if (!runningNow(services, language.code).length) return events.map(() => null);
    const session = await services.auth.applicant.current(honoCookies(c));
    const arms = await readerArms(services, session?.userId ?? null, language.code);
    return events.map((e) => armsOfStep(services.defs, arms, e.stepId));
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
      const ip = ipOf(c);
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
      const journeys = [...new Set(events.map((e) => e.journeyId))];
      const token = c.req.header("x-recaptcha-token");
      let opening: { partnerId: string | null } | null = null;
      if (token !== undefined) {
        const verdict = await services.botCheck.verify(token, "api_update");
        if (!verdict.ok)
          return c.json(
            {
              error: {
                code: "FORBIDDEN",
                reason: `bot-check-${verdict.reason}`,
                message: "The bot-check token was refused; please try again.",
                field: null,
              },
            },
            403,
          );
        opening = { partnerId: await partnerOfSession(c) };
      }
      const open = new Map(
        (
          await services.db
            .select({ journeyId: analyticsJourneys.journeyId, partnerId: analyticsJourneys.partnerId })
            .from(analyticsJourneys)
            .where(inArray(analyticsJourneys.journeyId, journeys))
        ).map((j) => [j.journeyId, j.partnerId]),
      );
      const opened = opening ? journeys.filter((id) => !open.has(id)) : [];
      for (const id of opened) open.set(id, opening!.partnerId);
      if (open.size < journeys.length)
        return c.json(
          {
            error: {
              code: "FORBIDDEN",
              reason: "bot-check-missing",
              message: "A journey's first events need a bot-check token in X-Recaptcha-Token.",
              field: null,
            },
          },
          403,
        );
      const perJourney = services.rateLimiter("analyticsEventsPerJourney", EVENTS_PER_JOURNEY);
      for (const id of journeys)
        if (!(await perJourney.hit(id, events.filter((e) => e.journeyId === id).length)).ok)
          return fail(c, 429, "TOO_MANY_REQUESTS", "Too many events for this journey.");
      // Opened only with the batch that is stored: a refused batch leaves nothing behind.
      if (opened.length)
        await services.db
          .insert(analyticsJourneys)
          .values(
            opened.map((journeyId) => ({
              journeyId,
              partnerId: opening!.partnerId,
              openedAt: services.now(),
            })),
          )
          .onConflictDoNothing();
      await sink.track(events, open, await armsOf(c, events));
      return c.body(null, 204);
    },
  );

  app.onError((error, c) => {
    services.log.error(
      { reqId: c.get("requestId"), err: error.name },
      `analytics route failed: ${error.name}`,
    );
    return fail(
      c,
      500,
      "INTERNAL_SERVER_ERROR",
      "Something went wrong on our side; the events were not stored.",
    );
  });
  return app;
}
