// "Email me this offer" (issue 23): the prequalified estimate goes to the account's own address,
// with the figures quote.current shows, a few times an hour at most, and never without an offer.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCurrency } from "@engine/base/format";
import { makeApplicant } from "../helpers/accounts";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";
import { codeOf } from "../helpers/trpc-errors";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

async function applicant(setup: Record<string, unknown>) {
  const email = `${randomUUID()}@example.com`;
  const who = await makeApplicant(server.services, {
    email,
    doc: { user: { email, firstName: "Dana", lastName: "Rivera" }, setup },
  });
  const b = browser(server.url);
  expect(
    (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password })).status,
  ).toBe(200);
  return { who, b };
}

const priced = {
  propertyValue: 500000,
  mortgageBalance: 200000,
  propertyUsage: "primaryResidence",
  creditRange: "excellent",
};

describe("email me this offer", () => {
  it("mails the offer's line amount and APR to the account's own address", async () => {
    const { who, b } = await applicant(priced);
    const quote = await b.trpc.quote.current.query({});
    const sent = await b.trpc.quote.email.mutate({});
    expect(sent.sentTo).toBe(`${who.email[0]}***@example.com`);
    const mail = newestMail(server.services.config.dataDir, who.email);
    expect(mail).toContain("Hello Dana Rivera,");
    expect(mail).toContain(`Line amount up to: ${formatCurrency(quote.lineAmount)}`);
    expect(mail).toContain(`Estimated APR (variable): ${quote.apr!.toFixed(2)}%`);
    expect(mail).toContain("/app/login");
    // Every token of content/mail/offer.md was filled.
    expect(mail).not.toMatch(/\{\{|not available yet/);
  });

  it("refuses when the answers give no offer (thin equity), and sends nothing", async () => {
    const { who, b } = await applicant({
      propertyValue: 300000,
      mortgageBalance: 250000,
      propertyUsage: "primaryResidence",
      creditRange: "good",
    });
    expect(await codeOf(b.trpc.quote.email.mutate({}))).toBe("PRECONDITION_FAILED");
    expect(() => newestMail(server.services.config.dataDir, who.email)).toThrow();
  });

  it("sends three an hour per application, then asks to wait", async () => {
    const { b } = await applicant(priced);
    for (let i = 0; i < 3; i++) expect(await codeOf(b.trpc.quote.email.mutate({}))).toBe("OK");
    expect(await codeOf(b.trpc.quote.email.mutate({}))).toBe("TOO_MANY_REQUESTS");
  });

  it("takes no address from the request and needs a session", async () => {
    const { b } = await applicant(priced);
    expect(await codeOf(b.trpc.quote.email.mutate({ to: "someone.else@example.com" } as never))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(browser(server.url).trpc.quote.email.mutate({}))).toBe("UNAUTHORIZED");
  });
});
