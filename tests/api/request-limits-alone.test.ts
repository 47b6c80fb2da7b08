// The procedures a batch may carry only by themselves (meta `alone`: the impact report, a
// rollback) are the ones the web app's client sends alone (web/src/api/alone.ts), so the portal
// page's own requests are never refused for sharing a batch.
import { describe, expect, it } from "vitest";
import { appRouter } from "@server/transport/trpc/router";
import { aloneProcedures } from "@server/transport/security/request-shape";
import { ALONE_PROCEDURES } from "@web/src/api/alone";

describe("calls the server takes only alone", () => {
  it("are the router's procedures marked alone, and the web client sends each in a request of its own", () => {
    expect([...ALONE_PROCEDURES].sort()).toEqual([...aloneProcedures(appRouter)].sort());
    expect(ALONE_PROCEDURES).toContain("portal.definitionsImpact");
  });
});
