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
import { auditEvents } from "@server/persistence/db/schema";
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

/** An applicant declined for a recent foreclosure, bankruptcy or late mortgage payment. */
async function declined() {
  const b = browser(server.url);
  const doc = singleBorrower();
  const email = doc.user.email as string;
  await walk(server, b, { until: "hasFbm", doc });
  const result = await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
  return { b, email, result };
}

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
      .where(and(eq(auditEvents.action, "decision.declined:pricing.late-payment")));
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

  it("mails the notice to the applicant", async () => {
    const { email } = await declined();
    const mail = server.lastMail(email);
    expect(mail).toMatch(/^Subject: Notice of action taken/m);
    expect(mail).toContain("Principal reason(s) for our decision");
    expect(mail).toContain("Equal Credit Opportunity Act prohibits creditors");
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
        .where(eq(auditEvents.action, "decision.declined:pricing.late-payment"))
        .orderBy(desc(auditEvents.id))
    )[0]!;
    const stored = (await applicationStore(server.services).byId(server.services.db, applicationId!))!
      .doc as { decisions: { notice: { pdfSha256: string } }[] };
    expect(stored.decisions[0]!.notice.pdfSha256).toBe(createHash("sha256").update(pdf).digest("hex"));
  });

  it("attaches the same PDF to the mailed notice", async () => {
    const { b, email } = await declined();
    const mailed = mailAttachment(server.lastMail(email, { raw: true }), "notice-of-action-taken.pdf");
    expect(mailed).not.toBeNull();
    const downloaded = Buffer.from(
      await (await b.fetch(`${server.url}/api/notices/adverse-action/0.pdf`)).arrayBuffer(),
    );
    expect(mailed!.equals(downloaded)).toBe(true);
    expect(pdfProse(mailed!)).toContain("Principal reason(s) for our decision");
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
        .where(eq(auditEvents.action, "decision.declined:pricing.late-payment"))
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

  it("records a decline once: saving the same answers again gives no second notice", async () => {
    const { b } = await declined();
    const first = (await b.trpc.decision.latest.query())!;
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    expect((await b.trpc.decision.latest.query())!.decidedAt).toBe(first.decidedAt);
  });

  it("is not made for an applicant the rules do not decline", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "isSelfEmployed" });
    expect(await b.trpc.decision.latest.query()).toBeNull();
  });
});
