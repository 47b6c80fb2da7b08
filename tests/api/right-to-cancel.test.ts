// Rescission per owner (Regulation Z 12 CFR 1026.15): each owner on the title who said the home is
// their principal dwelling receives the formal notice (1026.15(b): two copies, the last day to
// cancel) when the account opens (after closing: every borrower signed, the notarization recorded;
// tests/helpers/closing.ts), and may cancel: online in their own session, or by mail, recorded by
// portal staff. A cancellation is recorded (who, how, when), moves the application to the cancelled
// status the rules name and the loan file to Cancelled, and no draw can ever be released after it.
import { TRPCClientError } from "@trpc/client";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, users } from "@server/persistence/db/schema";
import { cancelLine } from "@server/features/esign/cancellation";
import { assertDrawMayBeReleased } from "@server/features/esign/draw-release";
import { longDate } from "@server/features/esign/values";
import { applicationStore } from "@server/persistence/store/applications";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { inClosing, openedLoan, type LoanSetup } from "../helpers/closing";
import { mailAttachment, pdfPages, pdfProse } from "../helpers/pdf";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";
import { loanFiles } from "@server/persistence/db/schema";

const PDF = "notice-of-right-to-cancel.pdf";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

/**
 * A two-borrower loan whose account opened today, on a home both borrowers and Rosa (not applying)
 * say is their principal dwelling; Tom, also on the title, says it is not his.
 */
async function opened(setup: LoanSetup = {}) {
  const loan = await openedLoan(server, setup);
  return { ...loan, b: loan.borrower };
}

const failure = (e: unknown) =>
  (e as TRPCClientError<never>).data as unknown as { httpStatus: number; route?: string } & Record<
    string,
    unknown
  >;

async function staff(role = "admin") {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return { ...person, b };
}

