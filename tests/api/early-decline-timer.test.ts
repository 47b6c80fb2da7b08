// An early decline the applicant neither confirms nor corrects is issued by the server's sweep
// once params.pricing.unconfirmedDeclineDays have passed since the answer that led to it, so its
// notice goes out within the 30 days of Regulation B 12 CFR 1002.9(a)(1); and the paper notice of
// an early decline waits in the print-and-mail queue until staff with notices.mail record the day
// they mailed it. The clock is injected: a test moves it, never sleeps.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, messageEvents, users } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { sha256Hex } from "@server/features/esign/documents";
import { homeTimeZone } from "@server/features/esign/right-to-cancel";
import { dateInZone } from "@engine/base/dates";
import { signedInStaff } from "../helpers/accounts";
import { singleBorrower, walk } from "../helpers/journeys";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

const DAY = 86_400_000;
let clock = new Date();
let server: TestServer;
beforeAll(async () => {
  server = await testServer({ now: () => clock });
});
afterAll(() => server.close());

/**
 * The day `at` falls on where the application's home is, as the server judges "today" (not UTC's
 * day): from the application as stored, which in the early funnel has no property state yet (the
 * default zone), not from the whole journey's answers.
 */
const dayAt = async (applicationId: string, at: Date) =>
  dateInZone(at, homeTimeZone(server.services.defs, (await appOf(applicationId)).doc));

const DAYS = () =>
  (server.services.defs.params.pricing as { unconfirmedDeclineDays: number }).unconfirmedDeclineDays;

/** An applicant who answers that they had a recent late mortgage payment, and neither confirms nor corrects it. */
async function answeredYes() {
  clock = new Date();
  const b = browser(server.url);
  const doc = singleBorrower();
  await walk(server, b, { until: "hasFbm", doc });
  const result = await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
  expect(result.route).toBe("/app/ineligible/late-payment");
  const [row] = await server.services.db
    .select({ application: applications })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .where(eq(users.email, doc.user.email as string));
  return { b, row: row!.application, answeredAt: clock.toISOString() };
}

const appOf = (id: string) =>
  applicationStore(server.services)
    .byId(server.services.db, id)
    .then((a) => a!);
const rowOf = async (id: string) =>
  (await server.services.db.select().from(applications).where(eq(applications.id, id)))[0]!;
const auditsOf = async (id: string) =>
  (await server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, id))).map((a) => [
    a.action,
    a.actorKind,
  ]);
const sweep = async () => (await server.runSweeps())["unconfirmed early declines"];

