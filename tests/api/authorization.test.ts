// Spec §6 and the server issue: an applicant reaches only their own application; a portal
// session cannot call applicant procedures and the reverse.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";
import { codeOf } from "../helpers/trpc-errors";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

async function signedIn(kind: "Applicant" | "Portal", who: { email: string; password: string }) {
  const b = browser(server.url);
  if (kind === "Portal") {
    await signInPortal(server, b, who);
    return b;
  }
  const res = await b.auth(kind, "callback/credentials", { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return b;
}

describe("an applicant's reach", () => {
  it("reads their own application by id", async () => {
    const ann = await makeApplicant(server.services, { doc: { setup: { propertyValue: 500000 } } });
    const b = await signedIn("Applicant", ann);
    const own = await b.trpc.application.get.query({ applicationId: ann.applicationId });
    expect(own.id).toBe(ann.applicationId);
  });

  it("is refused another applicant's application id", async () => {
    const ann = await makeApplicant(server.services);
    const bob = await makeApplicant(server.services, { doc: { setup: { propertyValue: 910000 } } });
    const b = await signedIn("Applicant", ann);
    expect(await codeOf(b.trpc.application.get.query({ applicationId: bob.applicationId }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(b.trpc.application.summary.query({ applicationId: bob.applicationId }))).toBe(
      "FORBIDDEN",
    );
  });

  it("sees only their own answers in step.get", async () => {
    const ann = await makeApplicant(server.services, { doc: { setup: { propertyValue: 420000 } } });
    await makeApplicant(server.services, { doc: { setup: { propertyValue: 999000 } } });
    const b = await signedIn("Applicant", ann);
    const { application } = await b.trpc.step.get.query({ stepId: "propertyValue" });
    expect(application).toMatchObject({ setup: { propertyValue: 420000 } });
  });

  it("gets a quote only for their own email", async () => {
    const ann = await makeApplicant(server.services, {
      doc: {
        setup: {
          propertyValue: 500000,
          mortgageBalance: 200000,
          propertyUsage: "primaryResidence",
          creditRange: "excellent",
        },
      },
    });
    const b = await signedIn("Applicant", ann);
    const quote = await b.trpc.quote.current.query({ email: ann.email, fetchOriginationFee: true });
    expect(quote).toMatchObject({
      eligible: true,
      lineAmount: 225000,
      apr: 8.24,
      originationFee: 4477,
      ruleId: "pricing.offer",
    });
    const withoutFee = await b.trpc.quote.current.query({ email: ann.email, fetchOriginationFee: false });
    expect(withoutFee.originationFee).toBeUndefined();
    expect(
      await codeOf(
        b.trpc.quote.current.query({ email: "someone.else@example.com", fetchOriginationFee: false }),
      ),
    ).toBe("FORBIDDEN");
  });

  it("is sent to the low-equity page by the pricing rules when the equity is too thin", async () => {
    const ann = await makeApplicant(server.services, {
      doc: {
        setup: {
          propertyValue: 300000,
          mortgageBalance: 250000,
          propertyUsage: "primaryResidence",
          creditRange: "good",
        },
      },
    });
    const b = await signedIn("Applicant", ann);
    expect(await b.trpc.quote.current.query({})).toMatchObject({
      eligible: false,
      route: "/app/ineligible/low-equity",
      ruleId: "pricing.low-equity",
    });
  });

  it("cannot call portal procedures", async () => {
    const ann = await makeApplicant(server.services);
    const b = await signedIn("Applicant", ann);
    expect(await codeOf(b.trpc.portal.me.query())).toBe("UNAUTHORIZED");
  });
});

describe("a portal session's reach", () => {
  it("calls portal procedures", async () => {
    const staff = await makePortalUser(server.services);
    const b = await signedIn("Portal", staff);
    expect(await b.trpc.portal.me.query()).toMatchObject({ email: staff.email, role: "admin" });
  });

  it("cannot call applicant procedures", async () => {
    const staff = await makePortalUser(server.services);
    const b = await signedIn("Portal", staff);
    expect(await codeOf(b.trpc.application.get.query())).toBe("UNAUTHORIZED");
    expect(await codeOf(b.trpc.quote.current.query({}))).toBe("UNAUTHORIZED");
    expect(await codeOf(b.trpc.step.get.query({ stepId: "application5" }))).toBe("UNAUTHORIZED");
  });
});

describe("documents.required", () => {
  it("lists the applicant's required documents with the rule that asks for each", async () => {
    const ann = await makeApplicant(server.services, {
      doc: { setup: { hasCoborrower: true }, coborrower: { firstName: "Charles" } },
    });
    const b = await signedIn("Applicant", ann);
    const { requirements } = await b.trpc.documents.required.query();
    expect(requirements.map((r) => `${r.documentType}:${r.borrower}:${r.count}`)).toEqual([
      "id_document:borrower:1",
      "id_document:coborrower:1",
      "bank_statements:borrower:3",
      "bank_statements:coborrower:3",
    ]);
    expect(requirements[0]).toMatchObject({
      ruleId: "documents.id-document",
      reason: expect.stringContaining("identity document"),
      uploaded: 0,
    });
  });

  it("is refused to a visitor without a session", async () => {
    expect(await codeOf(browser(server.url).trpc.documents.required.query())).toBe("UNAUTHORIZED");
  });
});
