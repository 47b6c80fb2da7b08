// The loan after submission (rules/milestones.json, server/features/loan/): the server owns the
// file's milestone; each move names the role that may take it and what must hold, and gives the
// notices the law asks for. A move without its permission, from another milestone or with a
// requirement unmet is refused and saves nothing; the 30-day decision clock runs from the event
// Regulation B names.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, loanFiles, notificationOutbox } from "@server/persistence/db/schema";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import { receiveApplication } from "@server/features/loan/receive";
import { makePortalUser, signInPortal, twoBorrowerApplicant } from "../helpers/accounts";
import { mailAttachment, pdfProse } from "../helpers/pdf";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

// An injected clock (sessions run on it too, so it stays near the real time unless a test moves it).
const NOW = Date.now();
let clock = new Date(NOW);
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let server: TestServer;
/** The terms beyond the line and APR that the credit agreement states (the margin the fixture's very good credit range was priced at). */
const PACKAGE_TERMS = { margin: 1.24, drawPeriodYears: 10, repaymentPeriodYears: 20 };
beforeAll(async () => {
  server = await testServer({ now: () => clock });
});
afterAll(() => server.close());

const scoreUsed = {
  score: 598,
  model: "FICO Score 8",
  rangeLow: 300,
  rangeHigh: 850,
  createdOn: "2026-11-01",
  rankedAbovePercent: 42,
  agency: {
    name: "Equifax Information Services LLC",
    address: "P.O. Box 740241, Atlanta, GA 30374",
    phone: "(866) 349-5191",
  },
  keyFactors: ["Serious delinquency", "Proportion of balances to credit limits is too high"],
};

/** A submitted two-borrower application: the borrower consented to electronic records and is signed in; the co-borrower has no account. */
const submitted = () => twoBorrowerApplicant(server, { consented: true, walked: true });

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return { ...person, b };
}

const row = async (id: string) =>
  (await server.services.db.select().from(loanFiles).where(eq(loanFiles.applicationId, id)))[0]!;

let underwriter: Awaited<ReturnType<typeof staff>>;
let processor: Awaited<ReturnType<typeof staff>>;
let closer: Awaited<ReturnType<typeof staff>>;
beforeAll(async () => {
  underwriter = await staff("underwriter");
  processor = await staff("processor");
  closer = await staff("closer");
});