describe("an early decline left unconfirmed (12 CFR 1002.9(a)(1))", () => {
  it("is issued by the sweep after params.pricing.unconfirmedDeclineDays, on paper without E-SIGN consent, and once", async () => {
    expect(DAYS()).toBeGreaterThanOrEqual(1);
    expect(DAYS()).toBeLessThan(30);
    const { row, answeredAt } = await answeredYes();
    // The answer starts the clock, and nothing else: no decision, no notice, no audit row.
    expect(row.pendingDeclineSince).toBe(answeredAt);
    clock = new Date(Date.parse(answeredAt) + DAYS() * DAY - 60_000);
    expect(await sweep()).toBe(0);
    expect((await appOf(row.id)).doc.decisions).toBeUndefined();
    expect((await auditsOf(row.id)).filter(([a]) => String(a).startsWith("decision."))).toEqual([]);

    clock = new Date(Date.parse(answeredAt) + DAYS() * DAY + 60_000);
    expect(await sweep()).toBe(1);
    const app = await appOf(row.id);
    const [decision] = app.doc.decisions as Record<string, any>[];
    expect(decision).toMatchObject({
      outcome: "declined",
      ruleId: "pricing.late-payment",
      unconfirmedSince: answeredAt,
      decidedAt: clock.toISOString(),
      // No E-SIGN consent in the early funnel, and no mailing address asked yet: the queue, without one.
      delivery: "mail",
      mailedOn: null,
    });
    expect(decision!.confirmedAt).toBeUndefined();
    expect(decision!.mailTo).toBeUndefined();
    // The notice's PDF is kept by the fingerprint recorded on the decision.
    const pdf = await server.services.storage.get(decision!.notice.pdfSha256);
    expect(pdf && sha256Hex(pdf)).toBe(decision!.notice.pdfSha256);
    expect(await auditsOf(row.id)).toContainEqual([
      "decision.declined:pricing.late-payment:unconfirmed",
      "system",
    ]);
    expect((await rowOf(row.id)).pendingDeclineSince).toBeNull();
    // Issued once: the next round finds nothing.
    expect(await sweep()).toBe(0);
    expect((await appOf(row.id)).doc.decisions).toHaveLength(1);
  });

  it("is never issued once the applicant corrected the answer: the correction stops the clock", async () => {
    const { b, row } = await answeredYes();
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: false } } });
    expect((await rowOf(row.id)).pendingDeclineSince).toBeNull();
    clock = new Date(Date.now() + 40 * DAY);
    await sweep();
    expect((await appOf(row.id)).doc.decisions).toBeUndefined();
  });

  it("keeps the clock from the first answer when the applicant saves the same answer again", async () => {
    const { b, row, answeredAt } = await answeredYes();
    clock = new Date(Date.parse(answeredAt) + 3 * DAY);
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    expect((await rowOf(row.id)).pendingDeclineSince).toBe(answeredAt);
  });

  it("is not issued again after the applicant confirmed it: the confirmation stops the clock", async () => {
    const { b, row } = await answeredYes();
    await b.trpc.decision.confirm.mutate({
      ruleId: "pricing.late-payment",
      mailTo: { line1: "12 Elm Street", line2: null, city: "Springfield", state: "IL", zip: "62701" },
    });
    expect((await rowOf(row.id)).pendingDeclineSince).toBeNull();
    clock = new Date(Date.now() + 40 * DAY);
    await sweep();
    expect((await appOf(row.id)).doc.decisions).toHaveLength(1);
  });
});

