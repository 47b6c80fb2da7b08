// Issue 38 item 2: each borrower walks their own path. A co-borrower who answers her own part and
// says she is self-employed after the borrower finished is asked about her business herself; the
// borrower's path stays finished, and the application is submitted by her signature, the last act
// it needs (the applicationSubmitted event fires once, for the notifications to tell both). When
// one borrower's change does ask something of the other (an answer the other's signature
// covers), the other's page says who changed what, and they are mailed.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, users } from "@server/persistence/db/schema";
import type { ApplicationEvents } from "@server/platform/events";
import { makeApplicant } from "../helpers/accounts";
import { answersFor, twoBorrowers, walk } from "../helpers/journeys";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

const inviteTokenIn = (mail: string) => /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;

/** Two borrowers' complete answers; the co-borrower, Luis, answers his own part and owns his landscaping business. */
function household() {
  const doc = twoBorrowers();
  const luis = `luis.${randomUUID().slice(0, 8)}@example.com`;
  doc.coborrower.email = luis;
  doc.coborrowerInvite = { answeredBy: "coborrower", email: luis };
  doc.titleHolders = { borrowerOnTitle: true, coborrowerOnTitle: true };
  doc.coborrower.business = {
    businessName: "Alvarez & Moore Landscaping LLC",
    legalStructure: "llc",
    phone: "8135550233",
    address: { line1: "7802 N Florida Ave", city: "Tampa", state: "FL", zip: "33604" },
    startDate: "2015-04-01",
    description: "Landscape design and upkeep for homes and offices",
  };
  doc.coborrowerConsents = {
    jointIntent: { accepted: true },
    electronicCommunications: { accepted: true },
    creditCheck: { accepted: true },
    privacyNotice: { accepted: true },
  };
  doc.coborrowerEsign = {
    consent: { accepted: true },
    disclosures: { acknowledged: true },
    acknowledgments: { agreed: true },
    signature: { name: "James Alvarez" },
  };
  return { doc, luis };
}

/** The borrower (an account with a proven address), signed in and walked from personal info to `until` (left due). */
async function borrowerAt(until: string, doc: Record<string, any>) {
  // Stored as the early funnel leaves it: what the later pages ask is answered on the walk.
  const { esign: _e, coborrowerEsign: _s, coborrowerConsents: _c, disbursement: _d, ...early } = doc;
  const who = await makeApplicant(server.services, {
    email: doc.user.email,
    status: "application",
    doc: early,
    walked: true,
  });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  await walk(server, b, { from: "application", until, doc });
  return b;
}

async function luisJoins(luis: string) {
  const c = browser(server.url);
  await c.trpc.members.accept.mutate({
    token: inviteTokenIn(newestMail(server.dataDir, luis, { containing: /\/app\/join\?token=/ })),
  });
  return c;
}

const actionsOf = async (applicationId: string) =>
  (
    await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, applicationId))
  ).map((e) => e.action);