describe("the loan file of a submitted application", () => {
  it("opens at the save that submits the application, received at that moment, and the borrowers and the processors are mailed", async () => {
    const who = await submitted();
    const at = new Date(NOW - 2 * DAY);
    const { db } = server.services;
    const app = (await applicationStore(server.services).byId(db, who.applicationId))!;
    const later = await transaction(db, (tx) => receiveApplication(tx, server.services, app, at));
    await later();
    const file = await processor.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    expect(file.receivedAt).toBe(at.toISOString());
    expect(file.decisionClock).toMatchObject({ event: "received", startedAt: at.toISOString() });
    const mails = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.applicationId, who.applicationId));
    const borrowers = mails.filter((m) => m.recipient.startsWith("role:"));
    expect(borrowers.map((m) => [m.template, m.recipient, m.status]).sort()).toEqual([
      ["submitted", "role:borrower", "sent"],
      ["submitted", "role:coborrower", "skipped"],
    ]);
    expect(mails.find((m) => m.recipient === `staff:${processor.id}`)).toMatchObject({
      template: "staff-submitted",
      status: "sent",
    });
    // A closer holds no conditions.clear: not the processor queue.
    expect(mails.find((m) => m.recipient === `staff:${closer.id}`)).toBeUndefined();
    expect(newestMail(server.dataDir, who.email, { containing: /We received your application/ })).toContain(
      "Within 30 days of receiving a complete application",
    );
  });

  it("opens at Submitted, and while documents are missing the 30 days run from the receipt (1002.9(c)(1)), shown in the pipeline", async () => {
    // Received 40 days ago, and still not complete.
    clock = new Date(NOW - 40 * DAY);
    const who = await submitted();
    const file = await processor.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    expect(file.milestone).toBe("submitted");
    expect(file.completedAt).toBeNull();
    expect(file.decisionClock).toMatchObject({ event: "received", overdue: false });
    expect(file.moves.map((m) => m.id)).toEqual(
      expect.arrayContaining(["startReview", "markIncomplete", "decline"]),
    );
    // A processor may not decline: the move is listed, not allowed.
    expect(file.moves.find((m) => m.id === "decline")?.allowed).toBe(false);

    const list = await processor.b.trpc.portal.applications.list.query({ milestone: "submitted" });
    const mine = list.applications.find((a) => a.id === who.applicationId);
    expect(mine?.milestone).toMatchObject({
      id: "submitted",
      label: "Submitted",
      decisionDueOn: file.decisionClock!.dueOn,
    });

    expect(file.decisionClock!.dueOn).toBe(isoDay(NOW - 10 * DAY));
    // Today, past the due day: the file is flagged overdue and the "overdue" filter finds it.
    clock = new Date(NOW);
    const late = await processor.b.trpc.portal.applications.list.query({
      decision: "overdue",
      pageSize: 100,
    });
    expect(late.applications.find((a) => a.id === who.applicationId)?.milestone?.overdue).toBe(true);
  });

  it("refuses a move to a role without its permission, and saves nothing", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const before = await row(who.applicationId);
    const refused = processor.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: 60000, apr: 8, ...PACKAGE_TERMS } },
    });
    expect(await codeOf(refused)).toBe("FORBIDDEN");
    await expect(refused).rejects.toThrow(
      /Your role does not allow "Approve" \(it needs the permission decision\.approve\)/,
    );
    // A closer may not decline either; an underwriter may not fund.
    expect(
      await codeOf(
        closer.b.trpc.portal.loan.move.mutate({
          applicationId: who.applicationId,
          transition: "decline",
          action: { reasons: ["insufficientIncome"] },
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await codeOf(
        underwriter.b.trpc.portal.loan.move.mutate({ applicationId: who.applicationId, transition: "fund" }),
      ),
    ).toBe("FORBIDDEN");
    const after = await row(who.applicationId);
    expect(after.revision).toBe(before.revision);
    expect(after.milestone).toBe("inReview");
  });

  it("refuses a move from a milestone it does not leave, naming where it may be taken", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    const refused = underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: 60000, apr: 8, ...PACKAGE_TERMS } },
    });
    expect(await codeOf(refused)).toBe("CONFLICT");
    await expect(refused).rejects.toThrow(/only from In review/);
    expect((await row(who.applicationId)).milestone).toBe("submitted");
  });

  it("refuses a staff member the applicant's own move, and the applicant nothing of staff's", async () => {
    const who = await submitted();
    expect(
      await codeOf(
        underwriter.b.trpc.portal.loan.move.mutate({
          applicationId: who.applicationId,
          transition: "acceptCounteroffer",
        }),
      ),
    ).toBe("FORBIDDEN");
    // The applicant has no portal session at all.
    expect(
      await codeOf(
        who.b.trpc.portal.loan.move.mutate({ applicationId: who.applicationId, transition: "startReview" }),
      ),
    ).toBe("UNAUTHORIZED");
  });

  it("approves with terms no worse than the offer, and records them and the move in the history and audit trail", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const offered = (await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId }))
      .offer!;
    const done = await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: offered.lineAmount, apr: offered.apr, ...PACKAGE_TERMS } },
    });
    expect(done.milestone).toBe("conditionallyApproved");
    expect(done.terms).toEqual({ lineAmount: offered.lineAmount, apr: offered.apr, ...PACKAGE_TERMS });
    expect(done.decisionClock).toBeNull();
    expect(done.history.map((h) => h.label)).toEqual(["Review started", "Approved"]);
    const audits = await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, who.applicationId));
    expect(audits.map((a) => a.action)).toContain("loan.moved:approve:inReview:conditionallyApproved");
    // Both borrowers are told; only the one with a proven address is mailed.
    const mails = await server.services.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.applicationId, who.applicationId));
    const decision = mails.filter((m) => m.event === "decision");
    expect(decision.map((m) => [m.recipient, m.status]).sort()).toEqual([
      ["role:borrower", "sent"],
      ["role:coborrower", "skipped"],
    ]);
    expect(newestMail(server.dataDir, who.email, { containing: /An update on your application/ })).toContain(
      "Approved, with conditions",
    );
  });

  it("refuses terms worse than the offer as an approval: that is a counteroffer", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const offered = (await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId }))
      .offer!;
    const refused = underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: offered.lineAmount - 10000, apr: offered.apr, ...PACKAGE_TERMS } },
    });
    expect(await codeOf(refused)).toBe("PRECONDITION_FAILED");
    await expect(refused).rejects.toThrow(/no worse for the applicant than the offer/);
  });
});