describe("recording an early decline's paper notice as mailed", () => {
  it("needs notices.mail, refuses a day after today naming /mailedOn and saving nothing, and is audited", async () => {
    const { b, row } = await answeredYes();
    await b.trpc.decision.confirm.mutate({
      ruleId: "pricing.late-payment",
      mailTo: { line1: "12 Elm Street", line2: null, city: "Springfield", state: "IL", zip: "62701" },
    });
    const today = await dayAt(row.id, clock);
    const tomorrow = await dayAt(row.id, new Date(clock.getTime() + DAY));
    const underwriter = await signedInStaff(server, "underwriter");
    expect(
      await codeOf(
        underwriter.b.trpc.portal.notices.recordDeclineMailed.mutate({
          applicationId: row.id,
          index: 0,
          mailedOn: today,
        }),
      ),
    ).toBe("FORBIDDEN");

    const closer = await signedInStaff(server, "closer");
    const queued = await closer.b.trpc.portal.notices.ofApplication.query({ applicationId: row.id });
    expect(queued.adverseAction[0]).toMatchObject({
      delivery: "mail",
      mailTo: { line1: "12 Elm Street", zip: "62701" },
      mailedOn: null,
    });
    const before = (await rowOf(row.id)).revision;
    const late = await fieldErrorsOf(
      closer.b.trpc.portal.notices.recordDeclineMailed.mutate({
        applicationId: row.id,
        index: 0,
        mailedOn: tomorrow,
      }),
    );
    expect(late).toEqual([
      expect.objectContaining({ pointer: "/mailedOn", message: expect.stringMatching(/after today/) }),
    ]);
    expect(
      await fieldErrorsOf(
        closer.b.trpc.portal.notices.recordDeclineMailed.mutate({
          applicationId: row.id,
          index: 3,
          mailedOn: today,
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/index" })]);
    expect((await rowOf(row.id)).revision).toBe(before);
    expect((await auditsOf(row.id)).filter(([a]) => String(a).startsWith("decision.noticeMailed"))).toEqual(
      [],
    );

    expect(
      await closer.b.trpc.portal.notices.recordDeclineMailed.mutate({
        applicationId: row.id,
        index: 0,
        mailedOn: today,
      }),
    ).toEqual({ index: 0, mailedOn: today });
    const [decision] = (await appOf(row.id)).doc.decisions as Record<string, unknown>[];
    expect(decision).toMatchObject({ mailedOn: today, mailedBy: closer.id });
    expect(await auditsOf(row.id)).toContainEqual([
      `decision.noticeMailed:pricing.late-payment:${today}`,
      "portal",
    ]);
    // Once: a second record is refused.
    expect(
      await codeOf(
        closer.b.trpc.portal.notices.recordDeclineMailed.mutate({
          applicationId: row.id,
          index: 0,
          mailedOn: today,
        }),
      ),
    ).toBe("CONFLICT");
  });
});

describe("an unconfirmed early decline with no mailing address and no E-SIGN consent", () => {
  const noticeEvents = async () =>
    (
      await server.services.db
        .select()
        .from(messageEvents)
        .where(eq(messageEvents.kind, "adverse-action-notice"))
    ).map((e) => `${e.outcome}:${e.reason}`);

  it("queues no mail and no paper notice: the notice waits on the file as staff's task to find the address", async () => {
    const { row, answeredAt } = await answeredYes();
    const email = (await server.services.db.select().from(users).where(eq(users.id, row.ownerId)))[0]!.email!;
    const before = await noticeEvents();
    clock = new Date(Date.parse(answeredAt) + DAYS() * DAY + 60_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const [decision] = (await appOf(row.id)).doc.decisions as Record<string, any>[];
    expect(decision).toMatchObject({ delivery: "mail", mailedOn: null });
    expect(decision!.mailTo).toBeUndefined();

    // Nothing was queued to an unknown address: the messaging log counts it as held for want of one, and no mail went out.
    const after = await noticeEvents();
    expect(after.filter((e) => e === "queued:unproven")).toHaveLength(
      before.filter((e) => e === "queued:unproven").length,
    );
    expect(after.filter((e) => e === "refused:noAddress")).toHaveLength(
      before.filter((e) => e === "refused:noAddress").length + 1,
    );
    expect(() => newestMail(server.dataDir, email, { containing: /action taken/i })).toThrow();

    // Staff see the task: find the address, then mail it.
    const closer = await signedInStaff(server, "closer");
    const list = await closer.b.trpc.portal.notices.list.query();
    expect(list.notices.find((n) => n.applicationId === row.id)).toMatchObject({
      task: "findAddress",
      mailTo: null,
      mailedOn: null,
    });

    // Recording it mailed needs the address it was mailed to: refused naming the field, saving nothing.
    const today = await dayAt(row.id, clock);
    const revision = (await rowOf(row.id)).revision;
    const record = (mailTo?: Record<string, unknown>) =>
      closer.b.trpc.portal.notices.recordDeclineMailed.mutate({
        applicationId: row.id,
        index: 0,
        mailedOn: today,
        ...(mailTo ? { mailTo: mailTo as never } : {}),
      });
    expect(await fieldErrorsOf(record())).toEqual([
      expect.objectContaining({ pointer: "/mailTo", message: expect.stringMatching(/No mailing address/) }),
    ]);
    expect(
      (
        await fieldErrorsOf(record({ line1: "12 Elm Street", city: "Springfield", state: "IL", zip: "627" }))
      ).map((e) => e.pointer),
    ).toEqual(["/mailTo/zip"]);
    expect((await rowOf(row.id)).revision).toBe(revision);

    const found = { line1: "12 Elm Street", line2: null, city: "Springfield", state: "IL", zip: "62701" };
    expect(await record(found)).toEqual({ index: 0, mailedOn: today });
    const [mailed] = (await appOf(row.id)).doc.decisions as Record<string, any>[];
    expect(mailed).toMatchObject({ mailTo: found, mailedOn: today, mailedBy: closer.id });
    const done = await closer.b.trpc.portal.notices.list.query();
    expect(done.notices.find((n) => n.applicationId === row.id)?.task).toBeNull();
  });
});
