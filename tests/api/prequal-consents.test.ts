// The prequalification path records the same consents as the main funnel: its credit screen asks
// the credit check authorization and records it as the consent step does (recordConsent: the
// server's time and the version and SHA-256 of content/disclosures/credit-check-authorization.md),
// before any credit is checked; and, after the offer, the account setup records both consents.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { walk } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

describe("consents on the prequalification path", () => {
  it("records the credit check authorization on the credit screen, with the text's version and hash, as the main funnel does", async () => {
    const b = browser(server.url);
    await walk(server, b, { from: "prequalBuildingType", until: "prequalCredit" });
    const shown = (await b.trpc.esign.documents.query({ ids: ["credit-check-authorization"] })).documents[0]!;
    const before = Date.now();
    const refused = await b.trpc.step.submit
      .mutate({
        stepId: "prequalCredit",
        answers: { setup: { creditRange: "veryGood" }, consents: { creditCheck: { accepted: false } } },
      })
      .catch((e: { data: unknown }) => e.data);
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/consents/creditCheck/accepted" }],
    });
    await b.trpc.step.submit.mutate({
      stepId: "prequalCredit",
      answers: { setup: { creditRange: "veryGood" }, consents: { creditCheck: { accepted: true } } },
    });
    const [audit] = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "step.submit:prequalCredit"));
    const { doc } = (await applicationStore(server.services).byId(
      server.services.db,
      audit!.applicationId!,
    ))!;
    const recorded = (doc as any).consents.creditCheck;
    expect(recorded).toEqual({
      accepted: true,
      acceptedAt: expect.any(String),
      document: "credit-check-authorization",
      version: shown.version,
      sha256: shown.sha256,
    });
    expect(Date.parse(recorded.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("records both consents again at the account setup after the offer, as for an early-funnel applicant", async () => {
    const b = browser(server.url);
    await walk(server, b, { from: "prequalBuildingType", until: "application" });
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "step.submit:setupConsent"));
    const { doc } = (await applicationStore(server.services).byId(
      server.services.db,
      audits.at(-1)!.applicationId!,
    ))!;
    expect((doc as any).consents).toMatchObject({
      electronicCommunications: {
        accepted: true,
        document: "e-sign-consent",
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      creditCheck: {
        accepted: true,
        document: "credit-check-authorization",
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });
});
