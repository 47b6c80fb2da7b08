// The FCRA 609(g) promise kept (15 U.S.C. 1681g(g)): no credit bureau is connected here, so portal
// staff with credit.recordScore record the score they used from a credit report pulled elsewhere;
// it is written on the borrower's answers, audited and recorded as given, and the borrower gets the
// filled Notice to the Home Loan Applicant by email (a PDF) and from their application's page.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { joinedMember, makePortalUser, signInPortal, twoBorrowerApplicant } from "../helpers/accounts";
import { mailAttachment, pdfProse } from "../helpers/pdf";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";
import { CREDIT_SCORE_USED } from "../helpers/credit-score";

const PDF = "notice-to-the-home-loan-applicant.pdf";
const SUBJECT = /^Subject: Your credit score: notice to the home loan applicant/m;

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const used = CREDIT_SCORE_USED;

/** A submitted two-borrower application, its borrower signed in. */
const submitted = () => twoBorrowerApplicant(server);

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return { ...person, b };
}

const stored = async (id: string) =>
  (await applicationStore(server.services).byId(server.services.db, id))!.doc as Record<string, any>;

describe("the credit score used (FCRA 609(g))", () => {
  it("tells the borrower no agency score has been used until staff record one, on the page's notice", async () => {
    const who = await submitted();
    const res = await who.b.fetch(`${server.url}/api/notices/credit-score/mine.pdf`);
    expect(res.status).toBe(200);
    const text = pdfProse(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Notice to the home loan applicant");
    expect(text).toContain(
      "We have not yet used a credit score from a consumer reporting agency on your application",
    );
  });

  it("carries the risk-based pricing notice's content with it, true before any credit report: the margin rests on the range they told us (12 CFR 1022.74(d))", async () => {
    const who = await submitted();
    const text = pdfProse(
      new Uint8Array(
        await (await who.b.fetch(`${server.url}/api/notices/credit-score/mine.pdf`)).arrayBuffer(),
      ),
    );
    for (const part of [
      "Your credit score and the price you pay for credit",
      "Your credit score is a number that reflects the information in your credit report.",
      "Your credit score can affect whether you can get a line of credit and how much you will have to pay for it.",
      "So far we have not obtained your credit report or used a credit score: the margin of your offer was set from the credit range you told us.",
      "may be less favorable than the terms we offer consumers with better credit histories",
      "You have the right to dispute any inaccurate information in your credit report",
      "1-877-322-8228",
      "www.annualcreditreport.com",
      "www.consumerfinance.gov/learnmore",
      "www.ftc.gov",
    ])
      expect(text).toContain(part);
    // It states no score the product does not have.
    expect(text).not.toMatch(/ranks higher than/);
    expect(text).not.toMatch(/We used the credit score below/);
  });

  it("records the score staff used, audits it, records the notice given, and sends the borrower the filled notice by email and on their page", async () => {
    const who = await submitted();
    const processor = await staff("processor");
    const before = Date.now();
    const done = await processor.b.trpc.portal.notices.recordCreditScore.mutate({
      applicationId: who.applicationId,
      borrower: "borrower",
      creditScoreUsed: used,
    });
    expect(done).toEqual({ borrower: "borrower", name: "Maria Alvarez", emailed: true });

    const doc = await stored(who.applicationId);
    expect(doc.user.creditScoreUsed).toEqual(used);
    const given = (doc.disclosuresGiven.records as any[]).filter((g) => g.document === "credit-score-notice");
    expect(given).toEqual([
      expect.objectContaining({
        givenTo: "borrower",
        version: "FCRA-609G-2026.2",
        sentBy: { kind: "portal", id: processor.id, name: "Pat Portal" },
      }),
    ]);
    expect(Date.parse(given[0].givenAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(given[0].values.creditScoreDisclosure).toMatch(
      /^The credit score we used on your application is 742 \(FICO Score 8\)\. Scores of this model range from 300 to 850\./,
    );
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, who.applicationId),
          eq(auditEvents.action, "credit.scoreUsed:borrower"),
        ),
      );
    expect(audits).toHaveLength(1);

    const mail = newestMail(server.dataDir, who.email, { containing: SUBJECT, raw: true });
    const mailed = pdfProse(mailAttachment(mail, PDF)!);
    expect(mailed).toContain(
      "The credit score we used on your application is 742 (FICO Score 8). Scores of this model range from 300 to 850. Your credit score ranks higher than 42% of U.S. consumers scored with this model. It was created on November 20, 2026 by Equifax Information Services LLC",
    );
    // The risk-based pricing notice (12 CFR 1022.74(d), H-3) with it: the score set the margin.
    expect(mailed).toContain(
      "We used the credit score below, from your credit report, to set the terms of your line: the margin added to the index, and so your annual percentage rate.",
    );
    expect(mailed).not.toContain("So far we have not obtained your credit report");
    expect(mailed).toContain(
      "Key factors that adversely affected your credit score: Proportion of balances to credit limits is too high; Length of time accounts have been established.",
    );

    // On their page: the submitted page links /api/notices/credit-score/mine.pdf, their own notice.
    const page = pdfProse(
      new Uint8Array(
        await (await who.b.fetch(`${server.url}/api/notices/credit-score/mine.pdf`)).arrayBuffer(),
      ),
    );
    expect(page).toContain("The credit score we used on your application is 742 (FICO Score 8).");
    expect((await who.b.fetch(`${server.url}/api/notices/credit-score/coborrower.pdf`)).status).toBe(404);

    // And in the portal file, for staff.
    const file = await processor.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    expect(file.creditScores.map((c) => [c.borrower, c.used?.score ?? null, c.notices.length])).toEqual([
      ["borrower", 742, 1],
      ["coborrower", null, 0],
    ]);
    const staffPdf = await processor.b.fetch(`${server.url}${file.creditScores[0]!.pdfUrl}`);
    expect(pdfProse(new Uint8Array(await staffPdf.arrayBuffer()))).toContain("is 742 (FICO Score 8)");
  });

  it("sends a co-borrower's notice to the co-borrower, with their own score, at the address they joined with", async () => {
    const who = await submitted();
    await joinedMember(server.services, who.applicationId, "coborrower", who.coEmail);
    const admin = await staff("admin");
    await admin.b.trpc.portal.notices.recordCreditScore.mutate({
      applicationId: who.applicationId,
      borrower: "coborrower",
      creditScoreUsed: { ...used, score: 701, keyFactors: [] },
    });
    expect((await stored(who.applicationId)).coborrower.creditScoreUsed.score).toBe(701);
    const mailed = pdfProse(
      mailAttachment(newestMail(server.dataDir, who.coEmail, { containing: SUBJECT, raw: true }), PDF)!,
    );
    expect(mailed).toContain("The credit score we used on your application is 701 (FICO Score 8).");
    expect(mailed).toContain(
      "Key factors that adversely affected your credit score: none were given by the agency.",
    );
    expect(() => newestMail(server.dataDir, who.email, { containing: SUBJECT })).toThrow(/no mail/);
  });

  it("refuses a score that cannot be, naming the field, and saves nothing", async () => {
    const who = await submitted();
    const admin = await staff("admin");
    const record = (borrower: string, creditScoreUsed: unknown) =>
      admin.b.trpc.portal.notices.recordCreditScore.mutate({
        applicationId: who.applicationId,
        borrower,
        creditScoreUsed: creditScoreUsed as typeof used,
      });
    expect(await fieldErrorsOf(record("borrower", { ...used, score: 900 }))).toEqual([
      {
        pointer: "/creditScoreUsed/score",
        message: "The score must be within the model's range, 300 to 850.",
      },
    ]);
    expect(await fieldErrorsOf(record("borrower", { ...used, rangeLow: 850, rangeHigh: 300 }))).toEqual([
      {
        pointer: "/creditScoreUsed/rangeHigh",
        message: "The highest possible score must be above the lowest.",
      },
    ]);
    expect(await fieldErrorsOf(record("borrower", { ...used, createdOn: "2099-01-01" }))).toEqual([
      {
        pointer: "/creditScoreUsed/createdOn",
        message: "The date the score was created cannot be after today.",
      },
    ]);
    // How the score compares with other consumers' is asked: the risk-based pricing notice states it (12 CFR 1022.74(d)).
    const { rankedAbovePercent: _, ...withoutRank } = used;
    expect(await fieldErrorsOf(record("borrower", withoutRank))).toEqual([
      {
        pointer: "/creditScoreUsed/rankedAbovePercent",
        message:
          "Give how the score compares with other consumers' scores: the percent of consumers with a lower score, from the agency's distribution for this model.",
      },
    ]);
    expect(await fieldErrorsOf(record("borrower", { ...used, rankedAbovePercent: 101 }))).toEqual([
      expect.objectContaining({ pointer: "/creditScoreUsed/rankedAbovePercent" }),
    ]);
    expect(
      await fieldErrorsOf(record("borrower", { ...used, keyFactors: ["a", "b", "c", "d", "e", "f"] })),
    ).toEqual([expect.objectContaining({ pointer: "/creditScoreUsed/keyFactors" })]);
    const agency = await fieldErrorsOf(record("borrower", { ...used, agency: { name: "Equifax" } }));
    expect(agency.length).toBeGreaterThan(0);
    for (const e of agency) expect(e.pointer).toMatch(/^\/creditScoreUsed\/agency/);
    expect(await fieldErrorsOf(record("cosigner", used))).toEqual([
      { pointer: "/borrower", message: "There is no such borrower on this application." },
    ]);
    const doc = await stored(who.applicationId);
    expect(doc.user.creditScoreUsed).toBeUndefined();
    expect(doc.disclosuresGiven).toBeUndefined();
  });

  it("is refused to a role without credit.recordScore (a loan officer)", async () => {
    const who = await submitted();
    const officer = await staff("loanOfficer");
    expect(
      await codeOf(
        officer.b.trpc.portal.notices.recordCreditScore.mutate({
          applicationId: who.applicationId,
          borrower: "borrower",
          creditScoreUsed: used,
        }),
      ),
    ).toBe("FORBIDDEN");
    expect((await stored(who.applicationId)).user.creditScoreUsed).toBeUndefined();
  });
});