describe("decline", () => {
  it("needs the credit score on file for a reason from a consumer report, and refuses a reason not in the catalogue by its field", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    const noScore = underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "decline",
      action: { reasons: ["excessiveObligations", "creditScoreInsufficient"] },
    });
    expect(await codeOf(noScore)).toBe("PRECONDITION_FAILED");
    await expect(noScore).rejects.toThrow(/FCRA 615\(a\)/);
    const unknown = await fieldErrorsOf(
      underwriter.b.trpc.portal.loan.move.mutate({
        applicationId: who.applicationId,
        transition: "decline",
        action: { reasons: ["tooRich"] },
      }),
    );
    expect(unknown).toEqual([expect.objectContaining({ pointer: "/action/reasons/0" })]);
    expect((await row(who.applicationId)).milestone).toBe("submitted");
  });

  it("gives each borrower the notice with every reason, the ECOA paragraph and the FCRA 615(a) score: e-delivered with consent, queued for mail without", async () => {
    const who = await submitted();
    await processor.b.trpc.portal.notices.recordCreditScore.mutate({
      applicationId: who.applicationId,
      borrower: "borrower",
      creditScoreUsed: scoreUsed,
    });
    const done = await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "decline",
      action: { reasons: ["excessiveObligations", "creditScoreInsufficient"] },
    });
    expect(done.milestone).toBe("declined");
    expect(done.declineReasons.map((r) => r.code)).toEqual([
      "excessiveObligations",
      "creditScoreInsufficient",
    ]);
    expect(done.notices.map((n) => [n.to, n.kind, n.delivery.via])).toEqual([
      ["borrower", "adverseAction", "electronic"],
      ["coborrower", "adverseAction", "mail"],
    ]);
    const queued = done.notices[1]!.delivery;
    expect(queued.why).toBe("No E-SIGN consent on file");
    expect(queued.mailingAddress).toMatch(/\d{5}/);

    const mail = newestMail(server.dataDir, who.email, {
      containing: /^Subject: Notice of action taken/m,
      raw: true,
    });
    const text = pdfProse(mailAttachment(mail, "adverse-action-notice.pdf")!);
    expect(text).toContain("Excessive obligations in relation to income");
    expect(text).toContain("Credit score from a consumer reporting agency below our minimum");
    expect(text).toMatch(
      /The Federal agency that administers compliance with this law concerning this creditor is \S/,
    );
    expect(text).toContain("Your credit score: 598 (FICO Score 8)");
    expect(text).toContain("Scores range from a low of 300 to a high of 850");
    expect(text).toContain("Key factors that adversely affected your credit score: Serious delinquency");
    expect(text).toContain("Equifax Information Services LLC");
    expect(text).not.toContain("We did not use a consumer report");

    // The pipeline no longer shows a declined file as active, and its clock has stopped.
    const list = await processor.b.trpc.portal.applications.list.query({
      milestone: "declined",
      pageSize: 100,
    });
    const mine = list.applications.find((a) => a.id === who.applicationId)!;
    expect(mine.active).toBe(false);
    expect(mine.milestone).toMatchObject({ label: "Declined", decisionDueOn: null, overdue: false });
    // Nothing leaves a final milestone.
    expect(
      await codeOf(
        underwriter.b.trpc.portal.loan.move.mutate({
          applicationId: who.applicationId,
          transition: "startReview",
        }),
      ),
    ).toBe("CONFLICT");
  });
});