describe("each borrower's own path (issue 38)", () => {
  it("keeps the finished borrower finished when the co-borrower answers self-employed, asks her business of her, and submits at her signature", async () => {
    const { doc, luis } = household();
    const submitted: ApplicationEvents["applicationSubmitted"][] = [];
    const stop = server.services.events.on("applicationSubmitted", (e) => void submitted.push(e));
    const b = await borrowerAt("awaitingSignatures", doc);
    expect(await b.session()).toMatchObject({ applicationStatus: "awaitingSignatures" });

    const c = await luisJoins(luis);
    // His own walk: consents, details, other real estate, employment (self-employed), then his business.
    const atBusiness = await walk(server, c, {
      from: "coborrowerConsent",
      until: "businessInformation",
      doc,
    });
    expect(atBusiness).toMatchObject({ route: "/app/application/business-information" });
    // The borrower is still finished: nothing of the business page is his, so his path has no new page.
    expect(await b.session()).toMatchObject({ applicationStatus: "awaitingSignatures" });
    const borrowerPage = await b.trpc.step.get.query({ stepId: "awaitingSignatures" });
    expect(borrowerPage.due).toBe("awaitingSignatures");
    expect(borrowerPage.done).not.toContain("businessInformation");
    await expect(b.trpc.step.get.query({ stepId: "businessInformation" })).rejects.toMatchObject({
      data: { httpStatus: 412 },
    });

    // His business page, his signature: the last act, which submits the application.
    const signed = await walk(server, c, { from: "businessInformation", until: "identityVerification", doc });
    expect(signed).toMatchObject({ route: "/app/application/identity-verification" });
    expect(await b.session()).toMatchObject({ applicationStatus: "applicationSubmitted" });
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ submittedBy: "coborrower", roles: ["borrower", "coborrower"] });
    expect(
      (await actionsOf(submitted[0]!.applicationId)).filter((a) => a === "application.submitted"),
    ).toHaveLength(1);
    expect(
      (await actionsOf(submitted[0]!.applicationId)).some((a) => a.startsWith("journey.reopened:")),
    ).toBe(false);
    stop();
  });

  it("tells the borrower who changed what when the co-borrower's change voids his signature, and mails him", async () => {
    const { doc, luis } = household();
    const b = await borrowerAt("awaitingSignatures", doc);
    const c = await luisJoins(luis);
    await walk(server, c, { from: "coborrowerConsent", until: "application4", doc });
    // Luis gives a different home address than the borrower had put down for him before the invite:
    // the borrower's signature covered the co-borrower's address, so the borrower signs again.
    const moved = structuredClone(doc);
    moved.coborrower.address = { line1: "88 Bayshore Blvd", city: "Tampa", state: "FL", zip: "33606" };
    const again = await c.trpc.step.submit.mutate({
      stepId: "application2",
      answers: answersFor(server, "application2", moved),
    });
    expect(again.voided).toEqual(["borrower"]);
    expect(await b.session()).toMatchObject({ applicationStatus: "disclosures" });
    const page = await b.trpc.step.get.query({ stepId: "disclosures" });
    expect(page.because).toMatchObject({
      who: "James Alvarez",
      changed: ["current address"],
      signature: true,
    });
    const email = (doc.user as { email: string }).email;
    expect(newestMail(server.dataDir, email)).toMatch(
      /James Alvarez changed their answers \(current address\)/,
    );
    // Once he signs again, the page no longer says so.
    await b.trpc.step.submit.mutate({ stepId: "disclosures", answers: { esign: doc.esign } });
    expect(await b.session()).not.toMatchObject({ applicationStatus: "disclosures" });
  });

  it("mails a borrower whose account chose Español that the co-borrower's change voided his signature, in Spanish", async () => {
    const { doc, luis } = household();
    const b = await borrowerAt("awaitingSignatures", doc);
    const email = (doc.user as { email: string }).email;
    await server.services.db.update(users).set({ locale: "es" }).where(eq(users.email, email));
    const c = await luisJoins(luis);
    await walk(server, c, { from: "coborrowerConsent", until: "application4", doc });
    const moved = structuredClone(doc);
    moved.coborrower.address = { line1: "88 Bayshore Blvd", city: "Tampa", state: "FL", zip: "33606" };
    await c.trpc.step.submit.mutate({
      stepId: "application2",
      answers: answersFor(server, "application2", moved),
    });
    expect(await b.session()).toMatchObject({ applicationStatus: "disclosures" });
    const mail = Buffer.from(
      newestMail(server.dataDir, email, { containing: /James Alvarez/ }),
      "latin1",
    ).toString("utf8");
    expect(mail).toContain(
      "James Alvarez cambió sus respuestas (dirección actual) después de que usted firmó.",
    );
    expect(mail).toContain("Su firma anterior ya no es válida.");
    expect(mail).not.toMatch(/changed their answers|current address|\{\{/);
  });

  it("reminds a co-borrower who has not finished: a new link before they join, a mail to sign in after", async () => {
    const { doc, luis } = household();
    const b = await borrowerAt("application3", doc);
    const first = newestMail(server.dataDir, luis, { containing: /\/app\/join\?token=/ });
    const sent = await b.trpc.members.remind.mutate({ role: "coborrower" });
    expect(sent).toMatchObject({ joined: false, sentTo: expect.stringMatching(/^l•••@example\.com$/) });
    const second = newestMail(server.dataDir, luis, { containing: /\/app\/join\?token=/ });
    expect(inviteTokenIn(second)).not.toBe(inviteTokenIn(first));
    // The older link no longer works; the new one does.
    await expect(
      browser(server.url).trpc.members.accept.mutate({ token: inviteTokenIn(first) }),
    ).rejects.toMatchObject({ data: { httpStatus: 404 } });
    const c = browser(server.url);
    await c.trpc.members.accept.mutate({ token: inviteTokenIn(second) });
    // Joined: his own email answer is the address he joined with, and his saves cannot change it.
    await b.trpc.members.remind.mutate({ role: "coborrower" });
    expect(newestMail(server.dataDir, luis)).toMatch(/is waiting for your part[\s\S]*\/app\/login/);
    // Only the borrower who started the application reminds.
    await expect(c.trpc.members.remind.mutate({ role: "coborrower" })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
  });

  it("keeps the co-borrower's own email the address he joined with", async () => {
    const { doc, luis } = household();
    doc.coborrower.email = "typo@example.com"; // what the borrower typed before inviting the right address
    await borrowerAt("application3", doc);
    const c = await luisJoins(luis);
    await walk(server, c, { from: "coborrowerConsent", until: "application2", doc });
    const page = await c.trpc.step.get.query({ stepId: "application2" });
    expect((page.application as { coborrower: { email: string } }).coborrower.email).toBe(luis);
    const moved = structuredClone(doc);
    moved.coborrower.email = "someone.else@example.com";
    await c.trpc.step.submit.mutate({
      stepId: "application2",
      answers: answersFor(server, "application2", moved),
    });
    const after = await c.trpc.step.get.query({ stepId: "application2" });
    expect((after.application as { coborrower: { email: string } }).coborrower.email).toBe(luis);
  });
});
