// Regulation B, 12 CFR 1002.9: a decline is a credit decision. The server records it on the
// application with its principal reasons and date, and gives the applicant a notice of action taken
// that states the reasons (1002.9(a)(2)(i), (b)(2)), the ECOA notice (1002.9(b)(1)), the creditor's
// name and address and the federal agency, recorded by version and SHA-256, shown and mailed.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { applications, auditEvents, users } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { makePartner, makePortalUser, signInPortal } from "../helpers/accounts";
import { singleBorrower, walk } from "../helpers/journeys";
import { mailAttachment, pdfPages, pdfProse } from "../helpers/pdf";
import { browser, testServer, type TestServer } from "../helpers/server";

const lender = JSON.parse(readFileSync(join(REPO_ROOT, "content/lender.json"), "utf8")) as Record<
  string,
  any
>;
const notice = readFileSync(join(REPO_ROOT, "content/disclosures/adverse-action-notice.md"), "utf8");
const ECOA =
  "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The Federal agency that administers compliance with this law concerning this creditor is";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const MAIL_TO = {
  line1: "12 Elm Street",
  line2: null,
  city: "Springfield",
  state: "IL" as const,
  zip: "62701",
};

/** An applicant who answers that they had a recent foreclosure, bankruptcy or late mortgage payment, and has not confirmed it. */
async function answeredYes() {
  const b = browser(server.url);
  const doc = singleBorrower();
  const email = doc.user.email as string;
  await walk(server, b, { until: "hasFbm", doc });
  const result = await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
  return { b, email, result };
}

/** An applicant declined for a recent foreclosure, bankruptcy or late mortgage payment: they confirmed the answer. */
async function declined() {
  const yes = await answeredYes();
  await yes.b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment", mailTo: MAIL_TO });
  await server.services.settled();
  return yes;
}

/** The application of the account whose proven address is `email`. */
async function applicationOf(email: string) {
  const [row] = await server.services.db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .where(eq(users.email, email));
  return (await applicationStore(server.services).byId(server.services.db, row!.id))!;
}

const declineAudits = async (applicationId: string) =>
  (
    await server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, applicationId))
  ).filter((e) => e.action.startsWith("decision.declined"));

describe("an early decline waits for the applicant to confirm the answer (12 CFR 1002.9(a)(1))", () => {
  it("records no decision, no notice and no mail from the answer alone: the page asks to confirm it", async () => {
    const { b, email, result } = await answeredYes();
    expect(result.route).toBe("/app/ineligible/late-payment");
    expect(await b.trpc.decision.latest.query()).toBeNull();
    expect(await b.trpc.decision.pending.query()).toEqual({
      ruleId: "pricing.late-payment",
      reasons: [
        {
          code: "recentDerogatory",
          text: "Foreclosure, bankruptcy or a late mortgage payment within the last 12 months (as you reported it)",
        },
      ],
      mailingAddressOnFile: false,
    });
    await server.services.settled();
    expect(server.lastMail(email)).not.toMatch(/^Subject: Notice of action taken/m);
    const app = await applicationOf(email);
    expect(app.doc.decisions).toBeUndefined();
    expect(await declineAudits(app.id)).toEqual([]);
  });

  it("leaves no decline, no notice and no mail behind when the answer is corrected before confirmation", async () => {
    const { b, email } = await answeredYes();
    const corrected = await b.trpc.step.submit.mutate({
      stepId: "hasFbm",
      answers: { setup: { hasFbm: false } },
    });
    expect(corrected.route).not.toMatch(/ineligible/);
    expect(await b.trpc.decision.pending.query()).toBeNull();
    expect(await b.trpc.decision.latest.query()).toBeNull();
    // A confirmation sent from a page still open is refused, and records nothing.
    await expect(
      b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment", mailTo: MAIL_TO }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await server.services.settled();
    expect(server.lastMail(email)).not.toMatch(/^Subject: Notice of action taken/m);
    const app = await applicationOf(email);
    expect(app.doc.decisions).toBeUndefined();
    expect(await declineAudits(app.id)).toEqual([]);
    const admin = browser(server.url);
    await signInPortal(server, admin, await makePortalUser(server.services, { role: "admin" }));
    expect((await admin.trpc.portal.notices.list.query()).notices.map((n) => n.applicationId)).not.toContain(
      app.id,
    );
    expect(
      (await admin.trpc.portal.notices.ofApplication.query({ applicationId: app.id })).adverseAction,
    ).toEqual([]);
  });

  it("refuses a confirmation whose notice must go on paper without a mailing address, naming the field and saving nothing", async () => {
    const { b, email } = await answeredYes();
    const before = await applicationOf(email);
    await expect(b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment" })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", fieldErrors: [expect.objectContaining({ pointer: "/mailTo" })] },
    });
    await expect(
      b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment", mailTo: { ...MAIL_TO, zip: "6270" } }),
    ).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", fieldErrors: [expect.objectContaining({ pointer: "/mailTo/zip" })] },
    });
    const after = await applicationOf(email);
    expect(after.revision).toBe(before.revision);
    expect(after.doc.decisions).toBeUndefined();
    expect(await declineAudits(after.id)).toEqual([]);
    expect(await b.trpc.decision.pending.query()).not.toBeNull();
  });

  it("on confirmation records the decision and queues its notice for paper, to the address given, without E-SIGN consent", async () => {
    const { b, email } = await declined();
    expect(await b.trpc.decision.pending.query()).toBeNull();
    const latest = (await b.trpc.decision.latest.query())!;
    expect(latest).toMatchObject({ ruleId: "pricing.late-payment", delivery: "mail" });
    expect(latest.mailTo).toContain("12 Elm Street");
    expect(server.lastMail(email)).not.toMatch(/^Subject: Notice of action taken/m);
    const app = await applicationOf(email);
    const [decision] = app.doc.decisions as Record<string, unknown>[];
    expect(decision).toMatchObject({ delivery: "mail", mailTo: MAIL_TO, mailedOn: null });
    expect(Date.parse(decision!.confirmedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect((await declineAudits(app.id)).map((a) => [a.action, a.actorKind])).toEqual([
      ["decision.declined:pricing.late-payment:confirmed", "applicant"],
    ]);
  });

  it("e-delivers the notice, with its PDF, to an applicant whose E-SIGN consent is on file", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    const email = doc.user.email as string;
    await walk(server, b, { until: "application", doc });
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    expect((await b.trpc.decision.pending.query())!.ruleId).toBe("pricing.late-payment");
    await b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment" });
    await server.services.settled();
    expect((await b.trpc.decision.latest.query())!.delivery).toBe("email");
    expect(server.lastMail(email)).toMatch(/^Subject: Notice of action taken/m);
    expect(
      mailAttachment(server.lastMail(email, { raw: true }), "notice-of-action-taken.pdf"),
    ).not.toBeNull();
  });

  it("shows the pipeline an unconfirmed decline as active and not declined, and a confirmed one as declined", async () => {
    const { b, email } = await answeredYes();
    const app = await applicationOf(email);
    const admin = browser(server.url);
    await signInPortal(server, admin, await makePortalUser(server.services, { role: "admin" }));
    const row = async () =>
      (await admin.trpc.portal.applications.list.query({ search: email })).applications.find(
        (a) => a.id === app.id,
      )!;
    expect(await row()).toMatchObject({
      active: true,
      earlyDecline: { state: "unconfirmed", ruleId: "pricing.late-payment" },
    });
    await b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment", mailTo: MAIL_TO });
    expect(await row()).toMatchObject({
      active: false,
      earlyDecline: { state: "declined", ruleId: "pricing.late-payment" },
    });
  });
});