describe("counteroffer", () => {
  it("offers a lower line with its notice; the applicant accepts in their own session and its terms become the approved terms", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const offered = (await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId }))
      .offer!;
    const lower = { lineAmount: offered.lineAmount - 15000, apr: offered.apr, ...PACKAGE_TERMS };
    const made = await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "counteroffer",
      action: { terms: lower, reasons: ["insufficientCollateral"] },
    });
    expect(made.milestone).toBe("counterofferPending");
    expect(made.notices.map((n) => n.kind)).toEqual(["counteroffer", "counteroffer"]);
    const mail = newestMail(server.dataDir, who.email, {
      containing: /^Subject: Notice of counteroffer/m,
      raw: true,
    });
    const text = pdfProse(mailAttachment(mail, "counteroffer-notice.pdf")!);
    expect(text).toContain(`$${lower.lineAmount.toLocaleString("en-US")}`);

    const mine = await who.b.trpc.loan.mine.query();
    expect(mine?.label).toBe("Our offer is waiting for your answer");
    expect(mine?.moves.map((m) => m.id)).toEqual(["acceptCounteroffer", "declineCounteroffer"]);
    expect(mine?.notices).toEqual([expect.objectContaining({ kind: "counteroffer", via: "electronic" })]);

    const accepted = await who.b.trpc.loan.answerCounteroffer.mutate({ answer: "accept" });
    expect(accepted.milestone).toBe("conditionallyApproved");
    expect(accepted.terms).toEqual(lower);
    expect(accepted.counteroffer).toMatchObject({ answer: "accepted" });
    // Answered once: a second answer is refused.
    expect(await codeOf(who.b.trpc.loan.answerCounteroffer.mutate({ answer: "decline" }))).toBe("CONFLICT");
  });
});

describe("notice of incompleteness (1002.9(c)(2))", () => {
  it("names the missing items and a deadline at least the rule's days away; an earlier deadline is refused", async () => {
    const who = await submitted();
    const tooSoon = underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "markIncomplete",
      action: { items: ["Your two most recent pay stubs"], deadline: isoDay(NOW + 3 * DAY) },
    });
    expect(await codeOf(tooSoon)).toBe("PRECONDITION_FAILED");
    const done = await processor.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "markIncomplete",
      action: {
        items: ["Your two most recent pay stubs", "A copy of your homeowner's insurance declarations page"],
        deadline: isoDay(NOW + 15 * DAY),
      },
    });
    expect(done.milestone).toBe("incomplete");
    expect(done.decisionClock).toBeNull();
    const mail = newestMail(server.dataDir, who.email, {
      containing: /^Subject: Notice of incomplete application/m,
      raw: true,
    });
    const text = pdfProse(mailAttachment(mail, "incompleteness-notice.pdf")!);
    expect(text).toContain("Your two most recent pay stubs");
    expect(text).toContain("A copy of your homeowner's insurance declarations page");
    expect(text).toContain(
      new Date(NOW + 15 * DAY).toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      }),
    );
    const mine = await who.b.trpc.loan.mine.query();
    expect(mine?.incomplete).toMatchObject({ deadline: isoDay(NOW + 15 * DAY) });
  });
});