describe("the notice of the right to cancel (1026.15(b))", () => {
  it("is given to each owner who has the right when the account opens: e-delivered to each borrower as a PDF with two copies and the last day to cancel", async () => {
    const who = await opened();
    const mine = await who.b.trpc.rescission.mine.query();
    expect(mine).toMatchObject({
      applies: true,
      holder: { key: "borrower", name: "Maria Alvarez" },
      open: true,
      cancellation: null,
      pdfUrl: "/api/notices/right-to-cancel/borrower.pdf",
    });
    const { endDate, startDate } = mine.period!;
    expect(endDate > startDate).toBe(true);

    for (const [email, name] of [
      [who.email, "Maria Alvarez"],
      [who.coEmail, "James Alvarez"],
    ] as const) {
      const mail = newestMail(server.dataDir, email, {
        containing: /^Subject: Notice of right to cancel/m,
        raw: true,
      });
      const pdf = mailAttachment(mail, PDF)!;
      expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(2);
      const text = pdfProse(pdf);
      expect(text).toContain(`Copy 1 of 2 for ${name}: keep this copy`);
      expect(text).toContain(`Copy 2 of 2 for ${name}: to cancel, sign and date this copy and send it to us`);
      expect(text).toContain(
        "You have a legal right under federal law to cancel the account, without cost, within three business days",
      );
      expect(text).toContain(`you must send the notice no later than midnight of ${longDate(endDate)}`);
      expect(text.match(/Notice of right to cancel/g)!.length).toBeGreaterThanOrEqual(2);
    }
    // Rosa owns the home and it is her principal dwelling, but she is not applying: her notice is listed for mailing; Tom said it is not his and has no right.
    const given = await server.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, who.applicationId),
          like(auditEvents.action, "rescission.notice:%"),
        ),
      );
    expect(given.map((e) => [e.action, JSON.parse(e.changed)[0]])).toEqual([
      ["rescission.notice:borrower", "email"],
      ["rescission.notice:coborrower", "email"],
      ["rescission.notice:owner-1", "mail"],
    ]);
  });

  it("downloads the holder's own notice only, and none before the account opens", async () => {
    const before = await inClosing(server);
    expect(
      (await before.borrower.fetch(`${server.url}/api/notices/right-to-cancel/borrower.pdf`)).status,
    ).toBe(404);
    expect((await before.borrower.trpc.rescission.mine.query()).pdfUrl).toBeNull();
    const who = await opened();
    const res = await who.b.fetch(`${server.url}/api/notices/right-to-cancel/borrower.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${PDF}"`);
    expect(pdfProse(new Uint8Array(await res.arrayBuffer()))).toContain("For: Maria Alvarez");
    expect((await who.b.fetch(`${server.url}/api/notices/right-to-cancel/coborrower.pdf`)).status).toBe(404);
    expect((await who.b.fetch(`${server.url}/api/notices/right-to-cancel/owner-1.pdf`)).status).toBe(404);
  });

  it("is given to nobody when no owner says the home is their principal dwelling", async () => {
    const who = await opened({
      usage: "investment",
      occupancy: { borrower: false, coborrower: false, "owner-1": false, "owner-2": false },
    });
    expect(await who.b.trpc.rescission.mine.query()).toMatchObject({
      applies: false,
      holder: null,
      period: null,
      open: false,
    });
    expect(() =>
      newestMail(server.dataDir, who.email, { containing: /^Subject: Notice of right to cancel/m }),
    ).toThrow(/no mail/);
    // The portal says why: every owner on the title answered, none of them lives there.
    const admin = await staff();
    const { rightToCancel } = await admin.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    expect(rightToCancel).toMatchObject({ applies: false, titleOwners: 4, undecidedOwners: 0 });
  });

  it("is not denied in the portal before the owners answer: a primary residence at the offer has no holder yet, and says the owners have not answered", async () => {
    const who = await makeApplicant(server.services, {
      status: "previewOffer",
      doc: { setup: { propertyUsage: "primaryResidence" } },
    });
    const admin = await staff();
    const { rightToCancel } = await admin.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    expect(rightToCancel.applies).toBe(false);
    // Nobody has been asked yet: every owner the title names so far is undecided, so "no right" would be untrue.
    expect(rightToCancel.undecidedOwners).toBe(rightToCancel.titleOwners);
  });

  it("lists each owner's notice in the portal file, with how it goes out and its PDF for staff to mail", async () => {
    const who = await opened();
    const admin = await staff();
    const notices = await admin.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    const { period } = notices.rightToCancel;
    const own = {
      startDate: period!.startDate,
      endDate: period!.endDate,
      earliestDisbursementDate: period!.earliestDisbursementDate,
    };
    expect(notices.rightToCancel.holders).toEqual([
      {
        key: "borrower",
        name: "Maria Alvarez",
        delivery: "email",
        deliveredOn: period!.startDate,
        deliveryRecorded: null,
        period: own,
        open: true,
        pdfUrl: `/api/notices/right-to-cancel/borrower.pdf?application=${who.applicationId}`,
      },
      {
        key: "coborrower",
        name: "James Alvarez",
        delivery: "email",
        deliveredOn: period!.startDate,
        deliveryRecorded: null,
        period: own,
        open: true,
        pdfUrl: `/api/notices/right-to-cancel/coborrower.pdf?application=${who.applicationId}`,
      },
      // Mailed: no delivery recorded yet, so Rosa's period has not started.
      {
        key: "owner-1",
        name: "Rosa Alvarez",
        delivery: "mail",
        deliveredOn: null,
        deliveryRecorded: null,
        period: null,
        open: true,
        pdfUrl: `/api/notices/right-to-cancel/owner-1.pdf?application=${who.applicationId}`,
      },
    ]);
    expect(notices.rightToCancel.drawReleasable).toBe(false);
    const rosa = await admin.b.fetch(`${server.url}${notices.rightToCancel.holders[2]!.pdfUrl}`);
    expect(rosa.status).toBe(200);
    expect(pdfProse(new Uint8Array(await rosa.arrayBuffer()))).toContain("Copy 2 of 2 for Rosa Alvarez");
  });
});

