// Valuations of the home and the applicant's copy (Regulation B, 12 CFR 1002.14(a)(1)): staff with
// valuations.record enter each valuation with its report (the manual-entry adapter; the remote AVM
// stub refuses); each borrower is given a copy at once, by mail only with E-SIGN consent and a
// proven address, else in the print-and-mail queue; the account of a first-lien line does not open
// until every copy was given three business days before, unless the applicant waived that timing
// in their session.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, loanFiles, uploads } from "@server/persistence/db/schema";
import { RemoteAvmStub } from "@server/features/loan/valuations";
import { homeToday, inClosing, move, notarize, signBoth, type Loan } from "../helpers/closing";
import { makePortalUser, signInPortal } from "../helpers/accounts";
import { mailAttachment } from "../helpers/pdf";
import { codeOf } from "../helpers/trpc-errors";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

// An injected clock: the three business days are crossed by moving it, never by waiting.
let clock = new Date();
const DAY = 86_400_000;
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ now: () => clock });
});
afterAll(() => server.close());

const report = () =>
  new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), randomBytes(2048)]));

type Browser = ReturnType<typeof browser>;

async function recordValuation(
  b: Browser,
  fields: Record<string, string>,
  file: Uint8Array | null = report(),
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([file], { type: "application/pdf" }), "appraisal.pdf");
  const res = await b.fetch(`${server.url}/api/valuations`, {
    method: "POST",
    headers: { "X-Same-Origin": "1" },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const appraisal = (loan: Loan, today: string) => ({
  applicationId: loan.applicationId,
  kind: "appraisal",
  value: "612000",
  effectiveOn: today,
  provider: "Pat Appraiser, certified residential appraiser CA-AR-1234",
});

const fileRow = async (id: string) =>
  (await server.services.db.select().from(loanFiles).where(eq(loanFiles.applicationId, id)))[0]!;

/** What a refused record could have changed: the file's revision, the uploads rows, the audit rows. */
async function stateOf(id: string) {
  const row = await fileRow(id);
  const files = await server.services.db.select().from(uploads).where(eq(uploads.applicationId, id));
  const audits = await server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, id));
  return { revision: row.revision, uploads: files.length, audits: audits.length };
}

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return b;
}

describe("recording a valuation", () => {
  it("is refused to a role without valuations.record (a loan officer, an underwriter), and saves nothing", async () => {
    const loan = await inClosing(server, { freeAndClear: true });
    const before = await stateOf(loan.applicationId);
    for (const role of ["loanOfficer", "underwriter"]) {
      const refused = await recordValuation(await staff(role), appraisal(loan, homeToday(server)));
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/valuations\.record/);
    }
    expect(await stateOf(loan.applicationId)).toEqual(before);
  });

  it("names the field of bad input and saves nothing: no value, a day in the future, no report", async () => {
    const loan = await inClosing(server, { freeAndClear: true });
    const today = homeToday(server);
    const before = await stateOf(loan.applicationId);
    const noValue = await recordValuation(loan.staff, { ...appraisal(loan, today), value: "a lot" });
    expect([noValue.status, noValue.body.error.field]).toEqual([400, "value"]);
    const future = await recordValuation(loan.staff, {
      ...appraisal(loan, today),
      effectiveOn: "2999-01-01",
    });
    expect([future.status, future.body.error.field]).toEqual([400, "effectiveOn"]);
    expect(future.body.error.message).toMatch(/cannot be after today/);
    const noReport = await recordValuation(loan.staff, appraisal(loan, today), null);
    expect([noReport.status, noReport.body.error.field]).toEqual([400, "file"]);
    const noKind = await recordValuation(loan.staff, { ...appraisal(loan, today), kind: "guess" });
    expect([noKind.status, noKind.body.error.field]).toEqual([400, "kind"]);
    expect(await stateOf(loan.applicationId)).toEqual(before);
  });

  it("the remote AVM adapter refuses: no AVM service is connected, and no value is made up", async () => {
    await expect(new RemoteAvmStub().record()).rejects.toThrow(/No automated valuation service is connected/);
  });
});