describe("a decline (12 CFR 1002.9)", () => {
  it("is recorded as the application's decision, with its principal reasons and date", async () => {
    const { b, result } = await declined();
    expect(result.route).toBe("/app/ineligible/late-payment");
    const decision = await b.trpc.decision.latest.query();
    expect(decision).toMatchObject({
      outcome: "declined",
      ruleId: "pricing.late-payment",
      reasons: [
        {
          code: "recentDerogatory",
          text: "Foreclosure, bankruptcy or a late mortgage payment within the last 12 months (as you reported it)",
        },
      ],
    });
    expect(Date.parse(decision!.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "decision.declined:pricing.late-payment:confirmed")));
    expect(audits.length).toBeGreaterThan(0);
  });

  it("gives a notice that states the reasons, the ECOA notice, the creditor's name and address and the agency, recorded by version and hash", async () => {
    const { b } = await declined();
    const { notice: record } = (await b.trpc.decision.latest.query())!;
    expect(record.version).toBe(/^version: "(.*)"$/m.exec(notice)![1]);
    const filled = notice.replace(
      /\{\{\s*([A-Za-z]+)\s*\}\}/g,
      (_, name: string) => record.values[name] ?? "MISSING",
    );
    expect(record.sha256).toBe(createHash("sha256").update(filled).digest("hex"));
    expect(filled).not.toContain("MISSING");
    expect(filled).toContain("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months");
    expect(filled).toContain(`${ECOA} ${lender.ecoaAgency.name}, ${lender.ecoaAgency.address}.`);
    expect(filled).toContain(`${lender.legalName}, NMLS ID ${lender.nmlsId}, ${lender.address.line1}`);
  });

  it("states when the notice is given: the day of the decision, within the 30 days Regulation B allows", async () => {
    const { b } = await declined();
    const { notice: record } = (await b.trpc.decision.latest.query())!;
    const filled = notice.replace(
      /\{\{\s*([A-Za-z]+)\s*\}\}/g,
      (_, name: string) => record.values[name] ?? "MISSING",
    );
    expect(filled).toContain(
      `We made our decision on your application on ${record.values.decisionDate} and give you this notice the same day.`,
    );
    expect(filled).toContain("require us to notify you of our decision within 30 days");
  });

  it("offers the notice as a PDF to download, whose text has the reasons, the ECOA notice, the timing and the creditor", async () => {
    const { b } = await declined();
    const latest = (await b.trpc.decision.latest.query())!;
    expect(latest.pdfUrl).toBe("/api/notices/adverse-action/0.pdf");
    const res = await b.fetch(`${server.url}${latest.pdfUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="notice-of-action-taken.pdf"');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(1);
    const text = pdfProse(pdf);
    expect(text).toContain("Notice of action taken");
    expect(text).toContain(
      "Foreclosure, bankruptcy or a late mortgage payment within the last 12 months (as you reported it)",
    );
    expect(text).toContain(`${ECOA} ${lender.ecoaAgency.name}, ${lender.ecoaAgency.address}.`);
    expect(text).toContain("notify you of our decision within 30 days");
    expect(text).toContain(`${lender.legalName}, NMLS ID ${lender.nmlsId}`);
    // The latest decision's link gives the same file, and the file is the one recorded.
    const again = new Uint8Array(
      await (await b.fetch(`${server.url}/api/notices/adverse-action/latest.pdf`)).arrayBuffer(),
    );
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
    const { applicationId } = (
      await server.services.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "decision.declined:pricing.late-payment:confirmed"))
        .orderBy(desc(auditEvents.id))
    )[0]!;
    const stored = (await applicationStore(server.services).byId(server.services.db, applicationId!))!
      .doc as { decisions: { notice: { pdfSha256: string } }[] };
    expect(stored.decisions[0]!.notice.pdfSha256).toBe(createHash("sha256").update(pdf).digest("hex"));
  });

  it("gives the notice PDF to its applicant only: a visitor must sign in, another applicant finds none", async () => {
    await declined();
    const visitor = browser(server.url);
    expect((await visitor.fetch(`${server.url}/api/notices/adverse-action/0.pdf`)).status).toBe(401);
    const other = browser(server.url);
    await walk(server, other, { until: "isSelfEmployed" });
    expect((await other.fetch(`${server.url}/api/notices/adverse-action/0.pdf`)).status).toBe(404);
    expect((await other.fetch(`${server.url}/api/notices/adverse-action/latest.pdf`)).status).toBe(404);
    expect((await other.fetch(`${server.url}/api/notices/adverse-action/x.pdf`)).status).toBe(404);
  });

  it("lists the notices sent in the portal, per file and for the partner, to staff with notices.view", async () => {
    const { b } = await declined();
    const { applicationId } = (
      await server.services.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "decision.declined:pricing.late-payment:confirmed"))
        .orderBy(desc(auditEvents.id))
    )[0]!;
    const sameDecision = (await b.trpc.decision.latest.query())!;
    const staffOf = async (options: Parameters<typeof makePortalUser>[1]) => {
      const person = await makePortalUser(server.services, options);
      const sb = browser(server.url);
      await signInPortal(server, sb, person);
      return sb;
    };
    const admin = await staffOf({ role: "admin" });
    const file = await admin.trpc.portal.notices.ofApplication.query({ applicationId: applicationId! });
    expect(file.adverseAction).toEqual([
      {
        index: 0,
        decidedAt: sameDecision.decidedAt,
        ruleId: "pricing.late-payment",
        reasons: sameDecision.reasons,
        version: sameDecision.notice.version,
        sha256: sameDecision.notice.sha256,
        pdfUrl: `/api/notices/adverse-action/0.pdf?application=${applicationId}`,
        // On paper (no E-SIGN consent in the early funnel), to the address given, not mailed yet.
        delivery: "mail",
        mailTo: MAIL_TO,
        mailedOn: null,
        unconfirmedSince: null,
        // Staff's task: mail it to the address on file.
        task: "mail",
      },
    ]);
    const pdf = await admin.fetch(`${server.url}${file.adverseAction[0]!.pdfUrl}`);
    expect(pdf.status).toBe(200);
    const { notices } = await admin.trpc.portal.notices.list.query();
    expect(notices.find((n) => n.applicationId === applicationId)).toMatchObject({
      borrowerName: "Maria Alvarez",
      ruleId: "pricing.late-payment",
      index: 0,
    });
    expect(notices.map((n) => n.decidedAt)).toEqual([...notices.map((n) => n.decidedAt)].sort().reverse());
    // Another partner's staff see none of it; a loan officer sees only the files assigned to them.
    const elsewhere = await staffOf({ role: "admin", partnerId: await makePartner(server.services) });
    expect((await elsewhere.trpc.portal.notices.list.query()).notices).toEqual([]);
    expect((await elsewhere.fetch(`${server.url}${file.adverseAction[0]!.pdfUrl}`)).status).toBe(404);
    const officer = await staffOf({ role: "loanOfficer" });
    expect((await officer.trpc.portal.notices.list.query()).notices).toEqual([]);
  });

  it("records a decline once: saving the same answers again, or confirming again, gives no second notice", async () => {
    const { b } = await declined();
    const first = (await b.trpc.decision.latest.query())!;
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    expect(await b.trpc.decision.pending.query()).toBeNull();
    await b.trpc.decision.confirm.mutate({ ruleId: "pricing.late-payment", mailTo: MAIL_TO });
    expect((await b.trpc.decision.latest.query())!.decidedAt).toBe(first.decidedAt);
  });

  it("is not made for an applicant the rules do not decline", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "isSelfEmployed" });
    expect(await b.trpc.decision.latest.query()).toBeNull();
  });
});
