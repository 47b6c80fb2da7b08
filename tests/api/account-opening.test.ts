// Account opening starts the clocks (issue 35, items 5 and 6; 12 CFR 1026.15): signing the early
// disclosures starts nothing; the account opens at the openAccount move, once every borrower has
// signed the closing package in their own session and the notarization is recorded; only then does
// each owner whose principal dwelling the home is (their own answer) get the notice of the right to
// cancel and their three business days, to midnight where the home is; no draw goes out until the
// last owner's period ends, and funding is a portal move with its own permission that releases the
// first draw to the account the applicant gave and mails them.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, loanFiles } from "@server/persistence/db/schema";
import { RemoteOnlineNotarizationStub } from "@server/features/loan/notarization";
import { recordNotarization } from "@server/features/loan/closing";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import {
  homeToday,
  inClosing,
  move,
  notarize,
  openedLoan,
  signBoth,
  TWO_BORROWERS,
  type Loan,
} from "../helpers/closing";
import { mailAttachment, pdfProse } from "../helpers/pdf";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

// An injected clock: sessions run on it too, so it stays near the real time unless a test moves it.
const NOW = Date.now();
let clock = new Date(NOW);
const DAY = 86_400_000;
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ now: () => clock });
});
afterAll(() => server.close());

const row = async (id: string) =>
  (await server.services.db.select().from(loanFiles).where(eq(loanFiles.applicationId, id)))[0]!;
const fileOf = (loan: Loan) => loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
const noticeAudits = async (applicationId: string) =>
  server.services.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.applicationId, applicationId), like(auditEvents.action, "rescission.notice:%")),
    );
const NOTICE_SUBJECT = /^Subject: Notice of right to cancel/m;
const noticeMailTo = (email: string) => {
  try {
    return newestMail(server.dataDir, email, { containing: NOTICE_SUBJECT, raw: true });
  } catch {
    return null;
  }
};

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return b;
}

describe("signing the early disclosures starts nothing", () => {
  it("gives no notice of the right to cancel, mails none, and leaves no period to run", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(TWO_BORROWERS);
    doc.user.email = email;
    doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
    const who = await makeApplicant(server.services, { email, status: "disclosures", doc });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email, password: who.password });
    await b.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: {
        esign: {
          consent: { accepted: true },
          disclosures: { acknowledged: true },
          acknowledgments: { agreed: true },
          signature: { borrowerName: "Maria Alvarez" },
        },
      },
    });
    expect(await b.trpc.rescission.mine.query()).toMatchObject({ period: null, open: false, pdfUrl: null });
    expect(noticeMailTo(email)).toBeNull();
    expect(await noticeAudits(who.applicationId)).toEqual([]);
    expect((await b.fetch(`${server.url}/api/notices/right-to-cancel/borrower.pdf`)).status).toBe(404);
  });
});

describe("closing: the package, each borrower's signature, the notarization", () => {
  it("makes the package at clear to close from the approved terms: the credit agreement, the deed of trust of a California home, the account-opening disclosures with the billing rights", async () => {
    const loan = await inClosing(server);
    const file = await fileOf(loan);
    expect(file.milestone).toBe("closing");
    expect(file.closing!.documents.map((d) => [d.id, d.title])).toEqual([
      ["credit-agreement", "Home equity line of credit agreement"],
      ["security-instrument", "Deed of trust (securing a home equity line of credit)"],
      ["account-opening-disclosures", "Account-opening disclosures and your billing rights"],
    ]);
    const mine = (await loan.borrower.trpc.loan.mine.query())!;
    const agreement = mine.closing!.documents.find((d) => d.id === "credit-agreement")!.text;
    expect(agreement).toContain(`credit limit of **$${file.terms!.lineAmount.toLocaleString("en-US")}**`);
    expect(agreement).toContain("**Borrowers:** Maria Alvarez and James Alvarez");
    const opening = mine.closing!.documents.find((d) => d.id === "account-opening-disclosures")!.text;
    expect(opening).toContain("Your billing rights: keep this document for future use");
    expect(opening).toContain(`| **ANNUAL PERCENTAGE RATE** today | ${file.terms!.apr.toFixed(2)}% |`);
    expect(mine.closing!.signedByMe).toBe(false);
  });

  it("records each borrower's own signature of the exact documents, and refuses a second one", async () => {
    const loan = await inClosing(server);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    const file = await fileOf(loan);
    expect(file.closing!.signedBy.map((s) => s.role)).toEqual(["borrower"]);
    expect(file.milestone).toBe("closing");
    expect(
      await codeOf(loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true })),
    ).toBe("CONFLICT");
  });

  it("refuses a notarization that cannot have happened, by its field, and one without closing.notarize; the remote online adapter refuses rather than report one", async () => {
    const loan = await inClosing(server);
    const before = await row(loan.applicationId);
    const tomorrow = new Date(clock.getTime() + 2 * DAY).toISOString().slice(0, 10);
    expect(await fieldErrorsOf(notarize(loan, tomorrow))).toEqual([
      expect.objectContaining({
        pointer: "/notarizedOn",
        message: "The day of the notarization cannot be after today.",
      }),
    ]);
    const officer = await staff("loanOfficer");
    expect(
      await codeOf(
        officer.trpc.portal.loan.recordNotarization.mutate({
          applicationId: loan.applicationId,
          notaryName: "Dana Notary",
          commission: "1",
          notarizedOn: homeToday(server),
          place: "San Diego, CA",
        }),
      ),
    ).toBe("FORBIDDEN");
    const remote = { ...server.services, notarization: new RemoteOnlineNotarizationStub() };
    const admin = await makePortalUser(server.services, { role: "admin" });
    const refused = recordNotarization(remote, { id: admin.id, role: "admin", can: () => true } as never, {
      applicationId: loan.applicationId,
      notaryName: "Dana Notary",
      commission: "1",
      notarizedOn: homeToday(server),
      place: "online",
    });
    await expect(refused).rejects.toThrow(/Remote online notarization is not connected/);
    const after = await row(loan.applicationId);
    expect(after.revision).toBe(before.revision);
    expect(JSON.parse(after.document).notarization).toBeUndefined();
  });
});