describe("the applicant's copy", () => {
  it("is mailed at once with the report to a borrower with E-SIGN consent, queued for mail for one without, listed on both sides, and audited", async () => {
    const loan = await inClosing(server, { freeAndClear: true, consents: { coborrower: false } });
    const today = homeToday(server);
    const done = await recordValuation(loan.staff, appraisal(loan, today));
    expect(done.status).toBe(201);
    expect(done.body.valuations).toEqual([
      expect.objectContaining({ kind: "appraisal", value: 612000, effectiveOn: today, copySentOn: today }),
    ]);
    const mail = newestMail(server.dataDir, loan.email, {
      containing: /^Subject: Copy of your home's valuation/m,
      raw: true,
    });
    expect(mail).not.toBeNull();
    expect(mailAttachment(mail!, "valuation-copy.pdf")).toBeTruthy();
    expect(mailAttachment(mail!, "appraisal.pdf")).toBeTruthy();

    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(file.valuations).toEqual([
      expect.objectContaining({
        kind: "appraisal",
        provider: appraisal(loan, today).provider,
        reportId: expect.any(String),
      }),
    ]);
    expect(file.notices.filter((n) => n.kind === "valuation").map((n) => [n.to, n.delivery.via])).toEqual([
      ["borrower", "electronic"],
      ["coborrower", "mail"],
    ]);
    const queued = file.notices.find((n) => n.kind === "valuation" && n.to === "coborrower")!;
    expect(queued.delivery.why).toBe("No E-SIGN consent on file");
    expect(queued.delivery.mailingAddress).toMatch(/\d{5}/);

    const mine = await loan.borrower.trpc.loan.mine.query();
    expect(mine!.valuations).toEqual([expect.objectContaining({ kind: "appraisal", copySentOn: today })]);
    expect(mine!.notices.filter((n) => n.kind === "valuation")).toEqual([
      expect.objectContaining({ title: "Copy of your home's valuation", via: "electronic" }),
    ]);
    // The report is stored like the other documents: staff open it by its upload id.
    const opened = await loan.staff.fetch(`${server.url}/api/upload/${file.valuations[0]!.reportId}`, {
      headers: { "X-Same-Origin": "1" },
    });
    expect(opened.status).toBe(200);
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, loan.applicationId));
    expect(audit.map((a) => a.action)).toContain("loan.valuation:appraisal");
  });
});

describe("the account opening of a first-lien line", () => {
  it("is refused while a valuation copy was given fewer than three business days before, and saves nothing; it opens with the applicant's waiver given three business days before, not with one given the same day", async () => {
    const start = clock;
    try {
      const waiving = await inClosing(server, { freeAndClear: true });
      const late = await inClosing(server, { freeAndClear: true });
      const waived = await waiving.borrower.trpc.loan.waiveValuationTiming.mutate();
      expect(waived.valuationWaiver).toEqual({ at: expect.any(String) });
      // Six days on (three business days at least, holidays included), the valuation arrives; portal
      // sessions end after a quiet while, so staff sign in again.
      clock = new Date(start.getTime() + 6 * DAY);
      const today = homeToday(server);
      const admin = await staff("admin");
      const notarizeBy = (loan: Loan) =>
        admin.trpc.portal.loan.recordNotarization.mutate({
          applicationId: loan.applicationId,
          notaryName: "Dana Notary",
          commission: "CA-2456789",
          commissionExpires: null,
          notarizedOn: today,
          place: "San Diego, CA",
        });

      expect((await recordValuation(admin, appraisal(late, today))).status).toBe(201);
      await signBoth(late);
      await notarizeBy(late);
      // The server tried to open it after the notarization and could not: the copy is too recent.
      const before = await fileRow(late.applicationId);
      expect(before.milestone).toBe("closing");
      const refused = admin.trpc.portal.loan.move.mutate({
        applicationId: late.applicationId,
        transition: "openAccount",
      });
      expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
      await expect(refused).rejects.toThrow(/copy of every valuation at least three business days before/);
      const after = await fileRow(late.applicationId);
      expect([after.revision, after.milestone]).toEqual([before.revision, "closing"]);
      expect(JSON.parse(after.document).accountOpenedAt).toBeUndefined();
      // A waiver given today is too late to count (it must come three business days before).
      await late.borrower.trpc.loan.waiveValuationTiming.mutate();
      expect(
        await codeOf(
          admin.trpc.portal.loan.move.mutate({
            applicationId: late.applicationId,
            transition: "openAccount",
          }),
        ),
      ).toBe("PRECONDITION_FAILED");

      expect((await recordValuation(admin, appraisal(waiving, today))).status).toBe(201);
      await signBoth(waiving);
      await notarizeBy(waiving);
      // Waived in time: the server opened the account itself after the notarization.
      expect((await fileRow(waiving.applicationId)).milestone).toBe("accountOpened");
      const audit = await server.services.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.applicationId, waiving.applicationId));
      expect(audit.map((a) => a.action)).toContain("loan.valuation:waived:borrower");
    } finally {
      clock = start;
    }
  });

  it("is refused with a valuation whose copy was never given, even with the waiver", async () => {
    const loan = await inClosing(server, {
      freeAndClear: true,
      consents: { borrower: false, coborrower: false },
    });
    const today = homeToday(server);
    const done = await recordValuation(loan.staff, appraisal(loan, today));
    expect(done.body.valuations[0].copySentOn).toBeNull(); // both copies wait in the print-and-mail queue
    await loan.borrower.trpc.loan.waiveValuationTiming.mutate();
    await signBoth(loan);
    await notarize(loan, today);
    expect(await codeOf(move(loan, "openAccount"))).toBe("PRECONDITION_FAILED");
    expect((await fileRow(loan.applicationId)).milestone).toBe("closing");
  });
});