describe("cancelling (1026.15(a)(2), (d))", () => {
  it("lets a holder cancel in their own session: recorded with who and when, the application moves to the cancelled status and the loan file to Cancelled, and nothing on it can change", async () => {
    const who = await opened();
    const done = await who.b.trpc.rescission.cancel.mutate({ typedName: "Maria Alvarez", confirm: true });
    expect(done).toMatchObject({ name: "Maria Alvarez", via: "online" });
    const app = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!;
    expect(app.status).toBe("rescinded");
    expect((app.doc as any).rescission.cancellation).toMatchObject({
      holder: "borrower",
      name: "Maria Alvarez",
      signature: "Maria Alvarez",
      via: "online",
      sentOn: done.sentOn,
      recordedBy: { kind: "applicant", id: who.userId },
    });
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, who.applicationId),
          eq(auditEvents.action, "rescission.cancelled:borrower"),
        ),
      );
    expect(audits).toHaveLength(1);
    const [file] = await server.services.db
      .select()
      .from(loanFiles)
      .where(eq(loanFiles.applicationId, who.applicationId));
    expect(file!.milestone).toBe("rescinded");
    // The status's page, from the rules' status-to-route map, is where the applicant goes.
    expect((await who.b.session()).applicationRoute).toBe("/app/right-to-cancel");
    const refused = await who.b.trpc.step.submit
      .mutate({ stepId: "identityVerification", answers: {} })
      .catch(failure);
    expect(refused).toMatchObject({ httpStatus: 403, route: "/app/right-to-cancel" });
    expect(
      newestMail(server.dataDir, who.coEmail, { containing: /^Subject: Your line of credit is cancelled/m }),
    ).toContain("from Maria Alvarez, sent on");
    expect(await who.b.trpc.rescission.mine.query()).toMatchObject({
      open: false,
      cancellation: { name: "Maria Alvarez", via: "online" },
    });
    // A second cancellation has nothing left to cancel.
    expect(
      failure(
        await who.b.trpc.rescission.cancel
          .mutate({ typedName: "Maria Alvarez", confirm: true })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({ httpStatus: 409 });
  });

  it("mails each borrower the cancellation in their account's language: Spanish to one who chose Español", async () => {
    const who = await opened();
    await server.services.db.update(users).set({ locale: "es" }).where(eq(users.email, who.coEmail));
    const done = await who.b.trpc.rescission.cancel.mutate({ typedName: "Maria Alvarez", confirm: true });
    const spanish = Buffer.from(
      newestMail(server.dataDir, who.coEmail, { containing: /enviada por Maria Alvarez/ }),
      "latin1",
    ).toString("utf8");
    expect(spanish).toContain(
      `Recibimos la cancelación de su línea de crédito sobre el valor líquido de la vivienda (HELOC), enviada por Maria Alvarez el ${longDate(done.sentOn, "es-US")}`,
    );
    expect(spanish).not.toMatch(/We received a cancellation|\{\{/);
    expect(
      newestMail(server.dataDir, who.email, { containing: /^Subject: Your line of credit is cancelled/m }),
    ).toContain(`from Maria Alvarez, sent on ${longDate(done.sentOn)}`);
  });

  it("refuses a second cancellation in the reader's language, the day written in it: Spanish for one who chose Español", async () => {
    const who = await opened();
    const done = await who.b.trpc.rescission.cancel.mutate({ typedName: "Maria Alvarez", confirm: true });
    const again = async (lang: string) => {
      who.b.cookies.set("heloc.lang", lang);
      return (await who.b.trpc.rescission.cancel
        .mutate({ typedName: "Maria Alvarez", confirm: true })
        .catch((e: unknown) => e)) as TRPCClientError<never>;
    };
    const spanish = await again("es");
    expect(failure(spanish)).toMatchObject({ httpStatus: 409 });
    expect(spanish.message).toBe(
      `Maria Alvarez ya canceló esta línea de crédito el ${longDate(done.sentOn, "es-US")}.`,
    );
    expect(spanish.message).toMatch(/ el \p{Ll}+, \d{1,2} de \p{Ll}+ de \d{4}\.$/u);
    const english = await again("en");
    expect(english.message).toBe(
      `This line was already cancelled by Maria Alvarez on ${longDate(done.sentOn)}.`,
    );
  });

  it("never lets the draw be released after a cancellation, however long after", async () => {
    const who = await opened();
    await who.b.trpc.rescission.cancel.mutate({ typedName: "Maria Alvarez", confirm: true });
    const { services } = server;
    const app = (await applicationStore(services).byId(services.db, who.applicationId))!;
    const inAYear = new Date(Date.now() + 365 * 86400000);
    for (const status of ["funded", "disbursed"]) {
      const refused = await assertDrawMayBeReleased(
        services.db,
        services,
        app,
        app.doc,
        status,
        inAYear,
      ).catch((e: unknown) => e);
      expect((refused as Error).message).toMatch(
        new RegExp(
          `^The line cannot move to "${status}": Maria Alvarez cancelled the line under the right to cancel on .*: no draw can ever be released\\.$`,
        ),
      );
    }
  });

  it("refuses a cancellation before the account opens, and by someone without the right", async () => {
    const early = await inClosing(server);
    expect(
      failure(
        await early.borrower.trpc.rescission.cancel
          .mutate({ typedName: "Maria Alvarez", confirm: true })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({ httpStatus: 412 });
    const notOnTitle = await opened({
      titleHolders: { borrowerOnTitle: false, coborrowerOnTitle: true },
      occupancy: { coborrower: true },
    });
    expect(
      failure(
        await notOnTitle.b.trpc.rescission.cancel
          .mutate({ typedName: "Maria Alvarez", confirm: true })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({ httpStatus: 403 });
    expect(
      (await applicationStore(server.services).byId(server.services.db, notOnTitle.applicationId))!.status,
    ).not.toBe("rescinded");
  });

  it("refuses a cancellation after midnight of the last day", async () => {
    const who = await opened();
    const later = { ...server.services, now: () => new Date(Date.now() + 10 * 86400000) };
    const refused = await cancelLine(later, {
      applicationId: who.applicationId,
      holder: "borrower",
      via: "online",
      recordedBy: { kind: "applicant", id: who.userId, name: "Maria Alvarez" },
    }).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/^The period to cancel ended at midnight on [A-Z][a-z]+day, /);
  });

  it("lets staff record a cancellation an owner mailed in time, naming who and the day it was sent", async () => {
    const who = await opened();
    const { period } = await who.b.trpc.rescission.mine.query();
    const processor = await staff("processor");
    const recorded = await processor.b.trpc.portal.notices.recordCancellation.mutate({
      applicationId: who.applicationId,
      holder: "owner-1",
      sentOn: period!.startDate,
    });
    expect(recorded).toEqual({ name: "Rosa Alvarez", sentOn: period!.startDate, via: "mail" });
    const app = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!;
    expect(app.status).toBe("rescinded");
    expect((app.doc as any).rescission.cancellation).toMatchObject({
      holder: "owner-1",
      via: "mail",
      recordedBy: { kind: "portal", id: processor.id, name: "Pat Portal" },
    });
    const file = await processor.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    expect(file.rightToCancel).toMatchObject({
      open: false,
      cancellation: { name: "Rosa Alvarez", via: "mail" },
    });
  });

  it("refuses staff a mailed cancellation sent on a day that cannot count, or without the permission", async () => {
    const who = await opened();
    const admin = await staff();
    const future = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
    expect(
      failure(
        await admin.b.trpc.portal.notices.recordCancellation
          .mutate({ applicationId: who.applicationId, holder: "owner-1", sentOn: future })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/sentOn" }],
    });
    expect(
      failure(
        await admin.b.trpc.portal.notices.recordCancellation
          .mutate({ applicationId: who.applicationId, holder: "owner-2", sentOn: future })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({ httpStatus: 400 });
    const officer = await staff("loanOfficer");
    expect(
      failure(
        await officer.b.trpc.portal.notices.recordCancellation
          .mutate({ applicationId: who.applicationId, holder: "owner-1", sentOn: future })
          .catch((e: unknown) => e),
      ),
    ).toMatchObject({ httpStatus: 403 });
    expect(
      (await applicationStore(server.services).byId(server.services.db, who.applicationId))!.status,
    ).not.toBe("rescinded");
  });
});

describe("an owner who is not applying: the mailed notice's delivery (1026.15(a)(3))", () => {
  /** An opened account whose home Rosa owns and lives in. */
  async function signedWithRosa() {
    const who = await opened();
    const app = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!;
    return { who, app };
  }
  const at = (days: number) => new Date(Date.now() + days * 86400000);
  const addDays = (iso: string, days: number) =>
    new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

  it("keeps the draw held while the notice mailed to an owner has no delivery recorded, however long after the signing", async () => {
    const { app } = await signedWithRosa();
    const refused = await assertDrawMayBeReleased(
      server.services.db,
      server.services,
      app,
      app.doc,
      "funded",
      at(365),
    ).catch((e: unknown) => e);
    expect((refused as Error).message).toBe(
      'The line cannot move to "funded": the notice of the right to cancel mailed to Rosa Alvarez has no delivery recorded, so their three business days have not started: no draw can be released before every owner\'s period has ended.',
    );
  });

  it("starts that owner's three business days from the delivery staff record, and holds the draw until they end", async () => {
    const { who, app } = await signedWithRosa();
    const processor = await staff("processor");
    const { period } = (
      await processor.b.trpc.portal.notices.ofApplication.query({ applicationId: who.applicationId })
    ).rightToCancel;
    // Rosa got it the day the account opened at the earliest; here, today (the latest a delivery can be recorded).
    const today = (await who.b.trpc.rescission.mine.query()).period!.startDate;
    const recorded = await processor.b.trpc.portal.notices.recordDelivery.mutate({
      applicationId: who.applicationId,
      holder: "owner-1",
      deliveredOn: today,
      via: "mail",
    });
    expect(recorded).toEqual({ holder: "owner-1", name: "Rosa Alvarez", deliveredOn: today, via: "mail" });
    const file = await processor.b.trpc.portal.notices.ofApplication.query({
      applicationId: who.applicationId,
    });
    const rosa = file.rightToCancel.holders.find((h) => h.key === "owner-1")!;
    expect(rosa).toMatchObject({
      delivery: "mail",
      deliveredOn: today,
      deliveryRecorded: { via: "mail", recordedBy: "Pat Portal" },
      period: { startDate: today },
    });
    expect(rosa.period!.endDate >= period!.endDate).toBe(true);
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, who.applicationId),
          eq(auditEvents.action, "rescission.delivered:owner-1"),
        ),
      );
    expect(audits).toHaveLength(1);

    const saved = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!;
    // On Rosa's last day the draw is held; the day after her period, it may go out.
    const lastDay = new Date(`${rosa.period!.endDate}T16:00:00Z`);
    const refused = await assertDrawMayBeReleased(
      server.services.db,
      server.services,
      saved,
      saved.doc,
      "funded",
      lastDay,
    ).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/Rosa Alvarez's right to cancel runs until midnight on /);
    const dayAfter = new Date(`${rosa.period!.earliestDisbursementDate}T16:00:00Z`);
    await expect(
      assertDrawMayBeReleased(server.services.db, server.services, saved, saved.doc, "funded", dayAfter),
    ).resolves.toBeUndefined();
    expect(app.status).toBe(saved.status);
  });

  it("counts a later delivery: a notice that reached the owner days after the opening runs days later than the borrowers'", async () => {
    const { who } = await signedWithRosa();
    const opened = (await who.b.trpc.rescission.mine.query()).period!;
    // Recorded as of four days on (the services' clock), delivered that day.
    const later = { ...server.services, now: () => at(4) };
    const { recordNoticeDelivery } = await import("@server/features/esign/notice-delivery");
    const deliveredOn = addDays(opened.startDate, 4);
    await recordNoticeDelivery(later, {
      applicationId: who.applicationId,
      holder: "owner-1",
      deliveredOn,
      via: "in person",
      recordedBy: { kind: "portal", id: crypto.randomUUID(), name: "Pat Portal" },
    });
    const saved = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!;
    expect((saved.doc as any).rescission.deliveries["owner-1"]).toMatchObject({
      deliveredOn,
      via: "in person",
    });
    // The borrowers' period is over, Rosa's is not.
    const held = await assertDrawMayBeReleased(
      server.services.db,
      server.services,
      saved,
      saved.doc,
      "funded",
      new Date(`${opened.earliestDisbursementDate}T16:00:00Z`),
    ).catch((e: unknown) => e);
    expect((held as Error).message).toMatch(/Rosa Alvarez's right to cancel runs until midnight on /);
    expect((held as Error).message).not.toMatch(/Maria Alvarez/);
    // And Rosa may still cancel by mail after the borrowers' last day.
    const processor = await staff("processor");
    const cancelled = await cancelLine(
      { ...server.services, now: () => at(5) },
      {
        applicationId: who.applicationId,
        holder: "owner-1",
        via: "mail",
        sentOn: addDays(opened.startDate, 5),
        recordedBy: { kind: "portal", id: processor.id, name: "Pat Portal" },
      },
    );
    expect(cancelled).toMatchObject({ holder: "owner-1", via: "mail" });
  });

  it("refuses a delivery that cannot be: before the account opened, after today, to an owner whose notice is emailed, or without rescission.record", async () => {
    const { who } = await signedWithRosa();
    const admin = await staff();
    const opened = (await who.b.trpc.rescission.mine.query()).period!.startDate;
    const record = (holder: string, deliveredOn: string, b = admin.b) =>
      b.trpc.portal.notices.recordDelivery
        .mutate({ applicationId: who.applicationId, holder, deliveredOn, via: "mail" })
        .catch(failure);
    expect(await record("owner-1", addDays(opened, -1))).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/deliveredOn",
          message: expect.stringMatching(/^The notice was made when the account opened on /),
        },
      ],
    });
    expect(await record("owner-1", addDays(opened, 3))).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        { pointer: "/deliveredOn", message: "The day the notice was delivered cannot be after today." },
      ],
    });
    expect(await record("borrower", opened)).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/holder",
          message: expect.stringMatching(/delivered electronically when the account opened/),
        },
      ],
    });
    expect(await record("owner-2", opened)).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/holder" }],
    });
    expect(await record("owner-1", "2026-02-30")).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/deliveredOn" }],
    });
    const officer = await staff("loanOfficer");
    expect(await record("owner-1", opened, officer.b)).toMatchObject({ httpStatus: 403 });
    // Nothing was saved.
    expect(
      (await applicationStore(server.services).byId(server.services.db, who.applicationId))!.doc.rescission,
    ).toBeUndefined();
  });

  it("has nothing to deliver before the account opens", async () => {
    const who = await inClosing(server);
    const admin = await staff();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await admin.b.trpc.portal.notices.recordDelivery
        .mutate({ applicationId: who.applicationId, holder: "owner-1", deliveredOn: today, via: "mail" })
        .catch(failure),
    ).toMatchObject({ httpStatus: 412 });
  });
});