describe("the account opening (openAccount)", () => {
  it("is refused without every borrower's signature, and saves nothing: no period, no notice", async () => {
    const loan = await inClosing(server);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    await notarize(loan, homeToday(server));
    const before = await row(loan.applicationId);
    expect(before.milestone).toBe("closing");
    const refused = move(loan, "openAccount");
    expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
    await expect(refused).rejects.toThrow(/Every borrower has signed the closing package/);
    const after = await row(loan.applicationId);
    expect(after.revision).toBe(before.revision);
    expect(JSON.parse(after.document).accountOpenedAt).toBeUndefined();
    expect(await loan.borrower.trpc.rescission.mine.query()).toMatchObject({ period: null, open: false });
    expect(await noticeAudits(loan.applicationId)).toEqual([]);
  });

  it("is refused without the notarization, and saves nothing", async () => {
    const loan = await inClosing(server);
    await signBoth(loan);
    const before = await row(loan.applicationId);
    const refused = move(loan, "openAccount");
    expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
    await expect(refused).rejects.toThrow(/A notarization of the security instrument is recorded/);
    const after = await row(loan.applicationId);
    expect([after.revision, after.milestone]).toEqual([before.revision, "closing"]);
    expect(noticeMailTo(loan.email)).toBeNull();
  });

  it("opens once both signed and it is notarized: each owner whose principal dwelling it is gets two copies of the notice, e-delivered with consent, mailed to the owner who is not applying", async () => {
    const loan = await openedLoan(server);
    const file = await fileOf(loan);
    expect(file.milestone).toBe("accountOpened");
    expect(file.accountOpenedAt).toBe(clock.toISOString());
    expect(file.history.map((h) => h.transition).slice(-1)).toEqual(["openAccount"]);
    const notices = file.notices.filter((n) => n.kind === "rightToCancel");
    // Tom said the home is not his principal dwelling: no right, no notice.
    expect(notices.map((n) => [n.to, n.delivery.via])).toEqual([
      ["borrower", "electronic"],
      ["coborrower", "electronic"],
      ["owner-1", "mail"],
    ]);
    expect(notices[2]!.delivery.mailingAddress).toBe("2417 Adams Ave, San Diego, CA 92116");
    for (const [email, name] of [
      [loan.email, "Maria Alvarez"],
      [loan.coEmail, "James Alvarez"],
    ] as const) {
      const text = pdfProse(mailAttachment(noticeMailTo(email)!, "notice-of-right-to-cancel.pdf")!);
      expect(text).toContain(`Copy 1 of 2 for ${name}: keep this copy`);
      expect(text).toContain(`Copy 2 of 2 for ${name}: to cancel, sign and date this copy and send it to us`);
    }
    const right = file.rightToCancel!;
    expect(right.period!.timeZone).toBe("America/Los_Angeles");
    expect(right.owners.map((o) => [o.key, o.period === null])).toEqual([
      ["borrower", false],
      ["coborrower", false],
      ["owner-1", true], // mailed, no delivery recorded: not started
    ]);
    expect((await loan.borrower.trpc.loan.mine.query())!.label).toBe("Your line is open");
  });

  it("gives the right to an owner who lives there while the borrower calls the home a second home, and to nobody who said it is not their principal dwelling", async () => {
    const loan = await openedLoan(server, {
      usage: "secondHome",
      occupancy: { borrower: false, coborrower: false, "owner-1": true, "owner-2": false },
    });
    const file = await fileOf(loan);
    expect(file.rightToCancel!.owners.map((o) => o.key)).toEqual(["owner-1"]);
    expect(noticeMailTo(loan.email)).toBeNull();
    expect(await loan.borrower.trpc.rescission.mine.query()).toMatchObject({ applies: true, holder: null });
  });

  it("counts the opening day in the home's time zone (a California home: Pacific time)", async () => {
    const loan = await openedLoan(server, { state: "CA" });
    const file = await fileOf(loan);
    expect(file.rightToCancel!.period!.timeZone).toBe("America/Los_Angeles");
    expect(file.rightToCancel!.period!.startDate).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(clock),
    );
  });
});