describe("the print-and-mail queue", () => {
  it("records the day staff mailed a paper copy, refusing a role without notices.mail, a day before it was given or after today (naming the field), an emailed notice and a second record, saving nothing", async () => {
    const loan = await inClosing(server, { freeAndClear: true, consents: { coborrower: false } });
    const today = homeToday(server);
    expect((await recordValuation(loan.staff, appraisal(loan, today))).status).toBe(201);
    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    const paper = file.notices.find((n) => n.kind === "valuation" && n.delivery.via === "mail")!;
    const emailed = file.notices.find((n) => n.kind === "valuation" && n.delivery.via === "electronic")!;
    const before = await stateOf(loan.applicationId);
    const mailed = (b: Browser, noticeId: string, mailedOn: string) =>
      b.trpc.portal.loan.recordNoticeMailed.mutate({ applicationId: loan.applicationId, noticeId, mailedOn });

    expect(await codeOf(mailed(await staff("loanOfficer"), paper.id, today))).toBe("FORBIDDEN");
    const future = mailed(loan.staff, paper.id, "2999-01-01");
    expect(await codeOf(future)).toBe("BAD_REQUEST");
    await expect(future).rejects.toThrow(/between the day the notice was given/);
    expect(await codeOf(mailed(loan.staff, paper.id, "2020-01-01"))).toBe("BAD_REQUEST");
    expect(await codeOf(mailed(loan.staff, emailed.id, today))).toBe("CONFLICT");
    expect(await stateOf(loan.applicationId)).toEqual(before);

    const after = await mailed(loan.staff, paper.id, today);
    expect(after.notices.find((n) => n.id === paper.id)!.delivery).toMatchObject({
      via: "mail",
      mailedOn: today,
    });
    expect(await codeOf(mailed(loan.staff, paper.id, today))).toBe("CONFLICT");
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, loan.applicationId));
    expect(audit.map((a) => a.action)).toContain("loan.noticeMailed:valuation:coborrower");
  });

  it("opens the account of a borrower household without E-SIGN consent once the mailed copy counts as delivered (three business days after mailing) and three business days more have passed, never before", async () => {
    const start = clock;
    try {
      const loan = await inClosing(server, {
        freeAndClear: true,
        consents: { borrower: false, coborrower: false },
      });
      const today = homeToday(server);
      expect((await recordValuation(loan.staff, appraisal(loan, today))).status).toBe(201);
      const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
      for (const n of file.notices.filter((x) => x.kind === "valuation"))
        await loan.staff.trpc.portal.loan.recordNoticeMailed.mutate({
          applicationId: loan.applicationId,
          noticeId: n.id,
          mailedOn: today,
        });
      expect(
        (await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId })).valuations[0],
      ).toMatchObject({ copySentOn: null, copyMailedOn: today });
      const mine = await loan.borrower.trpc.loan.mine.query();
      expect(mine!.notices.find((n) => n.kind === "valuation")).toMatchObject({
        via: "mail",
        mailedOn: today,
      });
      await signBoth(loan);
      await notarize(loan, today);
      expect(await codeOf(move(loan, "openAccount"))).toBe("PRECONDITION_FAILED");
      expect((await fileRow(loan.applicationId)).milestone).toBe("closing");

      // Eleven days on: at least six business days (Sundays and holidays left out) have passed.
      clock = new Date(start.getTime() + 11 * DAY);
      const admin = await staff("admin");
      await admin.trpc.portal.loan.move.mutate({
        applicationId: loan.applicationId,
        transition: "openAccount",
      });
      expect((await fileRow(loan.applicationId)).milestone).toBe("accountOpened");
    } finally {
      clock = start;
    }
  });
});
