// First-party funnel analytics (issue 11): POST /api/analytics stores step events whole or not at
// all, refuses anything but the event fields, limits each address, and the portal's report
// computes drop-off, median time per step and conversion per variant from them.
import { randomUUID } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelEvents } from "@server/persistence/db/schema";
import { EVENTS_PER_IP } from "@server/services";
import { makePortalUser, signInPortal } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

type Event = {
  journeyId: string;
  kind: string;
  stepId: string;
  variant?: string;
  durationMs?: number;
} & Record<string, unknown>;

/**
 * POSTs events as the browser does: a journey's first batch carries a bot-check token (the server
 * opens the journey), so every post here carries one unless `bot` is false.
 */
async function post(
  on: TestServer,
  body: unknown,
  headers: Record<string, string> = { "X-Same-Origin": "1" },
  { bot = true }: { bot?: boolean } = {},
) {
  const token: Record<string, string> = bot ? { "X-Recaptcha-Token": await browser(on.url).botToken() } : {};
  const res = await fetch(`${on.url}/api/analytics`, {
    method: "POST",
    headers: { "content-type": "application/json", ...token, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text
      ? (JSON.parse(text) as {
          error: { code: string; message: string; field: string | null; reason?: string };
        })
      : null,
  };
}

/** In the order they were stored. */
const rows = async (on: TestServer = server) =>
  on.services.db.select().from(funnelEvents).orderBy(funnelEvents.id);

async function reportAsAdmin() {
  const admin = await makePortalUser(server.services, { role: "admin" });
  const b = browser(server.url);
  await signInPortal(server, b, admin);
  return b.trpc.portal.analytics.query();
}

describe("storing funnel events", () => {
  it("stores a batch and answers 204: a journey's first with a bot-check token, later ones without (a page being left)", async () => {
    const journeyId = randomUUID();
    const before = (await rows()).length;
    const withoutToken = { events: [{ journeyId, kind: "viewed", stepId: "name" }] };
    expect(await post(server, withoutToken, undefined, { bot: false })).toMatchObject({
      status: 403,
      body: { error: { reason: "bot-check-missing" } },
    });
    expect((await rows()).length).toBe(before);
    const res = await post(server, { events: [{ journeyId, kind: "viewed", stepId: "name" }] });
    expect(res.status).toBe(204);
    const later = await post(
      server,
      { events: [{ journeyId, kind: "completed", stepId: "name", durationMs: 1200 }] },
      undefined,
      { bot: false },
    );
    expect(later.status).toBe(204);
    const mine = (await rows()).filter((r) => r.journeyId === journeyId);
    expect((await rows()).length).toBe(before + 2);
    expect(mine.map((r) => [r.kind, r.stepId, r.variant, r.durationMs])).toEqual([
      ["viewed", "name", null, null],
      ["completed", "name", null, 1200],
    ]);
  });

  const journeyId = randomUUID();
  const good: Event = { journeyId, kind: "viewed", stepId: "email", variant: "variantOne" };
  it.each<[string, unknown, string]>([
    [
      "a step the funnel does not have",
      { events: [good, { ...good, stepId: "favouriteColour" }] },
      "/events/1/stepId",
    ],
    ["a variant no flow has", { events: [{ ...good, variant: "variantNine" }] }, "/events/0/variant"],
    [
      "an extra property such as email",
      { events: [{ ...good, email: "dana@example.com" }] },
      "/events/0/email",
    ],
    [
      "a journey id that is not a UUID",
      { events: [{ ...good, journeyId: "dana@example.com" }] },
      "/events/0/journeyId",
    ],
    ["an unknown kind", { events: [{ ...good, kind: "clicked" }] }, "/events/0/kind"],
    ["a role no borrower has", { events: [{ ...good, role: "admin" }] }, "/events/0/role"],
    ["a duration over a day", { events: [{ ...good, durationMs: 86_400_001 }] }, "/events/0/durationMs"],
    ["more than 20 events", { events: Array.from({ length: 21 }, () => good) }, "/events"],
    ["no events", { events: [] }, "/events"],
    ["a property beside events", { events: [good], user: { firstName: "Dana" } }, "/user"],
    ["a body that is not JSON", "{events:", "/"],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_, body, field) => {
    const before = (await rows()).length;
    const res = await post(server, body);
    expect(res.status).toBe(400);
    expect(res.body?.error.field).toBe(field);
    expect(res.body?.error.message).toContain(field === "/" ? "JSON" : field);
    expect((await rows()).length).toBe(before);
  });

  it("refuses a request without X-Same-Origin, and one the browser marks cross-site, with 403", async () => {
    const before = (await rows()).length;
    expect((await post(server, { events: [good] }, {})).status).toBe(403);
    expect(
      (await post(server, { events: [good] }, { "X-Same-Origin": "1", "Sec-Fetch-Site": "cross-site" }))
        .status,
    ).toBe(403);
    expect((await rows()).length).toBe(before);
  });

  it("refuses a body over 16 KB with 413", async () => {
    const res = await post(server, JSON.stringify({ events: [good], padding: "x".repeat(17 * 1024) }));
    expect(res.status).toBe(413);
  });

  it(`limits an address to ${EVENTS_PER_IP.limit} events per window: over it is 429 and nothing more is stored`, async () => {
    const own = await testServer();
    try {
      const batch = () => ({
        events: Array.from({ length: 20 }, () => ({
          journeyId: randomUUID(),
          kind: "viewed",
          stepId: "name",
        })),
      });
      for (let i = 0; i < EVENTS_PER_IP.limit / 20; i++) expect((await post(own, batch())).status).toBe(204);
      const refused = await post(own, batch());
      expect(refused.status).toBe(429);
      expect((await rows(own)).length).toBe(EVENTS_PER_IP.limit);
    } finally {
      await own.close();
    }
  });
});

describe("the portal's funnel report", () => {
  it("computes drop-off, median time and conversion per variant from known events", async () => {
    // Earlier tests stored events too: the report is compared before and after this known set.
    const before = await reportAsAdmin();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const ev = (journeyId: string, kind: string, stepId: string, variant?: string, durationMs?: number) => ({
      journeyId,
      kind,
      stepId,
      ...(variant ? { variant } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    });
    // A (variant one) reaches the offer preview; B (variant one) leaves at email; C (variant two)
    // leaves at the property value; D leaves the first step before any variant is chosen.
    for (const events of [
      [
        ev(a, "viewed", "name"),
        ev(a, "completed", "name", undefined, 1000),
        ev(a, "viewed", "email", "variantOne"),
        ev(a, "completed", "email", "variantOne", 4000),
        ev(a, "viewed", "previewOffer", "variantOne"),
      ],
      [
        ev(b, "viewed", "name"),
        ev(b, "completed", "name", undefined, 3000),
        ev(b, "viewed", "email", "variantOne"),
        ev(b, "left", "email", "variantOne", 500),
      ],
      [
        ev(c, "viewed", "name"),
        ev(c, "completed", "name", undefined, 2000),
        ev(c, "viewed", "email", "variantTwo"),
        ev(c, "completed", "email", "variantTwo", 2000),
        ev(c, "viewed", "propertyValue", "variantTwo"),
        ev(c, "left", "propertyValue", "variantTwo", 9000),
      ],
      [ev(d, "viewed", "name"), ev(d, "left", "name", undefined, 100)],
    ])
      expect((await post(server, { events })).status).toBe(204);

    const after = await reportAsAdmin();
    const step = (report: typeof after, id: string) =>
      report.flows.find((f) => f.flowId === "earlyFunnel")!.steps.find((s) => s.stepId === id)!;
    const delta = (id: string) => {
      const [x, y] = [step(before, id), step(after, id)];
      return {
        viewed: y.viewed - x.viewed,
        completed: y.completed - x.completed,
        droppedOff: y.droppedOff - x.droppedOff,
      };
    };
    expect(delta("name")).toEqual({ viewed: 4, completed: 3, droppedOff: 1 });
    expect(delta("email")).toEqual({ viewed: 3, completed: 2, droppedOff: 1 });
    expect(delta("propertyValue")).toEqual({ viewed: 1, completed: 0, droppedOff: 1 });
    expect(delta("previewOffer")).toEqual({ viewed: 1, completed: 0, droppedOff: 1 });
    // Every completed email step so far is one of these two (4000, 2000); the name step also has the first test's 1200.
    expect(step(after, "email").medianMs).toBe(3000);
    expect(step(after, "name").medianMs).toBe(1600); // 1000, 1200, 2000, 3000: the middle two's mean
    expect(step(after, "propertyValue").medianMs).toBeNull();
    // Steps in flow order, variant one's property usage in its place.
    expect(
      after.flows
        .find((f) => f.flowId === "earlyFunnel")!
        .steps.map((s) => s.stepId)
        .slice(9, 12),
    ).toEqual(["zip", "propertyUsage", "creditScore"]);
    expect(after.flows.map((f) => f.flowId)).toEqual(expect.arrayContaining(["earlyFunnel", "application"]));
    expect(after.conversionStep).toBe("previewOffer");
    expect(after.variants).toEqual([
      expect.objectContaining({
        flowId: "earlyFunnel",
        variantId: "variantOne",
        started: 2,
        converted: 1,
        rate: 0.5,
      }),
      expect.objectContaining({
        flowId: "earlyFunnel",
        variantId: "variantTwo",
        started: 1,
        converted: 0,
        rate: 0,
      }),
    ]);
  });

  it("counts a co-borrower's steps on the co-borrower's table only, and the borrower's on the application's", async () => {
    const before = await reportAsAdmin();
    const [co, owner, guest] = [randomUUID(), randomUUID(), randomUUID()];
    // Personal info (application2) is a step of both walks: the co-borrower answers their own.
    const events = [
      { journeyId: co, kind: "viewed", stepId: "application2", role: "coborrower" },
      { journeyId: co, kind: "completed", stepId: "application2", role: "coborrower", durationMs: 7000 },
      { journeyId: co, kind: "viewed", stepId: "application4", role: "coborrower" },
      { journeyId: owner, kind: "viewed", stepId: "application2", role: "borrower" },
      // Events sent before sign-in carry no role: the owner's.
      { journeyId: guest, kind: "viewed", stepId: "application2" },
    ];
    expect((await post(server, { events })).status).toBe(204);
    expect((await rows()).filter((r) => r.journeyId === co).map((r) => r.role)).toEqual([
      "coborrower",
      "coborrower",
      "coborrower",
    ]);
    const after = await reportAsAdmin();
    const table = (report: typeof after, flowId: string) => report.flows.find((f) => f.flowId === flowId)!;
    const delta = (flowId: string, id: string) => {
      const [x, y] = [
        table(before, flowId).steps.find((s) => s.stepId === id)!,
        table(after, flowId).steps.find((s) => s.stepId === id)!,
      ];
      return {
        viewed: y.viewed - x.viewed,
        completed: y.completed - x.completed,
        droppedOff: y.droppedOff - x.droppedOff,
      };
    };
    expect(table(after, "coborrower")).toMatchObject({ role: "coborrower", roleLabel: "Co-borrower" });
    expect(table(after, "application")).toMatchObject({ role: "borrower", roleLabel: "Borrower" });
    expect(delta("coborrower", "application2")).toEqual({ viewed: 1, completed: 1, droppedOff: 0 });
    expect(delta("coborrower", "application4")).toEqual({ viewed: 1, completed: 0, droppedOff: 1 });
    expect(delta("application", "application2")).toEqual({ viewed: 2, completed: 0, droppedOff: 2 });
    expect(delta("application", "application4")).toEqual({ viewed: 0, completed: 0, droppedOff: 0 });
    // The co-borrower's time is theirs: the borrower's table has no completed personal info to time.
    expect(table(after, "coborrower").steps.find((s) => s.stepId === "application2")!.medianMs).toBe(7000);
    expect(table(after, "application").steps.find((s) => s.stepId === "application2")!.medianMs).toBeNull();
  });

  it("does not count a journey that ends on the submitted page as a drop-off there", async () => {
    const before = await reportAsAdmin();
    const [done, stuck] = [randomUUID(), randomUUID()];
    const events = [
      { journeyId: done, kind: "viewed", stepId: "applicationSubmitted" },
      { journeyId: stuck, kind: "viewed", stepId: "loanDisbursement" },
    ];
    expect((await post(server, { events })).status).toBe(204);
    const after = await reportAsAdmin();
    const step = (report: typeof after, id: string) =>
      report.flows.find((f) => f.flowId === "application")!.steps.find((s) => s.stepId === id)!;
    expect(step(after, "applicationSubmitted").viewed - step(before, "applicationSubmitted").viewed).toBe(1);
    expect(step(after, "applicationSubmitted").droppedOff).toBe(0);
    expect(step(after, "loanDisbursement").droppedOff - step(before, "loanDisbursement").droppedOff).toBe(1);
  });

  it("refuses a processor with 403", async () => {
    const processor = await makePortalUser(server.services, { role: "processor" });
    const b = browser(server.url);
    await signInPortal(server, b, processor);
    const code = await b.trpc.portal.analytics.query().then(
      () => "OK",
      (e: unknown) => (e instanceof TRPCClientError ? (e.data as { code: string }).code : String(e)),
    );
    expect(code).toBe("FORBIDDEN");
  });
});
