// State licensing (SAFE Act, state licensing laws): the funnel serves only the states of
// rules/licensing.json, which are the lender profile's licenses. A home elsewhere stops at the
// not-available page as soon as its ZIP code (or address) tells the state: not a credit decision,
// so no adverse action notice is recorded or mailed.
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@server/persistence/db/schema";
import { singleBorrower, walk } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

describe("a home in a state where the lender is not licensed", () => {
  it("stops a Florida ZIP code (33101) at the not-available page, with no decision and no notice", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "zip", doc });
    const result = await b.trpc.step.submit.mutate({ stepId: "zip", answers: { setup: { zip: "33101" } } });
    expect(result).toMatchObject({ route: "/app/ineligible/not-available", stepId: null });
    // The offer says why, and names no reasons: it is not a decline of this applicant's credit.
    const quote = await b.trpc.quote.current.query({});
    expect(quote).toMatchObject({
      eligible: false,
      route: "/app/ineligible/not-available",
      ruleId: "pricing.not-available-in-state",
    });
    expect(quote).not.toHaveProperty("reasons");
    expect(await b.trpc.decision.latest.query()).toBeNull();
    await server.services.settled();
    // This server declines nobody: any decline recorded would be this one.
    const declines = await server.services.db
      .select()
      .from(auditEvents)
      .where(like(auditEvents.action, "decision.declined:%"));
    expect(declines).toEqual([]);
  });

  it("does not let the applicant go on past the ZIP code to the next step", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "zip" });
    await b.trpc.step.submit.mutate({ stepId: "zip", answers: { setup: { zip: "33101" } } });
    const next = await b.trpc.step.submit
      .mutate({ stepId: "creditScore", answers: { setup: { creditScore: 760 } } })
      .then(
        () => "saved",
        (e: { data?: { httpStatus?: number } }) => e.data?.httpStatus,
      );
    expect(next).not.toBe("saved");
  });

  it("lets a California ZIP code (94105) go on to the next step", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "zip" });
    const result = await b.trpc.step.submit.mutate({ stepId: "zip", answers: { setup: { zip: "94105" } } });
    expect(result.route).not.toBe("/app/ineligible/not-available");
    expect(["propertyUsage", "creditScore"]).toContain(result.stepId);
  });

  it("stops a prequalification address in Florida at the same page", async () => {
    const b = browser(server.url);
    await walk(server, b, { from: "prequalBuildingType", until: "prequalAddress" });
    const result = await b.trpc.step.submit.mutate({
      stepId: "prequalAddress",
      answers: {
        property: {
          line1: "2 Main St",
          city: "Miami",
          state: "FL",
          zip: "33101",
          propertyUsage: "primaryResidence",
          value: 500000,
        },
      },
    });
    expect(result.route).toBe("/app/ineligible/not-available");
  });
});