describe("conditions", () => {
  it("are asked from the catalogue, hold the approval until cleared, and the applicant answers an information condition in their session", async () => {
    const who = await submitted();
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const due = isoDay(NOW + 10 * DAY);
    await processor.b.trpc.portal.loan.addCondition.mutate({
      applicationId: who.applicationId,
      code: 405,
      priorTo: "approval",
      dueOn: due,
      borrowers: ["borrower"],
    });
    const asked = await processor.b.trpc.portal.loan.addCondition.mutate({
      applicationId: who.applicationId,
      code: 107,
      priorTo: "approval",
      dueOn: due,
      borrowers: ["borrower"],
      note: "Two inquiries in October",
    });
    const [paystubs, inquiries] = asked.conditions;
    expect(paystubs).toMatchObject({ code: 405, type: "document", status: "open", priorTo: "approval" });
    expect(inquiries).toMatchObject({ code: 107, type: "information", informationType: "long_text" });
    expect(newestMail(server.dataDir, who.email, { containing: /We need something from you/ })).toContain(
      "Explanation of credit inquiries",
    );

    // Bad input names its field and saves nothing.
    expect(
      await fieldErrorsOf(
        processor.b.trpc.portal.loan.addCondition.mutate({
          applicationId: who.applicationId,
          code: 999,
          priorTo: "approval",
          dueOn: due,
          borrowers: ["borrower"],
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/code" })]);
    expect(
      await fieldErrorsOf(
        processor.b.trpc.portal.loan.addCondition.mutate({
          applicationId: who.applicationId,
          code: 405,
          priorTo: "approval",
          dueOn: due,
          borrowers: ["cousin"],
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/borrowers/0" })]);

    // The approval waits for the conditions before approval.
    const offered = asked.offer!;
    const early = underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: offered.lineAmount, apr: offered.apr, ...PACKAGE_TERMS } },
    });
    expect(await codeOf(early)).toBe("PRECONDITION_FAILED");
    await expect(early).rejects.toThrow(/Every condition to be cleared before approval is cleared or waived/);

    // The borrower sees what is asked of them and answers in their own session.
    const mine = await who.b.trpc.loan.mine.query();
    expect(mine?.conditions.map((c) => [c.label, c.status, c.dueOn])).toEqual([
      ["Pay stubs", "open", due],
      ["Explanation of credit inquiries", "open", due],
    ]);
    expect(
      await codeOf(
        who.b.trpc.loan.answerCondition.mutate({
          conditionId: paystubs!.id,
          answers: { text: "see upload" },
        }),
      ),
    ).toBe("PRECONDITION_FAILED");
    const answered = await who.b.trpc.loan.answerCondition.mutate({
      conditionId: inquiries!.id,
      answers: { text: "We shopped for a car loan and took the first offer." },
    });
    expect(answered.conditions.find((c) => c.id === inquiries!.id)).toMatchObject({ status: "answered" });

    // Clearing needs conditions.clear: a closer may not.
    expect(
      await codeOf(
        closer.b.trpc.portal.loan.decideCondition.mutate({
          applicationId: who.applicationId,
          conditionId: inquiries!.id,
          outcome: "cleared",
        }),
      ),
    ).toBe("FORBIDDEN");
    await processor.b.trpc.portal.loan.decideCondition.mutate({
      applicationId: who.applicationId,
      conditionId: inquiries!.id,
      outcome: "cleared",
    });
    const waived = await processor.b.trpc.portal.loan.decideCondition.mutate({
      applicationId: who.applicationId,
      conditionId: paystubs!.id,
      outcome: "waived",
    });
    expect(waived.conditions.map((c) => c.status)).toEqual(["waived", "cleared"]);
    const approved = await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "approve",
      action: { terms: { lineAmount: offered.lineAmount, apr: offered.apr, ...PACKAGE_TERMS } },
    });
    expect(approved.milestone).toBe("conditionallyApproved");
  });
});

describe("an information condition's form", () => {
  it("is sent with the condition, drawn from its informationType's schema; a bad answer is refused naming the field and saves nothing", async () => {
    const who = await submitted();
    const asked = await processor.b.trpc.portal.loan.addCondition.mutate({
      applicationId: who.applicationId,
      code: 101,
      priorTo: "approval",
      dueOn: isoDay(NOW + 10 * DAY),
      borrowers: ["borrower"],
    });
    const condition = asked.conditions.find((c) => c.code === 101)!;
    const mine = await who.b.trpc.loan.mine.query();
    const shown = mine!.conditions.find((c) => c.id === condition.id)!;
    expect(shown).toMatchObject({ informationType: "address", form: { schema: { type: "object" } } });
    expect(Object.keys((shown.form!.schema as { properties: object }).properties)).toEqual([
      "line1",
      "line2",
      "city",
      "state",
      "zip",
    ]);

    const before = (await row(who.applicationId)).revision;
    const refused = who.b.trpc.loan.answerCondition.mutate({
      conditionId: condition.id,
      answers: { line1: "12 Elm Street", city: "Denver", state: "ZZ", zip: "802", county: "Denver" },
    });
    const errors = await fieldErrorsOf(refused);
    expect(errors.map((e) => e.pointer).sort()).toEqual([
      "/answers/county",
      "/answers/state",
      "/answers/zip",
    ]);
    expect(errors.find((e) => e.pointer === "/answers/zip")!.message).toMatch(/ZIP code/);
    // Nothing saved: the file's revision, the condition and the audit trail are as they were.
    expect((await row(who.applicationId)).revision).toBe(before);
    const still = (await who.b.trpc.loan.mine.query())!.conditions.find((c) => c.id === condition.id)!;
    expect(still).toMatchObject({ status: "open", answeredAt: null });
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, who.applicationId));
    expect(audits.filter((a) => a.action.startsWith("loan.condition:101:answered"))).toEqual([]);

    const answered = await who.b.trpc.loan.answerCondition.mutate({
      conditionId: condition.id,
      answers: { line1: "12 Elm Street", line2: null, city: "Denver", state: "CO", zip: "80202" },
    });
    expect(answered.conditions.find((c) => c.id === condition.id)).toMatchObject({ status: "answered" });
    const after = (await who.b.trpc.loan.mine.query())!.conditions.find((c) => c.id === condition.id)!;
    // Answered: no form any more.
    expect(after).toMatchObject({ status: "answered", form: null });
    const audited = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, who.applicationId));
    expect(audited.map((a) => a.action)).toContain("loan.condition:101:answered:borrower");
    // At rest the street line is sealed, as the application's own address lines are
    // (schemas/address.json "sealed"); the staff who review it read it as given.
    const document = (await row(who.applicationId)).document;
    expect(document).not.toContain("12 Elm Street");
    const stored = JSON.parse(document);
    const kept = stored.conditions.find((c: { id: string }) => c.id === condition.id).answers.borrower.answer;
    expect(server.services.cipher.isSealed(kept.line1)).toBe(true);
    expect(server.services.cipher.decrypt(kept.line1)).toBe("12 Elm Street");
    expect(kept).toMatchObject({ line2: null, city: "Denver", state: "CO", zip: "80202" });
    const file = await processor.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    expect(file.conditions.find((c) => c.id === condition.id)!.answers!.borrower!.answer).toEqual({
      line1: "12 Elm Street",
      line2: null,
      city: "Denver",
      state: "CO",
      zip: "80202",
    });
  });

  it("keeps a written answer sealed at rest: the stored file does not hold its words; staff read them", async () => {
    const who = await submitted();
    const asked = await processor.b.trpc.portal.loan.addCondition.mutate({
      applicationId: who.applicationId,
      code: 104,
      priorTo: "approval",
      dueOn: isoDay(NOW + 10 * DAY),
      borrowers: ["borrower"],
    });
    const condition = asked.conditions.find((c) => c.code === 104)!;
    const words = "I rented at 44 Larimer Street in Denver from 2019 to 2021.";
    await who.b.trpc.loan.answerCondition.mutate({ conditionId: condition.id, answers: { text: words } });
    const document = (await row(who.applicationId)).document;
    expect(document).not.toContain("Larimer");
    const file = await processor.b.trpc.portal.loan.get.query({ applicationId: who.applicationId });
    expect(file.conditions.find((c) => c.id === condition.id)!.answers!.borrower!.answer).toEqual({
      text: words,
    });
  });
});

describe("withdrawal", () => {
  it("is recorded by a processor with no notice of action (1002.9(e)), and the file is no longer active", async () => {
    const who = await submitted();
    const done = await processor.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "withdraw",
    });
    expect(done.milestone).toBe("withdrawn");
    expect(done.notices).toEqual([]);
    expect(done.decisionClock).toBeNull();
    const list = await processor.b.trpc.portal.applications.list.query({
      milestone: "withdrawn",
      pageSize: 100,
    });
    expect(list.applications.find((a) => a.id === who.applicationId)?.active).toBe(false);
    expect((await who.b.trpc.loan.mine.query())?.label).toBe("Withdrawn");
  });
});
