// Never ask twice (issue 23) over real HTTP: step.get gives an unanswered field the value of the
// answer it starts from (the step's prefill), the server's, so browser and server agree; the
// applicant may change it, and a save judges it like any other answer.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant } from "../helpers/accounts";
import { pdfCodeOf, singleBorrower, twoBorrowers, walk } from "../helpers/journeys";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

describe("step.get prefills a question answered earlier", () => {
  it("prefills the property use and home value from the early funnel on the property info step", async () => {
    const doc = singleBorrower();
    const b = browser(server.url);
    await walk(server, b, { until: "application3", doc });
    const page = await b.trpc.step.get.query({ stepId: "application3" });
    expect(page.application).not.toHaveProperty("property");
    expect(page.prefill).toMatchObject({
      "/property/value": doc.setup.propertyValue,
      "/property/zip": doc.setup.zip,
    });
    // Either variant: the home page's choice is saved with the first page, whether or not the variant asks it again.
    expect(page.prefill).toMatchObject({ "/property/propertyUsage": doc.setup.propertyUsage });
  });

  it("prefills the mortgage balance with the early estimate, and a save still judges it", async () => {
    const doc = singleBorrower();
    const b = browser(server.url);
    await walk(server, b, { until: "mortgageBalance", doc });
    const page = await b.trpc.step.get.query({ stepId: "mortgageBalance" });
    expect(page.prefill).toEqual({ "/setup/mortgageBalance": doc.setup.mortgageEstimate });
    const error = await b.trpc.step.submit
      .mutate({
        stepId: "mortgageBalance",
        answers: { setup: { mortgageBalance: -5 } },
        revision: page.revision!,
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<never>).data as unknown as {
      httpStatus: number;
      fieldErrors: { pointer: string }[];
    };
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors.map((e) => e.pointer)).toEqual(["/setup/mortgageBalance"]);
    // The prefilled value, accepted as it is, is saved as the applicant's answer and prefills no more.
    await b.trpc.step.submit.mutate({
      stepId: "mortgageBalance",
      answers: { setup: { mortgageBalance: page.prefill["/setup/mortgageBalance"] as number } },
      revision: page.revision!,
    });
    const after = await b.trpc.step.get.query({ stepId: "mortgageBalance" });
    expect(after.application).toMatchObject({ setup: { mortgageBalance: doc.setup.mortgageEstimate } });
    expect(after.prefill).toEqual({});
  });

  it("answers declaration A from the property's use, and the applicant may change it", async () => {
    const doc = singleBorrower();
    const b = browser(server.url);
    await walk(server, b, { until: "application8", doc });
    const page = await b.trpc.step.get.query({ stepId: "application8" });
    expect(page.application).toMatchObject({ property: { propertyUsage: "primaryResidence" } });
    // A's follow-up too, from the rental listed as other real estate (issue 38).
    expect(page.prefill).toEqual({
      "/user/declarations/hasIntentToOccupy": true,
      "/user/declarations/onwershipInterest": true,
      "/user/declarations/otherPropertyType": "IP",
    });
    // Changed on the page, the applicant's own answer is what is saved.
    await b.trpc.step.submit.mutate({
      stepId: "application8",
      answers: { user: { declarations: { ...doc.user.declarations, hasIntentToOccupy: false } } },
      revision: page.revision!,
    });
    const after = await b.trpc.step.get.query({ stepId: "application8" });
    expect(after.application).toMatchObject({ user: { declarations: { hasIntentToOccupy: false } } });
    // Answered now: declaration A is no longer prefilled (its follow-up, hidden by that "No", still would be).
    expect(after.prefill).not.toHaveProperty(["/user/declarations/hasIntentToOccupy"]);
  });

  it("prefills whether the borrower is self-employed on the employment history", async () => {
    const doc = singleBorrower();
    const b = browser(server.url);
    await walk(server, b, {
      until: "application5",
      doc,
      answers: { isSelfEmployed: { setup: { isSelfEmployed: true } } },
    });
    const page = await b.trpc.step.get.query({ stepId: "application5" });
    expect(page.prefill).toEqual({ "/user/isSelfEmployed": true });
  });

  it("prefills the invite with the co-borrower's email given in the early funnel", async () => {
    const doc = twoBorrowers();
    const b = browser(server.url);
    await walk(server, b, { until: "coborrowerInvite", doc });
    const page = await b.trpc.step.get.query({ stepId: "coborrowerInvite" });
    expect(page.prefill).toEqual({ "/coborrowerInvite/email": doc.coborrower.email });
  });

  it("starts the co-borrower's address as the borrower's when the borrower answers for them", async () => {
    const doc = twoBorrowers();
    const b = browser(server.url);
    await walk(server, b, { until: "application2", doc });
    const page = await b.trpc.step.get.query({ stepId: "application2" });
    expect(page.prefill).toEqual({ "/coborrower/address": doc.user.address });
  });

  it("never prefills an invited co-borrower's page from what only the borrower may read (their home address)", async () => {
    const { coborrower: _c, ...fixture } = JSON.parse(
      readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
    ) as Record<string, any>;
    const email = `maria.${randomUUID()}@example.com`;
    const who = await makeApplicant(server.services, {
      email,
      status: "coborrowerInvite",
      doc: { ...fixture, user: { ...fixture.user, email } },
    });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const samEmail = `sam.${randomUUID()}@example.com`;
    await b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email: samEmail } },
    });
    const token = /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(newestMail(server.dataDir, samEmail))![1]!;
    const c = browser(server.url);
    await c.trpc.members.accept.mutate({ token });
    await c.trpc.step.submit.mutate({
      stepId: "coborrowerConsent",
      answers: {
        coborrowerConsents: {
          jointIntent: { accepted: true },
          electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
          creditCheck: { accepted: true },
          privacyNotice: { accepted: true },
        },
      },
    });
    const page = await c.trpc.step.get.query({ stepId: "application2" });
    expect(page.application).not.toHaveProperty(["user", "address"]);
    expect(page.prefill).toEqual({});
  });
});