describe("funding (1026.15(c))", () => {
  it("refuses the draw until the last owner's period ends, then releases it to the account given and mails the applicant", async () => {
    const start = clock;
    try {
      const loan = await openedLoan(server);
      const opened = (await fileOf(loan)).rightToCancel!.period!;
      // Rosa's mailed notice reached her two days later: her three business days run from then.
      // (Portal sessions end after a quiet while: staff sign in again on each day the clock moves to.)
      clock = new Date(start.getTime() + 2 * DAY);
      const rosaGot = homeToday(server);
      await (
        await staff("closer")
      ).trpc.portal.notices.recordDelivery.mutate({
        applicationId: loan.applicationId,
        holder: "owner-1",
        deliveredOn: rosaGot,
        via: "mail",
      });
      const closerFile = async () =>
        (await staff("closer")).trpc.portal.loan.get.query({ applicationId: loan.applicationId });
      const rosa = (await closerFile()).rightToCancel!.owners.find((o) => o.key === "owner-1")!;
      expect(rosa.period!.startDate).toBe(rosaGot);
      expect(rosa.period!.endDate > opened.endDate).toBe(true);

      const at = (day: string) => new Date(`${day}T17:00:00Z`); // morning in the home's time zone (Pacific)
      const fund = async () =>
        (await staff("closer")).trpc.portal.loan.move.mutate({
          applicationId: loan.applicationId,
          transition: "fund",
        });
      // During the borrowers' own period, and after it while Rosa's runs: held.
      for (const day of [opened.endDate, opened.earliestDisbursementDate]) {
        clock = at(day);
        const refused = fund();
        expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
        await expect(refused).rejects.toThrow(/Every period to cancel has ended/);
        expect((await row(loan.applicationId)).milestone).toBe("accountOpened");
      }
      clock = at(rosa.period!.endDate);
      expect(await codeOf(fund())).toBe("PRECONDITION_FAILED");
      // The day after Rosa's last day: released.
      clock = at(rosa.period!.earliestDisbursementDate);
      const done = await fund();
      expect(done.milestone).toBe("funded");
      expect(done.funding).toMatchObject({
        amount: 25000,
        accountLast4: "6789",
        fundedAt: clock.toISOString(),
      });
      expect(
        newestMail(server.dataDir, loan.email, { containing: /Your first draw is on its way/ }),
      ).toContain("$25,000");
      const borrower = browser(server.url);
      await borrower.auth("Applicant", "callback/credentials", {
        email: loan.email,
        password: "correct horse battery",
      });
      const mine = (await borrower.trpc.loan.mine.query())!;
      expect([mine.label, mine.funding?.amount]).toEqual(["Funded", 25000]);
    } finally {
      clock = start;
    }
  });

  it("refuses funding to a role without loan.fund, even once every period has ended, and saves nothing", async () => {
    const start = clock;
    try {
      const loan = await openedLoan(server, {
        occupancy: { borrower: true, coborrower: true, "owner-1": false, "owner-2": false },
      });
      const { period } = (await fileOf(loan)).rightToCancel!;
      clock = new Date(`${period!.earliestDisbursementDate}T17:00:00Z`);
      const processor = await staff("processor");
      const before = await row(loan.applicationId);
      const refused = processor.trpc.portal.loan.move.mutate({
        applicationId: loan.applicationId,
        transition: "fund",
      });
      expect(await codeOf(refused)).toBe("FORBIDDEN");
      await expect(refused).rejects.toThrow(/it needs the permission loan\.fund/);
      const after = await row(loan.applicationId);
      expect([after.revision, after.milestone]).toEqual([before.revision, "accountOpened"]);
      // The closer may.
      const closer = await staff("closer");
      expect(
        (await closer.trpc.portal.loan.move.mutate({ applicationId: loan.applicationId, transition: "fund" }))
          .milestone,
      ).toBe("funded");
    } finally {
      clock = start;
    }
  });
});
