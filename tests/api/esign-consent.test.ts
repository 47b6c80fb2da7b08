// E-SIGN consent (15 U.S.C. 7001(c)) beyond a checkbox (issue 37, item 8a): the consumer shows that
// they can open the records' format by opening a PDF and typing the code printed in it; they may
// withdraw the consent and ask for paper on their status page, after which their notices go to
// the print-and-mail queue instead of their inbox.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { auditEvents } from "@server/persistence/db/schema";
import { makeApplicant, makePortalUser, signInPortal, storedApplication } from "../helpers/accounts";
import { pdfCodeOf } from "../helpers/journeys";
import { pdfProse } from "../helpers/pdf";
import { fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, testServer, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const storedDoc = async (applicationId: string) =>
  (await storedApplication(server.services, applicationId)).doc;

async function signedIn(status: string, doc: Record<string, unknown>) {
  const email = `${crypto.randomUUID()}@example.com`;
  const who = await makeApplicant(server.services, { email, status, doc, walked: true });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email, password: who.password });
  return { ...who, b };
}

describe("E-SIGN consent shows the consumer can open a PDF (15 U.S.C. 7001(c)(1)(C)(ii))", () => {
  it("gives the consent only with the code printed in the applicant's own PDF, and records when access was shown", async () => {
    const { setup, user } = fixture;
    const { b, applicationId } = await signedIn("setupConsent", { setup, user: { ...user } });
    const res = await b.fetch(`${server.url}/api/notices/e-sign-consent.pdf`);
    expect(res.headers.get("content-type")).toMatch(/application\/pdf/);
    const text = pdfProse(new Uint8Array(await res.arrayBuffer()));
    // The code, then the consent it is for.
    expect(text).toMatch(/Your code is \d{6}/);
    expect(text).toContain("Consent to electronic records and signatures");
    const code = await pdfCodeOf(server, b);
    // Another applicant's PDF has another code.
    const other = await signedIn("setupConsent", { setup, user: { ...user } });
    expect(await pdfCodeOf(server, other.b)).not.toBe(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const consents = (pdfCode: string) => ({
      consents: {
        electronicCommunications: { accepted: true, pdfCode },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    });
    const refused = await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "setupConsent", answers: consents(wrong) }),
    );
    expect(refused).toEqual([
      expect.objectContaining({ pointer: "/consents/electronicCommunications/pdfCode" }),
    ]);
    expect(await storedDoc(applicationId)).not.toHaveProperty("consents");
    const saved = await b.trpc.step.submit.mutate({ stepId: "setupConsent", answers: consents(code) });
    expect(saved.stepId).toBe("application");
    const consent = (await storedDoc(applicationId)).consents.electronicCommunications;
    expect(consent).toMatchObject({
      accepted: true,
      document: "e-sign-consent",
      pdfAccessShownAt: expect.any(String),
    });
    // The code is checked, never kept.
    expect(consent).not.toHaveProperty("pdfCode");
  });

  it("gives a visitor without a session no PDF", async () => {
    const res = await browser(server.url).fetch(`${server.url}/api/notices/e-sign-consent.pdf`);
    expect(res.status).toBe(401);
  });
});

describe("withdrawing E-SIGN consent (15 U.S.C. 7001(c)(1)(B))", () => {
  it("switches the borrower's deliveries to the print-and-mail queue once they withdraw, and records it", async () => {
    const doc = structuredClone(fixture);
    doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
    doc.consents = { electronicCommunications: { accepted: true, acceptedAt: "2026-11-01T10:00:00.000Z" } };
    const who = await signedIn("applicationSubmitted", doc);
    expect(await who.b.trpc.esign.deliveryPreference.query()).toEqual({
      consent: "given",
      withdrawnAt: null,
    });
    const withdrawn = await who.b.trpc.esign.withdrawConsent.mutate({ confirm: true });
    expect(withdrawn).toEqual({ consent: "withdrawn", withdrawnAt: expect.any(String) });
    expect((await storedDoc(who.applicationId)).consents.electronicCommunications).toMatchObject({
      acceptedAt: "2026-11-01T10:00:00.000Z",
      withdrawnAt: withdrawn.withdrawnAt,
      prefersPaper: true,
    });
    const audit = await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, who.applicationId));
    expect(audit.map((a) => a.action)).toContain("esign.withdrawn:borrower");
    // Once is enough: a second withdrawal is refused.
    await expect(who.b.trpc.esign.withdrawConsent.mutate({ confirm: true })).rejects.toThrow(
      /already withdrew/,
    );

    // A decline now gives the borrower's notice on paper, queued for mailing, and emails nothing.
    const underwriter = await makePortalUser(server.services, { role: "underwriter" });
    const u = browser(server.url);
    await signInPortal(server, u, underwriter);
    const done = await u.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "decline",
      action: { reasons: ["excessiveObligations"] },
    });
    const mine = done.notices.find((n) => n.to === "borrower")!;
    expect(mine.delivery).toMatchObject({
      via: "mail",
      why: "E-SIGN consent withdrawn: paper requested",
      mailedOn: null,
    });
    expect(mine.delivery.mailingAddress).toMatch(/\d{5}/);
  });

  it("refuses a withdrawal without a consent on file, saving nothing", async () => {
    const { consents: _c, ...doc } = structuredClone(fixture);
    const who = await signedIn("applicationSubmitted", doc);
    expect(await who.b.trpc.esign.deliveryPreference.query()).toMatchObject({ consent: "none" });
    await expect(who.b.trpc.esign.withdrawConsent.mutate({ confirm: true })).rejects.toThrow(/paper already/);
    expect(await storedDoc(who.applicationId)).not.toHaveProperty("consents");
  });
});
